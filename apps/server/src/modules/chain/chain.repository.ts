import type { Database } from '../../db/database.ts';

/** The simulated chain's height, or undefined before its first block. */
export async function findDevnetHeight(db: Database, network: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('devnet_chain')
    .select('height')
    .where('network', '=', network)
    .executeTakeFirst();
  return row?.height;
}

/** The development chains' heights, by network. */
export async function devnetHeights(db: Database): Promise<Record<string, number>> {
  const rows = await db.selectFrom('devnet_chain').selectAll().orderBy('network').execute();
  return Object.fromEntries(rows.map((r) => [r.network, Number(r.height)]));
}

/** Every development chain moves `blocks` blocks on. */
export async function mineDevnet(db: Database, blocks: number): Promise<void> {
  await db
    .updateTable('devnet_chain')
    .set((eb) => ({ height: eb('height', '+', BigInt(blocks)) }))
    .execute();
}
