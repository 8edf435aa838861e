import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { cancelsAskedQuery } from '../pipeline/pipeline.repository.ts';
import { pendingOrdersQuery } from './cluster.repository.ts';

/** A plan node as EXPLAIN (FORMAT JSON) writes it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * How the database would read `orders` for a query, with sequential scans priced out (the plan a table of
 * millions of rows gets): every node that reads the table, as `<node type> <index>`.
 */
async function ordersReads(
  db: Database,
  query: (db: Database) => { explain(format: 'json'): Promise<Record<string, unknown>[]> },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const [row = {}] = await query(trx).explain('json');
    const [{ Plan: plan }] = row['QUERY PLAN'] as [{ Plan: PlanNode }];
    return nodesOf(plan)
      .filter((node) => node['Relation Name'] === 'orders')
      .map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
  });
}

// Found with auto_explain under the orders bench: both reads scanned the whole orders table (≈ 32 ms at
// 40,000 orders), every second for every market a process owns. The cancel index left out UNTRIGGERED,
// an open status since stop orders; the pending orders had no index at all.
describe.each(databasesUnderTest())('what a market owner reads every second, on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the orders left pending for it through their own index', async () => {
    const reads = await ordersReads(t.ctx.db, (db) => pendingOrdersQuery(db, 1));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read).toMatch(/^(Index|Bitmap Index) Scan orders_pending_idx$/);
  });

  it('finds the cancels asked of it through their own index', async () => {
    const reads = await ordersReads(t.ctx.db, (db) => cancelsAskedQuery(db, 1));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read).toMatch(/^(Index|Bitmap Index) Scan orders_cancel_requested_idx$/);
  });
});
