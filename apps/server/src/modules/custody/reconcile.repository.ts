import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

// SQL of reconciliation: what the chain should hold against what the ledger owes.

/** Every address that has received a user's deposit on the network (the unswept funds sit there). */
export async function depositAddressesInUse(db: Database, network: string): Promise<string[]> {
  const rows = await db
    .selectFrom('deposits')
    .select('address')
    .distinct()
    .where('network', '=', network)
    .where('user_id', 'is not', null)
    .execute();
  return rows.map((r) => r.address);
}

/**
 * What the database knows is under way for an asset at the scanner's block `height`, in chain units:
 * deposits seen but not credited; dust (chain amounts below a ledger unit: of credited deposits, and of
 * gas booked rounded up); withdrawals the ledger has sent that are not mined (or reverted, not yet final);
 * gas burnt in mined transactions not yet final (native coin only).
 */
export async function underWay(
  db: Database,
  network: string,
  assetId: number,
  scale: bigint,
  native: boolean,
  height: bigint,
) {
  const { rows } = await sql<{ pending: string; dust: string; in_flight: string; gas: string }>`
    select
      (select coalesce(sum(raw_amount), 0) from deposits
        where network = ${network} and asset_id = ${assetId} and status = 'PENDING' and block_height <= ${height})::text as pending,
      ((select coalesce(sum(raw_amount - amount * ${scale}::numeric), 0) from deposits
        where network = ${network} and asset_id = ${assetId} and status = 'CREDITED' and raw_amount is not null)
       + case when ${native} then (select coalesce(sum(fee_units * ${scale}::numeric - gas_used * effective_gas_price), 0)
           from evm_transactions where network = ${network} and status in ('CONFIRMED', 'REVERTED')) else 0 end)::text as dust,
      (select coalesce(sum(w.amount * ${scale}::numeric), 0) from withdrawals w
        where w.asset_id = ${assetId} and w.status = 'BROADCAST' and w.broadcast_height is null
          and not exists (select 1 from evm_transactions e where e.withdrawal_id = w.withdrawal_id
            and e.status = 'SENT' and e.block_number <= ${height} and e.succeeded))::text as in_flight,
      (case when ${native} then (select coalesce(sum(gas_used * effective_gas_price), 0) from evm_transactions
        where network = ${network} and status = 'SENT' and block_number <= ${height}) else 0 end)::text as gas`.execute(
    db,
  );
  const row = rows[0]!;
  return {
    pending: BigInt(row.pending),
    dust: BigInt(row.dust),
    inFlight: BigInt(row.in_flight),
    gas: BigInt(row.gas),
  };
}

/** The ledger's `chain` account for an asset (negative: what came in from the chain) and what users hold. */
export async function ledgerSide(db: Database, assetId: number) {
  const { rows } = await sql<{ chain: string; users: string }>`
    select
      (select coalesce(sum(balance), 0) from ledger_accounts where system_name = 'chain' and asset_id = ${assetId})::text as chain,
      (select coalesce(sum(balance), 0) from ledger_accounts where user_id is not null and asset_id = ${assetId})::text as users`.execute(
    db,
  );
  return { chain: BigInt(rows[0]!.chain), users: BigInt(rows[0]!.users) };
}

/** Approved withdrawals that wait, and why (the hot wallet is short, say). */
export function waitingWithdrawals(db: Database) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('assets as a', 'a.asset_id', 'w.asset_id')
    .select(['w.withdrawal_id', 'w.amount', 'w.waiting_reason', 'a.symbol', 'a.decimals'])
    .where('w.status', '=', 'PROCESSING')
    .where('w.waiting_reason', 'is not', null)
    .orderBy('w.withdrawal_id')
    .execute();
}
