import type { RentingIntentListQuery } from '@fleetdesk/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rentingIntents } from '../../db/schema/index.ts';
import { inScope, inScopeSql, rows, whereOf } from '../../db/sql.ts';
import { likePattern } from '../../lib/paging.ts';
import type { CustomerPartnerCategoryNames } from '../../lib/rows.ts';
import type { Scope } from '../../lib/scope.ts';

/** Renting intents belong to their partner: every read and write here is bounded by the caller's scope. */

export interface IntentRow extends CustomerPartnerCategoryNames {
  id: string;
  site_id: string | null;
  site_name: string | null;
  appointment_start_from: Date | string;
  appointment_start_to: Date | string;
  status: string;
  order_id: string | null;
  order_no: string | null;
  note: string | null;
  cancel_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const columns = sql`i.id, i.customer_id, c.first_name, c.last_name, c.phone_no, i.partner_id, p.name as partner_name,
  i.asset_category_id as category_id, ac.name as category_name, i.site_id, s.name as site_name,
  i.appointment_start_from, i.appointment_start_to, i.status, i.order_id, o.order_no, i.note, i.cancel_reason,
  i.created_at, i.updated_at`;
const from = sql`from renting_intents i join customers c on c.id = i.customer_id join partners p on p.id = i.partner_id
  join asset_categories ac on ac.id = i.asset_category_id left join sites s on s.id = i.site_id
  left join orders o on o.id = i.order_id`;
const sortColumns = { createdAt: sql`i.created_at`, appointmentStartFrom: sql`i.appointment_start_from` } as const;

function filtersOf(scope: Scope, q: Omit<RentingIntentListQuery, 'pageNo' | 'pageSize' | 'sort'>) {
  const where: (SQL | undefined)[] = [inScopeSql(scope, sql`i.partner_id`)];
  if (q.search) {
    const like = likePattern(q.search);
    where.push(sql`(c.phone_no ilike ${like} or (c.first_name || ' ' || c.last_name) ilike ${like})`);
  }
  if (q.status) where.push(sql`i.status = ${q.status}`);
  if (q.partnerId) where.push(sql`i.partner_id = ${q.partnerId}`);
  if (q.assetCategoryId) where.push(sql`i.asset_category_id = ${q.assetCategoryId}`);
  if (q.siteId) where.push(sql`i.site_id = ${q.siteId}`);
  if (q.customerId) where.push(sql`i.customer_id = ${q.customerId}`);
  if (q.appointmentFrom) where.push(sql`i.appointment_start_from >= ${q.appointmentFrom}`);
  if (q.appointmentTo) where.push(sql`i.appointment_start_from <= ${q.appointmentTo}`);
  return whereOf(where);
}

/** A page of the intents in scope matching the filters, and how many match. */
export async function list(
  db: DbOrTx,
  scope: Scope,
  q: Omit<RentingIntentListQuery, 'pageNo' | 'pageSize'>,
  page: { limit: number; offset: number },
) {
  const { sort, ...filters } = q;
  const where = filtersOf(scope, filters);
  const direction = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [found, [total]] = await Promise.all([
    rows<IntentRow>(
      db,
      sql`select ${columns} ${from}${where} order by ${sortColumns[sort.key]} ${direction}, i.id
          limit ${page.limit} offset ${page.offset}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${from}${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

/** One intent; nothing when it is missing or outside the scope. `lock` holds it for the transaction. */
export async function byId(db: DbOrTx, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const [row] = await rows<IntentRow>(
    db,
    sql`select ${columns} ${from} where i.id = ${id}${whereAnd(inScopeSql(scope, sql`i.partner_id`))}
        ${opts.lock ? sql`for update of i` : sql``}`,
  );
  return row;
}

const whereAnd = (condition: SQL | undefined) => (condition ? sql` and ${condition}` : sql``);
const intentIn = (scope: Scope, id: string) => and(eq(rentingIntents.id, id), inScope(scope, rentingIntents.partnerId));

/** The fields of an intent staff change. */
export type IntentValues = Partial<
  Pick<
    typeof rentingIntents.$inferInsert,
    'appointmentStartFrom' | 'appointmentStartTo' | 'siteId' | 'status' | 'cancelReason' | 'note'
  >
>;

export async function update(db: DbOrTx, scope: Scope, id: string, values: IntentValues) {
  await db
    .update(rentingIntents)
    .set({ ...values, updatedAt: new Date() })
    .where(intentIn(scope, id));
}

/** Links the intent to the order made from it (or lets it go, with null). */
export async function linkOrder(db: DbOrTx, scope: Scope, id: string, orderId: string | null) {
  await db.update(rentingIntents).set({ orderId, updatedAt: new Date() }).where(intentIn(scope, id));
}

/** The intent an order was made from, if any. */
export async function ofOrder(db: DbOrTx, scope: Scope, orderId: string) {
  const [row] = await db
    .select()
    .from(rentingIntents)
    .where(and(eq(rentingIntents.orderId, orderId), inScope(scope, rentingIntents.partnerId)));
  return row;
}
