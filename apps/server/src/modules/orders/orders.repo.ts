import type { OrderListQuery } from '@fleetdesk/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerDeposits, leases, orderExemptions, orderFees, orders, type payments } from '../../db/schema/index.ts';
import { inScope, inScopeSql, rows, uuidList, whereOf } from '../../db/sql.ts';
import { notFound } from '../../errors.ts';
import { likePattern } from '../../lib/paging.ts';
import { assertPartnerInScope, isAll, type Scope } from '../../lib/scope.ts';

/**
 * Orders, their leases, fees and exemptions belong to the order's partner: every function here takes the caller's
 * scope and applies it in SQL, so a row outside it reads as absent and is never written. Jobs pass "*".
 */

export type OrderRow = typeof orders.$inferSelect;
export type LeaseRow = typeof leases.$inferSelect;
export type FeeRow = typeof orderFees.$inferSelect;

/** A row of the order list: the order, its names and its fee amounts, as SQL answers them. */
export interface OrderListRow {
  id: string;
  order_no: string;
  status: string;
  customer_id: string;
  customer_first: string;
  customer_last: string;
  customer_phone: string;
  partner_id: string;
  partner_name: string;
  category_id: string;
  category_name: string;
  asset_no: string | null;
  lease_status: string | null;
  returned_at: Date | string | null;
  rent_site_id: string | null;
  rent_site_name: string | null;
  return_site_id: string | null;
  return_site_name: string | null;
  plan_frequency: number;
  plan_unit: string;
  unit_price: string;
  price_unit: string;
  currency: string;
  created_at: Date | string;
  start_time: Date | string | null;
  end_time: Date | string | null;
  next_payment_time: Date | string | null;
  order_fee: string;
  pending: string;
  owed: string;
  paid: string;
  processing: string;
  refunded: string;
  exempt: string;
}

const listColumns = sql`o.id, o.order_no, o.status, o.customer_id, c.first_name as customer_first,
  c.last_name as customer_last, c.phone_no as customer_phone, o.partner_id, p.name as partner_name,
  o.asset_category_id as category_id, ac.name as category_name, l.asset_no, l.status as lease_status, l.returned_at,
  o.rent_site_id, rs.name as rent_site_name, o.return_site_id, ts.name as return_site_name, o.plan_frequency,
  o.plan_unit, o.unit_price, o.price_unit, o.currency, o.created_at, o.start_time, o.end_time, o.next_payment_time,
  fe.order_fee, fe.pending, fe.owed, pa.paid, pa.processing, pa.refunded, ex.exempt`;

/**
 * The order with its names, its latest lease and its fee amounts. Payments are found through the order's fees
 * (a refund carries its charge's subject), so every amount comes from the ledger, never from a copy.
 */
const fromOrders = sql`from orders o
  join customers c on c.id = o.customer_id
  join partners p on p.id = o.partner_id
  join asset_categories ac on ac.id = o.asset_category_id
  left join sites rs on rs.id = o.rent_site_id
  left join sites ts on ts.id = o.return_site_id
  left join lateral (
    select a.no as asset_no, le.status, le.returned_at from leases le join assets a on a.id = le.asset_id
    where le.order_id = o.id order by le.created_at desc limit 1
  ) l on true`;
const feeAmounts = sql`
  cross join lateral (
    select coalesce(sum(f.amount) filter (where f.status <> 'Canceled'), 0) as order_fee,
           coalesce(sum(f.amount) filter (where f.status = 'Pending'), 0) as pending,
           coalesce(sum(f.amount) filter (where f.status = 'Owed'), 0) as owed
    from order_fees f where f.order_id = o.id
  ) fe
  cross join lateral (
    select coalesce(sum(pm.amount) filter (where pm.kind = 'charge' and pm.status = 'Succeeded'), 0) as paid,
           coalesce(sum(pm.amount) filter (where pm.kind = 'charge' and pm.status = 'Pending'), 0) as processing,
           coalesce(sum(pm.amount) filter (where pm.kind = 'refund' and pm.status = 'Succeeded'), 0) as refunded
    from payments pm
    where pm.subject_type = 'order-fee' and pm.subject_id in (select f.id from order_fees f where f.order_id = o.id)
  ) pa
  cross join lateral (
    select coalesce(sum(x.amount), 0) as exempt from order_exemptions x where x.order_id = o.id
  ) ex`;

const sortColumns = {
  createdAt: sql`o.created_at`,
  startTime: sql`o.start_time`,
  endTime: sql`o.end_time`,
  orderNo: sql`o.order_no`,
} as const;

function filtersOf(scope: Scope, q: Omit<OrderListQuery, 'pageNo' | 'pageSize' | 'sort'>): SQL {
  const where: (SQL | undefined)[] = [inScopeSql(scope, sql`o.partner_id`)];
  if (q.search) {
    const like = likePattern(q.search);
    where.push(sql`(o.order_no ilike ${like} or c.phone_no ilike ${like}
      or (c.first_name || ' ' || c.last_name) ilike ${like}
      or exists (select 1 from leases le join assets a on a.id = le.asset_id where le.order_id = o.id and a.no ilike ${like}))`);
  }
  if (q.status) where.push(sql`o.status = ${q.status}`);
  if (q.leaseStatus) where.push(sql`l.status = ${q.leaseStatus}`);
  if (q.partnerId) where.push(sql`o.partner_id = ${q.partnerId}`);
  if (q.assetCategoryId) where.push(sql`o.asset_category_id = ${q.assetCategoryId}`);
  if (q.customerId) where.push(sql`o.customer_id = ${q.customerId}`);
  if (q.assetNo) {
    where.push(sql`exists (select 1 from leases le join assets a on a.id = le.asset_id
      where le.order_id = o.id and a.no = ${q.assetNo.toUpperCase()})`);
  }
  if (q.rentSiteIdIn?.length) where.push(sql`o.rent_site_id in (${uuidList(q.rentSiteIdIn)})`);
  if (q.startFrom) where.push(sql`o.start_time >= ${q.startFrom}`);
  if (q.startTo) where.push(sql`o.start_time <= ${q.startTo}`);
  return whereOf(where);
}

export async function list(
  db: DbOrTx,
  scope: Scope,
  q: Omit<OrderListQuery, 'pageNo' | 'pageSize'>,
  page: { limit: number; offset: number },
) {
  const where = filtersOf(scope, q);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [found, [total]] = await Promise.all([
    rows<OrderListRow>(
      db,
      sql`select ${listColumns} ${fromOrders} ${feeAmounts}${where}
          order by ${sortColumns[q.sort.key]} ${direction} nulls last, o.id limit ${page.limit} offset ${page.offset}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${fromOrders}${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

/** `o.partner_id` in scope, as SQL (true for "*"). */
const orderInScope = (scope: Scope) => inScopeSql(scope, sql`o.partner_id`) ?? sql`true`;
/** The order `id`, when it is in scope, for drizzle's where. */
const orderIn = (scope: Scope, id: string) => and(eq(orders.id, id), inScope(scope, orders.partnerId));
/** Rows of a table keyed by order id whose order is in scope. */
const ofOrderIn = (scope: Scope, orderIdColumn: typeof leases.orderId | typeof orderFees.orderId, orderId: string) =>
  and(
    eq(orderIdColumn, orderId),
    isAll(scope)
      ? undefined
      : inArray(orderIdColumn, sql`(select o.id from orders o where o.id = ${orderId} and ${orderInScope(scope)})`),
  );

/** The order as the list shows it, with its fee amounts; nothing when it is missing or outside the scope. */
export async function listRow(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await rows<OrderListRow>(
    db,
    sql`select ${listColumns} ${fromOrders} ${feeAmounts} where o.id = ${id} and ${orderInScope(scope)}`,
  );
  return row;
}

/** The order; nothing when it is missing or outside the scope. `lock` holds it for the transaction. */
export async function byId(db: DbOrTx, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(orders).where(orderIn(scope, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** Writes a new order; its partner was named by the caller, so one outside the scope is refused (403). */
export async function insertOrder(db: DbOrTx, scope: Scope, row: typeof orders.$inferInsert) {
  assertPartnerInScope(scope, row.partnerId);
  await db.insert(orders).values(row);
}

/** Changes an order in scope. */
export async function updateOrder(db: DbOrTx, scope: Scope, id: string, values: Partial<typeof orders.$inferInsert>) {
  await db.update(orders).set(values).where(orderIn(scope, id));
}

/**
 * Takes the right to advance a checkout for `ms`: one worker at a time (the request or the job), without holding a
 * transaction across provider calls. Undefined when another worker holds it.
 */
export async function claimAdvance(db: DbOrTx, scope: Scope, id: string, ms: number) {
  const [row] = await db
    .update(orders)
    .set({ advancingUntil: sql`now() + ${`${ms} milliseconds`}::interval` })
    .where(and(orderIn(scope, id), sql`(${orders.advancingUntil} is null or ${orders.advancingUntil} < now())`))
    .returning();
  return row;
}

export async function releaseAdvance(db: DbOrTx, scope: Scope, id: string) {
  await db.update(orders).set({ advancingUntil: null }).where(orderIn(scope, id));
}

/** A lease with its asset's number and device. */
export type LeaseWithAsset = LeaseRow & { asset_no: string; device_no: string | null };

/** The order's leases, oldest first (none for an order outside the scope). */
export async function leasesOf(db: DbOrTx, scope: Scope, orderId: string) {
  return rows<LeaseWithAsset>(
    db,
    sql`select l.id, l.order_id as "orderId", l.asset_id as "assetId", l.customer_id as "customerId", l.status,
          l.started_at as "startedAt", l.return_submitted_at as "returnSubmittedAt", l.returned_at as "returnedAt",
          l.unlock_record_id as "unlockRecordId", l.created_at as "createdAt", l.updated_at as "updatedAt",
          a.no as asset_no, a.iot_device_no as device_no
        from leases l join orders o on o.id = l.order_id join assets a on a.id = l.asset_id
        where l.order_id = ${orderId} and ${orderInScope(scope)}
        order by l.created_at, l.id`,
  );
}

/** Refuses a write under an order outside the scope as a missing order (404). */
async function assertOrderInScope(db: DbOrTx, scope: Scope, orderId: string) {
  if (!isAll(scope) && !(await byId(db, scope, orderId))) throw notFound('Order not found');
}

/** Writes a lease of an order in scope. */
export async function insertLease(db: DbOrTx, scope: Scope, row: typeof leases.$inferInsert) {
  await assertOrderInScope(db, scope, row.orderId);
  await db.insert(leases).values(row);
}

/** Changes one lease of an order in scope. */
export async function updateLease(
  db: DbOrTx,
  scope: Scope,
  orderId: string,
  leaseId: string,
  values: Partial<typeof leases.$inferInsert>,
) {
  await db
    .update(leases)
    .set(values)
    .where(and(eq(leases.id, leaseId), ofOrderIn(scope, leases.orderId, orderId)));
}

/**
 * Cancels every lease of the order at once (an undone checkout: the asset is free, the order still names it). The
 * lease never started, so it is Canceled with its order, not Returned; it has no return time.
 */
export async function cancelAllLeases(db: DbOrTx, scope: Scope, orderId: string, now: Date) {
  await db
    .update(leases)
    .set({ status: 'Canceled', updatedAt: now })
    .where(ofOrderIn(scope, leases.orderId, orderId));
}

/** Returns the order's leases not returned yet; answers the assets they held. */
export async function returnHeldLeases(db: DbOrTx, scope: Scope, orderId: string, now: Date) {
  const held = await db
    .update(leases)
    .set({
      status: 'Returned',
      returnSubmittedAt: sql`coalesce(${leases.returnSubmittedAt}, ${now})`,
      returnedAt: now,
      updatedAt: now,
    })
    .where(and(ofOrderIn(scope, leases.orderId, orderId), sql`${leases.status} in ('InUse', 'Returning')`))
    .returning({ assetId: leases.assetId });
  return held.map((h) => h.assetId);
}

/** The order's fees by period (none for an order outside the scope). */
export async function feesOf(db: DbOrTx, scope: Scope, orderId: string) {
  return db
    .select()
    .from(orderFees)
    .where(ofOrderIn(scope, orderFees.orderId, orderId))
    .orderBy(asc(orderFees.sequence));
}

/** Writes a fee of an order in scope. */
export async function insertFee(db: DbOrTx, scope: Scope, row: typeof orderFees.$inferInsert) {
  await assertOrderInScope(db, scope, row.orderId);
  await db.insert(orderFees).values(row);
}

/** Changes one fee of an order in scope. */
export async function updateFee(
  db: DbOrTx,
  scope: Scope,
  orderId: string,
  feeId: string,
  values: Partial<typeof orderFees.$inferInsert>,
) {
  await db
    .update(orderFees)
    .set(values)
    .where(and(eq(orderFees.id, feeId), ofOrderIn(scope, orderFees.orderId, orderId)));
}

/** Changes every fee of the order (`only` those in one status). */
export async function updateFees(
  db: DbOrTx,
  scope: Scope,
  orderId: string,
  values: Partial<typeof orderFees.$inferInsert>,
  only?: string,
) {
  await db
    .update(orderFees)
    .set(values)
    .where(and(ofOrderIn(scope, orderFees.orderId, orderId), only ? eq(orderFees.status, only) : undefined));
}

export async function exemptionsOf(db: DbOrTx, scope: Scope, orderId: string) {
  return rows<{
    id: string;
    amount: string;
    reason: string;
    user_id: string | null;
    user_name: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select x.id, x.amount, x.reason, x.user_id, u.name as user_name, x.created_at
        from order_exemptions x join orders o on o.id = x.order_id left join users u on u.id = x.user_id
        where x.order_id = ${orderId} and ${orderInScope(scope)} order by x.created_at, x.id`,
  );
}

/** Writes an exemption of an order in scope. */
export async function insertExemption(db: DbOrTx, scope: Scope, row: typeof orderExemptions.$inferInsert) {
  await assertOrderInScope(db, scope, row.orderId);
  await db.insert(orderExemptions).values(row);
}

/** The ledger rows of an order: its deposit charge, its fees' charges and every refund of them, oldest first. */
export async function paymentsOf(db: DbOrTx, scope: Scope, order: Pick<OrderRow, 'id' | 'depositPaymentId'>) {
  return rows<typeof payments.$inferSelect & { subject_type: string }>(
    db,
    sql`select pm.id, pm.kind, pm.subject_type, pm.amount, pm.currency, pm.status, pm.failure_message as "failureMessage",
          pm.reason, pm.parent_id as "parentId", pm.created_at as "createdAt"
        from payments pm
        where ((pm.subject_type = 'order-fee' and pm.subject_id in (select f.id from order_fees f where f.order_id = ${order.id}))
           or pm.id = ${order.depositPaymentId ?? null}::uuid or pm.parent_id = ${order.depositPaymentId ?? null}::uuid)
          and exists (select 1 from orders o where o.id = ${order.id} and ${orderInScope(scope)})
        order by pm.created_at, pm.id`,
  );
}

/**
 * The deposit row of a customer for a partner and category, created empty the first time it is needed; the
 * partner is the order's, so one outside the scope is refused (403).
 */
export async function depositRow(
  db: DbOrTx,
  scope: Scope,
  key: { customerId: string; partnerId: string; assetCategoryId: string; currency: string; id: string },
) {
  assertPartnerInScope(scope, key.partnerId);
  await db.insert(customerDeposits).values(key).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(customerDeposits)
    .where(
      and(
        eq(customerDeposits.customerId, key.customerId),
        eq(customerDeposits.partnerId, key.partnerId),
        eq(customerDeposits.assetCategoryId, key.assetCategoryId),
      ),
    );
  return row as typeof customerDeposits.$inferSelect;
}

/** Counts a paid deposit on the customer's row (or takes one off, with a negative amount, when it is refunded). */
export async function creditDeposit(db: DbOrTx, scope: Scope, depositId: string, quantity: 1 | -1, amount: number) {
  await db
    .update(customerDeposits)
    .set({
      paidQuantity: sql`${customerDeposits.paidQuantity} + ${quantity}`,
      paidAmount: sql`${customerDeposits.paidAmount} + ${amount}`,
      updatedAt: new Date(),
    })
    .where(and(eq(customerDeposits.id, depositId), inScope(scope, customerDeposits.partnerId)));
}

/** How many deposits the customer has paid for a partner and category. */
export async function depositHeld(
  db: DbOrTx,
  scope: Scope,
  key: { customerId: string; partnerId: string; assetCategoryId: string },
) {
  const [row] = await db
    .select({ n: customerDeposits.paidQuantity })
    .from(customerDeposits)
    .where(
      and(
        eq(customerDeposits.customerId, key.customerId),
        eq(customerDeposits.partnerId, key.partnerId),
        eq(customerDeposits.assetCategoryId, key.assetCategoryId),
        inScope(scope, customerDeposits.partnerId),
      ),
    );
  return row?.n ?? 0;
}

/** Flips `deposit_credited_at` from unset to set (or back) once: true for the one caller that flipped it. */
export async function markDepositCredited(db: DbOrTx, scope: Scope, orderId: string, credited: boolean) {
  const updated = await db
    .update(orders)
    .set({ depositCreditedAt: credited ? new Date() : null })
    .where(
      and(
        orderIn(scope, orderId),
        credited ? sql`${orders.depositCreditedAt} is null` : sql`${orders.depositCreditedAt} is not null`,
      ),
    )
    .returning({ id: orders.id });
  return updated.length === 1;
}

/** The unlock sent for an order's checkout (the latest, should there be several). */
export async function unlockRecordOf(db: DbOrTx, scope: Scope, orderId: string) {
  return latestCommandOf(db, scope, orderId, 'device.turn_on');
}

/** The lock sent after an order's checkout was undone, if one was. */
export async function lockRecordOf(db: DbOrTx, scope: Scope, orderId: string) {
  return latestCommandOf(db, scope, orderId, 'device.turn_off');
}

async function latestCommandOf(db: DbOrTx, scope: Scope, orderId: string, command: string) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select r.id from iot_control_records r join orders o on o.id = r.renting_order_id
        where r.renting_order_id = ${orderId} and r.command = ${command} and ${orderInScope(scope)}
        order by r.requested_at desc limit 1`,
  );
  return row?.id;
}

/** The partner's maximum payment per order (document 2 §9), as text; null when there is none. */
export async function maxPaymentAmount(db: DbOrTx, scope: Scope, partnerId: string) {
  const [row] = await rows<{ amount: string | null }>(
    db,
    sql`select customer_max_payment_amount as amount from partner_operations po
        where po.partner_id = ${partnerId} and ${inScopeSql(scope, sql`po.partner_id`) ?? sql`true`}`,
  );
  return row?.amount ?? null;
}

/** The name of the staff member who made an order. */
export async function userName(db: DbOrTx, userId: string) {
  const [row] = await rows<{ name: string }>(db, sql`select name from users where id = ${userId}`);
  return row?.name;
}
