import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

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

export const toIso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
export const toIsoOrNull = (d: Date | string | null) => (d === null ? null : toIso(d));

/** A plan node of EXPLAIN (FORMAT JSON): its fields as PostgreSQL names them ("Node Type", "Plan Rows", "Plans"…). */
export type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** The top plan node of `query` from EXPLAIN (FORMAT JSON), whichever way the driver hands the JSON over. */
export async function explainPlan(db: DbOrTx, query: SQL): Promise<PlanNode | undefined> {
  const [row] = await rows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = row ? Object.values(row)[0] : undefined;
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return (parsed as { Plan?: PlanNode }[] | undefined)?.[0]?.Plan;
}

/** The names a row about a customer of a partner and an asset category carries, as the list queries select them. */
export interface CustomerPartnerCategoryNames {
  customer_id: string;
  first_name: string;
  last_name: string;
  phone_no: string;
  partner_id: string;
  partner_name: string;
  category_id: string;
  category_name: string;
}

/** Those names as the API answers them. */
export const customerPartnerCategoryRefs = (r: CustomerPartnerCategoryNames) => ({
  customer: { id: r.customer_id, name: `${r.first_name} ${r.last_name}`.trim(), phoneNo: r.phone_no },
  partner: { id: r.partner_id, name: r.partner_name },
  assetCategory: { id: r.category_id, name: r.category_name },
});
