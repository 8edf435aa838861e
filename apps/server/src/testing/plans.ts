import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** A plan node as EXPLAIN (FORMAT JSON) writes it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Keeps every statement a database handle is asked to run, as Kysely built it. */
class Statements implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    this.nodes.push(node);
    return node;
  }
  async transformResult<T>({ result }: { result: T }): Promise<T> {
    return result;
  }
}

const ROLL_BACK = new Error('rolled back: the plans were read');

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** How a plan node reads its table: `Seq Scan`, `Index Scan <index>`, `Bitmap <index>`… */
function readOf(node: PlanNode): string {
  if (node['Node Type'] === 'Bitmap Heap Scan') {
    const indexes = nodesOf(node).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
    return `Bitmap ${indexes.join(' ')}`;
  }
  return `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim();
}

/**
 * How the database would read `table` in each statement `run` makes, with sequential scans priced out: the
 * plan the table gets once it holds millions of rows, whatever the test put in it. One entry per node that
 * reads the table (its writes left out), over all the statements. `run` runs in a transaction that is
 * rolled back after.
 */
export async function readsOf(
  db: Database,
  table: string,
  run: (db: Database) => Promise<unknown>,
): Promise<string[]> {
  const reads: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const statements = new Statements();
      await run(trx.withPlugin(statements));
      for (const node of statements.nodes) {
        const query = trx.getExecutor().compileQuery(node, createQueryId());
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
        );
        const plan = rows[0]?.['QUERY PLAN'][0].Plan;
        if (!plan) throw new Error(`no plan for ${query.sql}`);
        reads.push(
          ...nodesOf(plan)
            .filter((n) => n['Relation Name'] === table && n['Node Type'] !== 'ModifyTable')
            .map(readOf),
        );
      }
      throw ROLL_BACK;
    });
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  return reads;
}
