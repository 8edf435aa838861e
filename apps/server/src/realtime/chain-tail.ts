import type { TAssetTransaction } from '@fit24/contract';
import type { AppContext } from '../context.ts';
import * as chainRepo from '../modules/chain/chain.repository.ts';
import * as history from '../modules/funds/history.ts';
import type { Hub } from './hub.ts';
import { Poller } from './poller.ts';

/**
 * Live confirmations: each second, when a network's height moved or a deposit or withdrawal changed, the
 * users listening on `transactions` get the lines of theirs that are on chain and differ from what they
 * were last sent (its confirmations or its status). A line that reached its end is sent once more, then
 * forgotten. Any process serves it: everything is read from the database.
 */
export class ChainTail extends Poller {
  private heights = '';
  private since: Date;
  /** What each line looked like when last sent: `confirmations/status`. */
  private readonly sent = new Map<number, string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: Hub,
  ) {
    super();
    this.since = ctx.clock.now();
  }

  protected async step(): Promise<void> {
    const listening = [...this.hub.listeners('transactions')];
    if (listening.length === 0) {
      this.sent.clear();
      return;
    }
    const heights = JSON.stringify(await chainRepo.heights(this.ctx.db));
    const now = this.ctx.clock.now();
    // Look back a little: a status written by another process commits after its own clock reading.
    const since = new Date(Math.min(this.since.getTime(), now.getTime()) - 5_000);
    const moving = await history.onChain(this.ctx, listening, since);
    if (
      heights === this.heights &&
      moving.every((m) => this.sent.get(m.transaction.id) === key(m.transaction))
    )
      return;
    this.heights = heights;
    this.since = now;
    const byUser = new Map<bigint, TAssetTransaction[]>();
    for (const { userId, transaction } of moving) {
      if (this.sent.get(transaction.id) === key(transaction)) continue;
      this.sent.set(transaction.id, key(transaction));
      byUser.set(userId, [...(byUser.get(userId) ?? []), transaction]);
    }
    for (const [userId, transactions] of byUser)
      this.hub.publishToUser(userId, { channel: 'transactions', type: 'update', data: { transactions } });
    const live = new Set(moving.map((m) => m.transaction.id));
    for (const id of this.sent.keys()) if (!live.has(id)) this.sent.delete(id);
  }
}

const key = (t: TAssetTransaction) => `${t.confirmations}/${t.status}/${t.txid}`;
