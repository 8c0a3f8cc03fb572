import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inScopeSql, rows, uuidList } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * Subscription orders' SQL. Orders belong to their partner: every function takes the caller's scope and reads or
 * writes nothing outside it (periods, assets and trades are reached through their order).
 */

const ofOrder = (scope: Scope, alias = sql`o`) => inScopeSql(scope, sql`${alias}.partner_id`) ?? sql`true`;
const page = (p: { pageNo: number; pageSize: number }) =>
  sql`limit ${p.pageSize} offset ${(p.pageNo - 1) * p.pageSize}`;

export interface PlanRow {
  id: string;
  package_id: string;
  name: string;
  basic_fee: string;
  usage_fee: string;
  usage_fee_upper_limit: string;
  initial_availability: number;
  deductible: number;
  duration_unit: string;
  duration_quantity: number;
  valid_since: Date | string;
  valid_until: Date | string;
  cannot_be_first_plan: boolean;
}

export interface PackageRow {
  id: string;
  partner_id: string;
  category_id: string;
  name: string;
}

/** A package in scope (by its partner) with its plans. */
export async function packageWithPlans(db: DbOrTx, scope: Scope, packageId: string) {
  const [pkg] = await rows<PackageRow>(
    db,
    sql`select p.id, p.partner_id, p.category_id, p.name from subscription_packages p
        where p.id = ${packageId}::uuid and ${ofOrder(scope, sql`p`)}`,
  );
  if (!pkg) return undefined;
  const plans = await rows<PlanRow>(
    db,
    sql`select * from subscription_plans where package_id = ${packageId}::uuid order by position`,
  );
  return { ...pkg, plans };
}

/** What an order takes from its partner: the clock and the operation currency (null when not set up). */
export async function partnerTerms(db: DbOrTx, scope: Scope, partnerId: string) {
  const [row] = await rows<{ timezone: string; currency: string | null }>(
    db,
    sql`select p.timezone, po.currency from partners p left join partner_operations po on po.partner_id = p.id
        where p.id = ${partnerId}::uuid and ${inScopeSql(scope, sql`p.id`) ?? sql`true`}`,
  );
  return row;
}

/** A site of the partner that is not archived, or nothing. */
export async function partnerSite(db: DbOrTx, scope: Scope, partnerId: string, siteId: string) {
  const [row] = await rows<{ id: string; name: string }>(
    db,
    sql`select s.id, s.name from sites s
        where s.id = ${siteId}::uuid and s.partner_id = ${partnerId}::uuid and not s.is_archived and ${ofOrder(scope, sql`s`)}`,
  );
  return row;
}

/** An asset as subscribing looks at it: what would stop it, and which order holds it now. */
export interface CandidateAsset {
  id: string;
  no: string;
  partner_id: string;
  category_id: string;
  life_cycle_state: string;
  usage_mode: string;
  site_id: string | null;
  held_by: string | null;
  leased: boolean;
}

/** The assets of these numbers in scope, with what subscribing them depends on. */
export function assetsByNo(db: DbOrTx, scope: Scope, nos: readonly string[]) {
  if (nos.length === 0) return Promise.resolve([] as CandidateAsset[]);
  return rows<CandidateAsset>(
    db,
    sql`select a.id, a.no, a.partner_id, a.category_id, a.life_cycle_state, a.usage_mode, a.site_id,
          (select h.order_id from subscription_order_assets h where h.asset_id = a.id and h.released_at is null limit 1) as held_by,
          exists (select 1 from leases l where l.asset_id = a.id and l.status in ('InUse', 'Returning')) as leased
        from assets a
        where a.no in (${sql.join(
          nos.map((n) => sql`${n}`),
          sql`, `,
        )}) and ${ofOrder(scope, sql`a`)}`,
  );
}

const subscribableWhere = (q: {
  partnerId: string;
  categoryId: string;
  no?: string | undefined;
  orderId?: string | undefined;
}) => sql`
  a.partner_id = ${q.partnerId}::uuid and a.category_id = ${q.categoryId}::uuid and a.life_cycle_state = 'Ready'
  and a.usage_mode <> 'non-leasable'
  ${q.no ? sql`and a.no like ${`${q.no.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
  and not exists (select 1 from leases l where l.asset_id = a.id and l.status in ('InUse', 'Returning'))
  and not exists (select 1 from subscription_order_assets h where h.asset_id = a.id and h.released_at is null
    ${q.orderId ? sql`and h.order_id <> ${q.orderId}::uuid` : sql``})`;

/** Assets a partner can subscribe, by number. */
export async function subscribableAssets(
  db: DbOrTx,
  scope: Scope,
  q: {
    partnerId: string;
    categoryId: string;
    no?: string | undefined;
    orderId?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const where = sql`${subscribableWhere(q)} and ${ofOrder(scope, sql`a`)}`;
  const [data, [total]] = await Promise.all([
    rows<{ id: string; no: string; life_cycle_state: string; site_id: string | null; site_name: string | null }>(
      db,
      sql`select a.id, a.no, a.life_cycle_state, s.id as site_id, s.name as site_name
          from assets a left join sites s on s.id = a.site_id where ${where} order by a.no ${page(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from assets a where ${where}`),
  ]);
  return { data, count: total?.n ?? 0 };
}

export interface OrderRow {
  id: string;
  no: string;
  partner_id: string;
  package_id: string;
  category_id: string;
  plan_id: string;
  next_plan_id: string | null;
  asset_quota: number;
  asset_transfer_site_id: string;
  renew_strategy: string;
  terminate_time: Date | string | null;
  note: string;
  usage_period_mode: string;
  billing_day_of_month: number | null;
  payment_type: string;
  payment_method: string;
  currency: string;
  timezone: string;
  status: string;
  start_time: Date | string;
  fixed_through: number;
  next_fix_at: Date | string | null;
  ends_at: Date | string | null;
  ended_at: Date | string | null;
}

/** An order in scope, locked for the caller's transaction. */
export async function lockOrder(tx: DbOrTx, scope: Scope, id: string) {
  const [row] = await rows<OrderRow>(
    tx,
    sql`select o.* from subscription_orders o where o.id = ${id}::uuid and ${ofOrder(scope)} for update of o`,
  );
  return row;
}

export const nextOrderNo = async (tx: DbOrTx) =>
  (
    await rows<{ no: string }>(tx, sql`select 'SO-' || lpad(nextval('subscription_order_no_seq')::text, 6, '0') as no`)
  )[0]?.no as string;

export interface NewOrder {
  id: string;
  no: string;
  partnerId: string;
  packageId: string;
  categoryId: string;
  planId: string;
  assetQuota: number;
  assetTransferSiteId: string;
  renewStrategy: string;
  terminateTime: string | null;
  note: string;
  usagePeriodMode: string;
  billingDayOfMonth: number | null;
  paymentType: string;
  paymentMethod: string;
  currency: string;
  timezone: string;
  startTime: string;
  nextFixAt: string | null;
  endsAt: string | null;
}

export async function insertOrder(tx: DbOrTx, o: NewOrder) {
  await tx.execute(sql`
    insert into subscription_orders (id, no, partner_id, package_id, category_id, plan_id, asset_quota,
      asset_transfer_site_id, renew_strategy, terminate_time, note, usage_period_mode, billing_day_of_month,
      payment_type, payment_method, currency, timezone, start_time, fixed_through, next_fix_at, ends_at)
    values (${o.id}::uuid, ${o.no}, ${o.partnerId}::uuid, ${o.packageId}::uuid, ${o.categoryId}::uuid, ${o.planId}::uuid,
      ${o.assetQuota}, ${o.assetTransferSiteId}::uuid, ${o.renewStrategy}, ${o.terminateTime}::timestamptz, ${o.note},
      ${o.usagePeriodMode}, ${o.billingDayOfMonth}, ${o.paymentType}, ${o.paymentMethod}, ${o.currency}, ${o.timezone},
      ${o.startTime}::timestamptz, 1, ${o.nextFixAt}::timestamptz, ${o.endsAt}::timestamptz)`);
}

/** The order's terms an edit can change. */
export async function updateTerms(
  tx: DbOrTx,
  scope: Scope,
  id: string,
  t: {
    assetQuota: number;
    assetTransferSiteId: string;
    renewStrategy: string;
    terminateTime: string | null;
    note: string;
    paymentType: string;
    paymentMethod: string;
    nextFixAt: string | null;
    endsAt: string | null;
  },
) {
  await tx.execute(sql`
    update subscription_orders o set asset_quota = ${t.assetQuota}, asset_transfer_site_id = ${t.assetTransferSiteId}::uuid,
      renew_strategy = ${t.renewStrategy}, terminate_time = ${t.terminateTime}::timestamptz, note = ${t.note},
      payment_type = ${t.paymentType}, payment_method = ${t.paymentMethod},
      next_fix_at = ${t.nextFixAt}::timestamptz, ends_at = ${t.endsAt}::timestamptz, updated_at = now()
    where o.id = ${id}::uuid and ${ofOrder(scope)}`);
}

export async function setNextPlan(tx: DbOrTx, scope: Scope, id: string, planId: string | null) {
  await tx.execute(sql`update subscription_orders o set next_plan_id = ${planId}::uuid, updated_at = now()
    where o.id = ${id}::uuid and ${ofOrder(scope)}`);
}

/** A period as written when it is fixed. */
export interface NewPeriod {
  id: string;
  orderId: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  planId: string;
  basicFee: number;
  usageFee: number;
  usageFeeUpperLimit: number;
  deductible: number;
  anchorAt: string;
  anchorOffset: number;
  closesAt: string;
  basicAmount: number;
  basicTradeId: string;
}

/**
 * Fixes periods (the orders are in the caller's scope, locked by the caller): each with its asset count and its
 * basic trade (Pending until the period starts). A period already fixed — another instance was first — is left.
 */
export async function insertPeriods(tx: DbOrTx, scope: Scope, periods: readonly NewPeriod[]) {
  if (periods.length === 0) return;
  const json = JSON.stringify(periods);
  await tx.execute(sql`
    with v as (select * from json_to_recordset(${json}::json) as v("id" uuid, "orderId" uuid, "sequence" int,
        "startsAt" timestamptz, "endsAt" timestamptz, "planId" uuid, "basicFee" numeric, "usageFee" numeric,
        "usageFeeUpperLimit" numeric, "deductible" float8, "anchorAt" timestamptz, "anchorOffset" int,
        "closesAt" timestamptz, "basicAmount" numeric, "basicTradeId" uuid)),
    p as (
      insert into subscription_periods (id, order_id, sequence, starts_at, ends_at, plan_id, basic_fee, usage_fee,
        usage_fee_upper_limit, deductible, asset_count, anchor_at, anchor_offset, closes_at)
      select v.id, v."orderId", v.sequence, v."startsAt", v."endsAt", v."planId", v."basicFee", v."usageFee",
        v."usageFeeUpperLimit", v.deductible,
        (select count(*) from subscription_order_assets a where a.order_id = v."orderId" and a.from_sequence <= v.sequence
          and (a.until_sequence is null or a.until_sequence >= v.sequence))::int,
        v."anchorAt", v."anchorOffset", v."closesAt"
      from v join subscription_orders o on o.id = v."orderId" and ${ofOrder(scope)}
      on conflict (order_id, sequence) do nothing
      returning id)
    insert into subscription_trades (id, order_id, period_id, fee_type, state, amount, claimable_at, paid_at)
    select v."basicTradeId", v."orderId", v.id, 'basic', case when v."basicAmount" > 0 then 'Pending' else 'Succeeded' end,
      v."basicAmount", v."startsAt", case when v."basicAmount" > 0 then null else v."startsAt" end
    from v join p on p.id = v.id`);
}

/** After fixing: the order's plan is the fixed period's, the pending change is spent, and when the next fix is due. */
export async function advanceFixed(
  tx: DbOrTx,
  scope: Scope,
  updates: readonly {
    id: string;
    planId: string;
    fixedThrough: number;
    nextFixAt: string | null;
    endsAt: string | null;
  }[],
) {
  if (updates.length === 0) return;
  await tx.execute(sql`
    update subscription_orders o set plan_id = v."planId", next_plan_id = null, fixed_through = v."fixedThrough",
      next_fix_at = v."nextFixAt", ends_at = v."endsAt", updated_at = now()
    from json_to_recordset(${JSON.stringify(updates)}::json)
      as v(id uuid, "planId" uuid, "fixedThrough" int, "nextFixAt" timestamptz, "endsAt" timestamptz)
    where o.id = v.id and ${ofOrder(scope)}`);
}

export interface PeriodRow {
  id: string;
  order_id: string;
  sequence: number;
  starts_at: Date | string;
  ends_at: Date | string;
  plan_id: string;
  plan_name: string;
  basic_fee: string;
  usage_fee: string;
  usage_fee_upper_limit: string;
  deductible: number;
  asset_count: number;
  anchor_at: Date | string;
  anchor_offset: number;
  closes_at: Date | string;
  closed_at: Date | string | null;
  duration_unit: string;
  duration_quantity: number;
}

const periodColumns = sql`p.*, pl.name as plan_name, pl.duration_unit, pl.duration_quantity`;

/** The order's periods by sequence (the order in scope). */
export function periodsOf(db: DbOrTx, scope: Scope, orderId: string, sequences: readonly number[]) {
  if (sequences.length === 0) return Promise.resolve([] as PeriodRow[]);
  return rows<PeriodRow>(
    db,
    sql`select ${periodColumns} from subscription_periods p join subscription_plans pl on pl.id = p.plan_id
        join subscription_orders o on o.id = p.order_id
        where p.order_id = ${orderId}::uuid and p.sequence in (${sql.join(
          sequences.map((s) => sql`${s}`),
          sql`, `,
        )}) and ${ofOrder(scope)} order by p.sequence`,
  );
}

/** The order's periods, newest first. */
export async function periodPage(db: DbOrTx, scope: Scope, orderId: string, p: { pageNo: number; pageSize: number }) {
  const where = sql`p.order_id = ${orderId}::uuid and ${ofOrder(scope)}`;
  const [data, [total]] = await Promise.all([
    rows<PeriodRow>(
      db,
      sql`select ${periodColumns} from subscription_periods p join subscription_plans pl on pl.id = p.plan_id
          join subscription_orders o on o.id = p.order_id where ${where} order by p.sequence desc ${page(p)}`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from subscription_periods p join subscription_orders o on o.id = p.order_id where ${where}`,
    ),
  ]);
  return { data, count: total?.n ?? 0 };
}

/** Asset membership rows: the order's asset set for one period. */
export function assetIdsAt(db: DbOrTx, orderId: string, sequence: number) {
  return rows<{ asset_id: string; from_sequence: number }>(
    db,
    sql`select asset_id, from_sequence from subscription_order_assets where order_id = ${orderId}::uuid
        and from_sequence <= ${sequence} and (until_sequence is null or until_sequence >= ${sequence})`,
  );
}

/**
 * Takes assets into an order from a period: membership rows, and the assets become partner-subscription assets
 * (their prior mode kept to give back). The caller checked them under the order's lock; a race with another order
 * for one asset ends in the held-asset unique index.
 */
export async function addAssets(tx: DbOrTx, orderId: string, assetIds: readonly string[], fromSequence: number) {
  if (assetIds.length === 0) return;
  await tx.execute(sql`
    insert into subscription_order_assets (order_id, asset_id, from_sequence, prior_usage_mode)
    select ${orderId}::uuid, a.id, ${fromSequence}, a.usage_mode from assets a where a.id in (${uuidList(assetIds)})`);
  await tx.execute(sql`update assets set usage_mode = 'partner-subscription', updated_at = now()
    where id in (${uuidList(assetIds)})`);
}

/**
 * Takes assets out of an order from a period on: a membership that would begin there is removed (and the asset
 * given back at once); an older one ends the period before (the asset is given back when that period is over).
 */
export async function removeAssets(tx: DbOrTx, orderId: string, assetIds: readonly string[], fromSequence: number) {
  if (assetIds.length === 0) return;
  const ids = uuidList(assetIds);
  const gone = await rows<{ asset_id: string; prior_usage_mode: string }>(
    tx,
    sql`delete from subscription_order_assets where order_id = ${orderId}::uuid and asset_id in (${ids})
        and from_sequence >= ${fromSequence} returning asset_id, prior_usage_mode`,
  );
  await restoreUsageModes(tx, gone);
  await tx.execute(sql`update subscription_order_assets set until_sequence = ${fromSequence - 1}
    where order_id = ${orderId}::uuid and asset_id in (${ids}) and until_sequence is null`);
}

/** Drops memberships that would begin at or after a period no longer coming (an unsubscribe): given back at once. */
export async function dropAssetsFrom(tx: DbOrTx, orderId: string, fromSequence: number) {
  const gone = await rows<{ asset_id: string; prior_usage_mode: string }>(
    tx,
    sql`delete from subscription_order_assets where order_id = ${orderId}::uuid and from_sequence >= ${fromSequence}
        returning asset_id, prior_usage_mode`,
  );
  await restoreUsageModes(tx, gone);
}

/** Released assets get back the usage mode they had before they were subscribed. */
export async function restoreUsageModes(
  tx: DbOrTx,
  released: readonly { asset_id: string; prior_usage_mode: string }[],
) {
  if (released.length === 0) return;
  await tx.execute(sql`
    update assets a set usage_mode = v.mode, updated_at = now()
    from json_to_recordset(${JSON.stringify(released.map((r) => ({ id: r.asset_id, mode: r.prior_usage_mode })))}::json)
      as v(id uuid, mode text)
    where a.id = v.id`);
}

/**
 * Gives back the assets whose membership is over: those that left before the period now running, and all of
 * an order that ended (`toSite`: back at the order's transfer site). Answers the assets given back.
 */
export async function releaseAssets(tx: DbOrTx, where: { orderId: string; beforeSequence?: number; toSite?: string }) {
  const released = await rows<{ asset_id: string; prior_usage_mode: string }>(
    tx,
    sql`update subscription_order_assets set released_at = now(),
          until_sequence = coalesce(until_sequence, (select fixed_through from subscription_orders where id = ${where.orderId}::uuid))
        where order_id = ${where.orderId}::uuid and released_at is null
          ${where.beforeSequence === undefined ? sql`` : sql`and until_sequence < ${where.beforeSequence}`}
        returning asset_id, prior_usage_mode`,
  );
  await restoreUsageModes(tx, released);
  if (where.toSite && released.length > 0)
    await tx.execute(sql`update assets set site_id = ${where.toSite}::uuid
      where id in (${uuidList(released.map((r) => r.asset_id))})`);
  return released.map((r) => r.asset_id);
}

/** Removes periods not started by `from` (with their trades): what an unsubscribe or a close leaves out. */
export async function dropPeriodsFrom(tx: DbOrTx, orderId: string, from: Date) {
  const dropped = await rows<{ sequence: number }>(
    tx,
    sql`delete from subscription_periods where order_id = ${orderId}::uuid and starts_at >= ${from.toISOString()}::timestamptz
        returning sequence`,
  );
  return dropped.length;
}

export async function setStatus(
  tx: DbOrTx,
  scope: Scope,
  id: string,
  s: { status: string; endsAt: string | null; endedAt?: string | null; fixedThrough?: number },
) {
  await tx.execute(sql`
    update subscription_orders o set status = ${s.status}, next_fix_at = null, next_plan_id = null,
      ends_at = ${s.endsAt}::timestamptz,
      ended_at = ${s.endedAt ?? null}::timestamptz,
      fixed_through = coalesce(${s.fixedThrough ?? null}::int, fixed_through),
      updated_at = now()
    where o.id = ${id}::uuid and ${ofOrder(scope)}`);
}

/** Cuts the running period at `at` (a forced close): it closes now. */
export async function cutPeriod(tx: DbOrTx, periodId: string, at: Date) {
  await tx.execute(sql`update subscription_periods set ends_at = greatest(${at.toISOString()}::timestamptz, starts_at + interval '1 millisecond'),
    closes_at = ${at.toISOString()}::timestamptz where id = ${periodId}::uuid`);
}

// -------------------------------------------------------------------------------------------------- reading

export interface OrderViewRow extends OrderRow {
  partner_name: string;
  package_name: string;
  category_name: string;
  plan_name: string;
  next_plan_name: string | null;
  site_name: string;
  asset_count: number;
  current_period_end: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  fee_total: string;
  fee_pending: string;
  fee_processing: string;
  fee_paid: string;
  fee_owe: string;
  fee_refunded: string;
  fee_exempted: string;
  fee_deducted: string;
}

/** What a trade still asks for once exempted. */
const due = sql`(t.amount - t.exempted)`;

const viewColumns = sql`o.*, pa.name as partner_name, pk.name as package_name, c.name as category_name,
  pl.name as plan_name, np.name as next_plan_name, s.name as site_name,
  (select count(*) from subscription_order_assets a where a.order_id = o.id and a.released_at is null
     and a.from_sequence <= o.fixed_through and (a.until_sequence is null or a.until_sequence >= o.fixed_through))::int as asset_count,
  (select p.ends_at from subscription_periods p where p.order_id = o.id and p.starts_at <= now() and p.ends_at > now() limit 1) as current_period_end,
  f.*`;

const viewFrom = sql`subscription_orders o
  join partners pa on pa.id = o.partner_id
  join subscription_packages pk on pk.id = o.package_id
  join asset_categories c on c.id = o.category_id
  join subscription_plans pl on pl.id = o.plan_id
  left join subscription_plans np on np.id = o.next_plan_id
  join sites s on s.id = o.asset_transfer_site_id
  cross join lateral (
    select coalesce(sum(t.amount) filter (where t.state <> 'Canceled'), 0) as fee_total,
      coalesce(sum(${due}) filter (where t.state in ('Pending', 'Claimable') and t.fee_type <> 'service'), 0) as fee_pending,
      coalesce(sum(${due}) filter (where t.state = 'Processing'), 0) as fee_processing,
      coalesce(sum(${due}) filter (where t.state = 'Succeeded'), 0) as fee_paid,
      -- Owed: what failed, and service tickets' fees, billed with the next trade (or a payoff).
      coalesce(sum(${due}) filter (where t.state = 'Failed'
        or (t.fee_type = 'service' and t.state in ('Pending', 'Claimable'))), 0) as fee_owe,
      coalesce(sum(t.refunded), 0) as fee_refunded,
      coalesce(sum(t.exempted), 0) as fee_exempted,
      coalesce(sum(t.deducted), 0) as fee_deducted
    from subscription_trades t where t.order_id = o.id) f`;

export async function orderView(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await rows<OrderViewRow>(
    db,
    sql`select ${viewColumns} from ${viewFrom} where o.id = ${id}::uuid and ${ofOrder(scope)}`,
  );
  return row;
}

export interface OrderFilter {
  statuses: readonly string[];
  partnerIdIn?: readonly string[] | undefined;
  packageIdIn?: readonly string[] | undefined;
  no?: string | undefined;
  sort: { key: 'createdAt' | 'updatedAt'; direction: 'asc' | 'desc' };
  pageNo: number;
  pageSize: number;
}

export async function listOrders(db: DbOrTx, scope: Scope, f: OrderFilter) {
  const parts: SQL[] = [
    ofOrder(scope),
    sql`o.status in (${sql.join(
      f.statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  ];
  if (f.partnerIdIn?.length) parts.push(sql`o.partner_id in (${uuidList(f.partnerIdIn)})`);
  if (f.packageIdIn?.length) parts.push(sql`o.package_id in (${uuidList(f.packageIdIn)})`);
  if (f.no) parts.push(sql`o.no ilike ${`%${f.no.replace(/[\\%_]/g, '\\$&')}%`}`);
  const where = sql.join(parts, sql` and `);
  const column = f.sort.key === 'updatedAt' ? sql`o.updated_at` : sql`o.created_at`;
  const direction = f.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [data, [total]] = await Promise.all([
    rows<OrderViewRow>(
      db,
      sql`select ${viewColumns} from ${viewFrom} where ${where} order by ${column} ${direction}, o.id ${direction} ${page(f)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from subscription_orders o where ${where}`),
  ]);
  return { data, count: total?.n ?? 0 };
}

export interface OrderAssetRow {
  id: string;
  no: string;
  category_id: string;
  category_name: string;
  site_id: string | null;
  site_name: string | null;
  life_cycle_state: string;
  from_sequence: number;
  until_sequence: number | null;
}

/** The order's assets in one period (the order in scope). */
export async function assetPage(
  db: DbOrTx,
  scope: Scope,
  orderId: string,
  sequence: number,
  p: { pageNo: number; pageSize: number },
) {
  const where = sql`m.order_id = ${orderId}::uuid and m.from_sequence <= ${sequence}
    and (m.until_sequence is null or m.until_sequence >= ${sequence}) and ${ofOrder(scope)}`;
  const from = sql`subscription_order_assets m join subscription_orders o on o.id = m.order_id join assets a on a.id = m.asset_id`;
  const [data, [total]] = await Promise.all([
    rows<OrderAssetRow>(
      db,
      sql`select a.id, a.no, a.category_id, c.name as category_name, a.site_id, s.name as site_name, a.life_cycle_state,
            m.from_sequence, m.until_sequence
          from ${from} join asset_categories c on c.id = a.category_id left join sites s on s.id = a.site_id
          where ${where} order by a.no ${page(p)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  return { data, count: total?.n ?? 0 };
}

export interface TradeRow {
  id: string;
  fee_type: string;
  state: string;
  sequence: number;
  starts_at: Date | string;
  ends_at: Date | string;
  amount: string;
  exempted: string;
  refunded: string;
  usage_seconds: number | null;
  deducted_seconds: number | null;
  deducted: string;
  claimable_at: Date | string;
  attempts: number;
  last_attempt_at: Date | string | null;
  failure_message: string | null;
  paid_at: Date | string | null;
  payment_id: string | null;
  currency: string;
  created_at: Date | string;
}

export interface TradeFilter {
  feeTypeIn?: readonly string[] | undefined;
  stateIn?: readonly string[] | undefined;
}

const tradeWhere = (scope: Scope, orderId: string, f: TradeFilter) => {
  const parts: SQL[] = [sql`t.order_id = ${orderId}::uuid`, ofOrder(scope)];
  if (f.feeTypeIn?.length)
    parts.push(
      sql`t.fee_type in (${sql.join(
        f.feeTypeIn.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  if (f.stateIn?.length)
    parts.push(
      sql`t.state in (${sql.join(
        f.stateIn.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  return sql.join(parts, sql` and `);
};

const tradeFrom = sql`subscription_trades t join subscription_periods p on p.id = t.period_id
  join subscription_orders o on o.id = t.order_id`;
const tradeColumns = sql`t.*, p.sequence, p.starts_at, p.ends_at, o.currency`;

export async function tradePage(
  db: DbOrTx,
  scope: Scope,
  orderId: string,
  f: TradeFilter & { pageNo: number; pageSize: number },
) {
  const where = tradeWhere(scope, orderId, f);
  const [data, [total]] = await Promise.all([
    rows<TradeRow>(
      db,
      sql`select ${tradeColumns} from ${tradeFrom} where ${where}
          order by p.sequence desc, t.fee_type desc, t.id ${page(f)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ${tradeFrom} where ${where}`),
  ]);
  return { data, count: total?.n ?? 0 };
}

/** Every trade of an order for the export (an order has two per period: bounded by its life). */
export function allTrades(db: DbOrTx, scope: Scope, orderId: string, f: TradeFilter) {
  return rows<TradeRow>(
    db,
    sql`select ${tradeColumns} from ${tradeFrom} where ${tradeWhere(scope, orderId, f)}
        order by p.sequence desc, t.fee_type desc, t.id`,
  );
}

/** One trade of an order, locked. */
export async function lockTrade(tx: DbOrTx, scope: Scope, orderId: string, tradeId: string) {
  const [row] = await rows<TradeRow>(
    tx,
    sql`select ${tradeColumns} from ${tradeFrom} where t.id = ${tradeId}::uuid and t.order_id = ${orderId}::uuid
        and ${ofOrder(scope)} for update of t`,
  );
  return row;
}

export async function exemptTrade(tx: DbOrTx, tradeId: string, amount: number, cancel: boolean) {
  await tx.execute(sql`update subscription_trades set exempted = exempted + ${amount},
    state = case when ${cancel} then 'Canceled' else state end, updated_at = now() where id = ${tradeId}::uuid`);
}

export async function addRefunded(tx: DbOrTx, tradeId: string, amount: number) {
  await tx.execute(sql`update subscription_trades set refunded = refunded + ${amount}, updated_at = now()
    where id = ${tradeId}::uuid`);
}
