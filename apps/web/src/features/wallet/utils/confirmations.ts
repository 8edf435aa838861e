import type { TAssetTransaction } from '@fit24/contract';

type Tx = Pick<TAssetTransaction, 'type' | 'status' | 'confirmations' | 'required_confirmations'>;

export interface ConfirmationsView {
  /** Blocks so far, capped at what is required once the line is final (12 of 6 reads as done). */
  done: number;
  required: number;
  /** Still counting: a deposit not yet credited, a withdrawal sent but not yet final. */
  counting: boolean;
  /** 0 to 1, for a progress bar. */
  progress: number;
}

/**
 * The confirmations worth showing for a history line, or null: only for a line on chain (a deposit, or a
 * withdrawal once it was sent) that is counting or completed. A withdrawal waiting for approval or to be
 * sent has no block yet, and a failed or refused line has nothing left to count.
 */
export function confirmationsOf(tx: Tx): ConfirmationsView | null {
  const { confirmations, required_confirmations: required } = tx;
  if (confirmations === null || required === null || required <= 0) return null;
  const counting = tx.type === 'DEPOSIT' ? tx.status === 'PENDING' : tx.status === 'BROADCAST';
  if (!counting && tx.status !== 'COMPLETED') return null;
  const done = counting ? Math.max(0, Math.min(confirmations, required)) : required;
  return { done, required, counting, progress: done / required };
}

/** Under a line's amount in a list: "2/6 confirmations" while it counts, else nothing. */
export function confirmationsShort(tx: Tx): string | null {
  const view = confirmationsOf(tx);
  return view?.counting ? `${view.done}/${view.required} confirmations` : null;
}

/** On a transaction's page: "2 of 6 confirmations" ("1 of 1 confirmation"). */
export function confirmationsLong(view: ConfirmationsView): string {
  return `${view.done} of ${view.required} confirmation${view.required === 1 ? '' : 's'}`;
}

/**
 * What a line's status means for the user, in a sentence (null when the chip says it all: a trade, a
 * transfer). `required` is how many confirmations complete it, when known.
 */
export function statusSentence(
  type: TAssetTransaction['type'],
  status: TAssetTransaction['status'],
  required: number | null = null,
): string | null {
  const after =
    required === null
      ? 'once the network confirms it'
      : `after ${required} confirmation${required === 1 ? '' : 's'}`;
  if (type === 'DEPOSIT') {
    switch (status) {
      case 'PENDING':
        return `Seen on the network. It is credited to your balance ${after}.`;
      case 'COMPLETED':
        return 'Credited to your balance.';
      case 'FAILED':
        return 'The block that held this deposit left the chain (a reorganisation). Nothing was credited.';
      default:
        return null;
    }
  }
  if (type === 'WITHDRAWAL') {
    switch (status) {
      case 'PENDING':
        return 'Waiting for approval. We check every withdrawal before it is sent, and notify you when it moves on.';
      case 'PROCESSING':
        return 'Approved — being sent to the network.';
      case 'BROADCAST':
        return `Sent to the network. It completes ${after}.`;
      case 'COMPLETED':
        return 'Completed: confirmed on the network.';
      case 'FAILED':
        return 'The transaction failed on the network. The amount and fee were returned to your balance.';
      case 'REJECTED':
        return 'Rejected by our team. The amount and fee were returned to your balance.';
      case 'CANCELLED':
        return 'Cancelled. The amount and fee were returned to your balance.';
    }
  }
  return null;
}
