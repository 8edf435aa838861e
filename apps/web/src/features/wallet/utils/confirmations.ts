import type { TAssetTransaction } from '@fit24/contract';
import type { TFunction } from 'i18next';

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
export function confirmationsShort(t: TFunction<'wallet'>, tx: Tx): string | null {
  const view = confirmationsOf(tx);
  return view?.counting ? t('confirmations.short', { done: view.done, count: view.required }) : null;
}

/** On a transaction's page: "2 of 6 confirmations" ("1 of 1 confirmation"). */
export function confirmationsLong(t: TFunction<'wallet'>, view: ConfirmationsView): string {
  return t('confirmations.long', { done: view.done, count: view.required });
}

/**
 * What a line's status means for the user, in a sentence (null when the chip says it all: a trade, a
 * transfer). `required` is how many confirmations complete it, when known.
 */
export function statusSentence(
  t: TFunction<'wallet'>,
  type: TAssetTransaction['type'],
  status: TAssetTransaction['status'],
  required: number | null = null,
): string | null {
  const after = required === null ? t('status.afterUnknown') : t('status.after', { count: required });
  if (type === 'DEPOSIT') {
    switch (status) {
      case 'PENDING':
        return t('status.deposit.pending', { after });
      case 'COMPLETED':
        return t('status.deposit.completed');
      case 'FAILED':
        return t('status.deposit.failed');
      default:
        return null;
    }
  }
  if (type === 'WITHDRAWAL') {
    switch (status) {
      case 'PENDING':
        return t('status.withdrawal.pending');
      case 'PROCESSING':
        return t('status.withdrawal.processing');
      case 'BROADCAST':
        return t('status.withdrawal.broadcast', { after });
      case 'COMPLETED':
        return t('status.withdrawal.completed');
      case 'FAILED':
        return t('status.withdrawal.failed');
      case 'REJECTED':
        return t('status.withdrawal.rejected');
      case 'CANCELLED':
        return t('status.withdrawal.cancelled');
    }
  }
  return null;
}
