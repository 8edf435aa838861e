import type { Database } from '../../db/database.ts';

/** A network's height (a devnet's, or the last block the EVM scanner read), or undefined before any. */
export async function findHeight(db: Database, network: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('chain_heights')
    .select('height')
    .where('network', '=', network)
    .executeTakeFirst();
  return row?.height;
}

/** Every network's height, by network. */
export async function heights(db: Database): Promise<Record<string, number>> {
  const rows = await db.selectFrom('chain_heights').selectAll().orderBy('network').execute();
  return Object.fromEntries(rows.map((r) => [r.network, Number(r.height)]));
}

/** The simulated networks move `blocks` blocks on (a real chain's height is the scanner's alone). */
export async function mineDevnet(db: Database, networks: string[], blocks: number): Promise<void> {
  if (networks.length === 0) return;
  await db
    .updateTable('chain_heights')
    .set((eb) => ({ height: eb('height', '+', BigInt(blocks)) }))
    .where('network', 'in', networks)
    .execute();
}
