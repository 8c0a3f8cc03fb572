import { asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isAll, type Scope } from '../lib/scope.ts';
import type { DbOrTx } from './client.ts';

// The SQL building blocks the repositories share. They live under db/ because only repositories, db/ and jobs/
// may import drizzle-orm (biome.json, noRestrictedImports): services cannot build a query, so every query is a
// repository function and every repository function on partner-owned data takes the caller's scope.

/** Runs raw SQL and returns its rows the same way on PGlite and node-postgres. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A list of ids for `in (…)`: each a typed uuid parameter. Callers handle the empty list (`in ()` is invalid). */
export const uuidList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}::uuid`),
    sql`, `,
  );

/** ` where a and b …` of the conditions present; nothing when none is. */
export const whereOf = (conditions: readonly (SQL | undefined)[]): SQL => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? sql` where ${sql.join(present, sql` and `)}` : sql``;
};

/** A plan node of EXPLAIN (FORMAT JSON): its fields as PostgreSQL names them ("Node Type", "Plan Rows", "Plans"…). */
export type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** The top plan node of `query` from EXPLAIN (FORMAT JSON), whichever way the driver hands the JSON over. */
export async function explainPlan(db: DbOrTx, query: SQL): Promise<PlanNode | undefined> {
  const [row] = await rows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = row ? Object.values(row)[0] : undefined;
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return (parsed as { Plan?: PlanNode }[] | undefined)?.[0]?.Plan;
}

/** A plan node's row estimate (0 when there is none). */
export function plannedRows(plan: PlanNode | undefined): number {
  const planned = plan?.['Plan Rows'];
  return typeof planned === 'number' && Number.isFinite(planned) ? Math.round(planned) : 0;
}

/**
 * How many rows `from` (a FROM … WHERE clause) holds: exact up to `max`, the scan stopping at max + 1 rows; above,
 * the planner's estimate, flagged and never less than max + 1 (planners err low on combined filters).
 */
export async function cappedCount(
  db: DbOrTx,
  from: SQL,
  max: number,
): Promise<{ count: number; countIsEstimate: boolean }> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 ${from} limit ${max + 1}) s`,
  );
  const n = Number(row?.n ?? 0);
  if (n <= max) return { count: n, countIsEstimate: false };
  return { count: await estimatedCount(db, from, max), countIsEstimate: true };
}

/** The planner's estimate of the rows `from` holds, asked once more than `max` are known: never less than max + 1. */
export async function estimatedCount(db: DbOrTx, from: SQL, max: number): Promise<number> {
  return Math.max(plannedRows(await explainPlan(db, sql`select 1 ${from}`)), max + 1);
}

/** Maps a `{ key, direction }` sort from contracts to an ORDER BY, with a stable tie-breaker. */
export function orderBy<K extends string>(
  sort: { key: K; direction: 'asc' | 'desc' },
  columns: Record<K, AnyPgColumn | SQL>,
  tieBreaker: AnyPgColumn,
): SQL[] {
  const column = columns[sort.key];
  return [sort.direction === 'asc' ? asc(column) : desc(column), asc(tieBreaker)];
}

/** SQL condition that keeps rows of in-scope partners; repos add it to every partner-owned query. */
export function inScope(scope: Scope, partnerColumn: AnyPgColumn): SQL | undefined {
  if (isAll(scope)) return undefined;
  return scope.length ? inArray(partnerColumn, [...scope]) : sql`false`;
}

/** The same condition on a column named in raw SQL (`o.partner_id`), for repositories written in SQL. */
export function inScopeSql(scope: Scope, partnerColumn: SQL): SQL | undefined {
  if (isAll(scope)) return undefined;
  return scope.length ? sql`${partnerColumn} in (${uuidList(scope)})` : sql`false`;
}
