import type { ControlledTransaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * A market worker's batch transactions, the next one begun ahead: on PostgreSQL, once a batch is admitted
 * and more commands wait, the next batch's connection is taken and BEGIN sent (no lock, and under READ
 * COMMITTED no snapshot either), so that round trip overlaps this batch's matching, writes and commit. The
 * next batch's statements still run after this batch has committed (the worker runs one batch at a time),
 * so they read what it wrote. PGlite has one connection: nothing is begun ahead there.
 */
export class TransactionAhead {
  private next: Promise<ControlledTransaction<DB> | null> | null = null;

  constructor(
    private readonly db: Database,
    private readonly enabled: boolean,
  ) {}

  /** The batch's transaction: the one begun ahead for it, else a new one. */
  async take(): Promise<ControlledTransaction<DB>> {
    const ahead = this.next;
    this.next = null;
    if (ahead) {
      const trx = await ahead;
      if (trx) return trx;
    }
    return this.db.startTransaction().execute();
  }

  /** Begins the next batch's transaction now, unless one is begun already. */
  beginNext(): void {
    if (this.next || !this.enabled) return;
    // A failure here is the next batch's to meet: it then begins its own transaction.
    this.next = this.db
      .startTransaction()
      .execute()
      .catch(() => null);
  }

  /** Gives the transaction begun ahead back unused (a batch failed, or nothing is left to run). */
  drop(): void {
    const ahead = this.next;
    this.next = null;
    void ahead?.then((trx) =>
      trx
        ?.rollback()
        .execute()
        .catch(() => {}),
    );
  }
}
