import { type RawBuilder, sql } from 'kysely';

/** A column of `unnest`: its SQL type and how to read it from a row. */
export type UnnestColumn<R> = readonly [type: UnnestType, value: (row: R) => unknown];
type UnnestType = 'bigint' | 'int' | 'text' | 'boolean' | 'timestamptz' | 'date' | 'numeric';

/**
 * Rows as a table, one parameter per column: `unnest($1::bigint[], $2::text[], …) as alias(a, b, …)`.
 * A batch statement then costs the same to send, parse and plan for one row as for a thousand, where
 * `VALUES` binds one parameter per cell (DESIGN §9). Types come from code, never from input.
 */
export function unnestRows<R>(
  alias: string,
  rows: readonly R[],
  columns: Record<string, UnnestColumn<R>>,
): RawBuilder<unknown> {
  const names = Object.keys(columns);
  const arrays = names.map((name) => {
    const [type, value] = columns[name]!;
    return sql`${rows.map(value)}::${sql.raw(type)}[]`;
  });
  return sql`unnest(${sql.join(arrays)}) as ${sql.id(alias)}(${sql.join(names.map((name) => sql.id(name)))})`;
}

/** `insert into table (a, b, …) select * from unnest(…)`: many rows in one statement of few parameters. */
export function insertRows<R>(
  table: string,
  rows: readonly R[],
  columns: Record<string, UnnestColumn<R>>,
): RawBuilder<unknown> {
  const names = sql.join(Object.keys(columns).map((name) => sql.id(name)));
  return sql`insert into ${sql.table(table)} (${names}) select * from ${unnestRows('v', rows, columns)}`;
}
