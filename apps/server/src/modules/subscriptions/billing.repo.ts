import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows, uuidList } from '../../db/sql.ts';
import type { AllPartners } from '../../lib/scope.ts';
import { type OrderRow, restoreUsageModes } from './orders.repo.ts';

/**
 * The subscription billing job's SQL (docs/decisions.md "Subscriptions"). The job acts for the whole account
 * (scope "*"), so its functions take `AllPartners`; an order's own action (payoff, force close) narrows them to
 * that order after the caller's scope was checked on it.
 */

/** An order whose next period is due to be fixed, with its latest fixed period and the plan the next one takes. */
export interface OrderToFix extends OrderRow {
  last_starts_at: Date | string;
  last_ends_at: Date | string;
  last_anchor_at: Date | string;
  last_anchor_offset: number;
  last_unit: string;
  last_quantity: number;
  next_plan: string;
  next_unit: string;
  next_quantity: number;
  next_basic_fee: string;
  next_usage_fee: string;
  next_usage_fee_upper_limit: string;
  next_deductible: number;
}

export function lockOrdersToFix(tx: DbOrTx, _scope: AllPartners, now: Date, limit: number) {
  return rows<OrderToFix>(
    tx,
    sql`select o.*, p.starts_at as last_starts_at, p.ends_at as last_ends_at, p.anchor_at as last_anchor_at,
          p.anchor_offset as last_anchor_offset, lp.duration_unit as last_unit, lp.duration_quantity as last_quantity,
          np.id as next_plan, np.duration_unit as next_unit, np.duration_quantity as next_quantity,
          np.basic_fee as next_basic_fee, np.usage_fee as next_usage_fee,
          np.usage_fee_upper_limit as next_usage_fee_upper_limit, np.deductible as next_deductible
        from subscription_orders o
        join subscription_periods p on p.order_id = o.id and p.sequence = o.fixed_through
        join subscription_plans lp on lp.id = p.plan_id
        join subscription_plans np on np.id = coalesce(o.next_plan_id, o.plan_id)
        where o.status = 'subscribed' and o.next_fix_at <= ${now.toISOString()}::timestamptz
        order by o.next_fix_at limit ${limit} for update of o skip locked`,
  );
}

/** Basic trades whose period has started become Claimable. */
export async function startTrades(db: DbOrTx, _scope: AllPartners, now: Date) {
  await db.execute(sql`update subscription_trades set state = 'Claimable', updated_at = now()
    where state = 'Pending' and claimable_at <= ${now.toISOString()}::timestamptz`);
}

/** A period whose usage is final, locked; one per order at a time so a trip's seconds are counted in order. */
export interface PeriodToClose {
  id: string;
  order_id: string;
  usage_fee: string;
  usage_fee_upper_limit: string;
  deductible: number;
  seconds: number;
}

export function lockPeriodsToClose(tx: DbOrTx, _scope: AllPartners, now: Date, limit: number, orderId?: string) {
  return rows<{ id: string }>(
    tx,
    sql`select p.id from subscription_periods p
        where p.closed_at is null and p.closes_at <= ${now.toISOString()}::timestamptz
          ${orderId ? sql`and p.order_id = ${orderId}::uuid` : sql``}
          and not exists (select 1 from subscription_periods e where e.order_id = p.order_id and e.closed_at is null
            and e.sequence < p.sequence)
        order by p.closes_at limit ${limit} for update of p skip locked`,
  );
}

/**
 * Counts the ride seconds each period adds (document 2 §3 "Trip"; docs/decisions.md "Usage trade"): for every trip
 * of the period's assets, its seconds inside the asset's membership up to the period's end, less what was already
 * counted for the order — so a trip crossing the boundary is split by time, a late trip lands in the period being
 * closed, and no second is counted twice. Records the new totals and answers each period's seconds.
 */
export function countUsage(tx: DbOrTx, _scope: AllPartners, periodIds: readonly string[]) {
  return rows<PeriodToClose>(
    tx,
    sql`with p as (
        select p.id, p.order_id, p.sequence, p.starts_at, p.ends_at, p.usage_fee, p.usage_fee_upper_limit, p.deductible,
          p.starts_at - (p.ends_at - p.starts_at) - interval '7 days' as look_from
        from subscription_periods p where p.id in (${uuidList(periodIds)})),
      -- Materialized: each membership row then carries its trip window to the trips join as one outer row, and the
      -- trips index is read by (asset_id, started_at) range from look_from to the window's end — not over the
      -- asset's whole trip history, which the planner did when the window came from three joined tables.
      m as materialized (
        select p.id as period_id, p.order_id, m.asset_id, p.look_from, fp.starts_at as m_from,
          least(coalesce(up.ends_at, 'infinity'::timestamptz), p.ends_at) as m_upto
        from p join subscription_order_assets m on m.order_id = p.order_id and m.from_sequence <= p.sequence
        join subscription_periods fp on fp.order_id = m.order_id and fp.sequence = m.from_sequence
        left join subscription_periods up on up.order_id = m.order_id and up.sequence = m.until_sequence
        where up.ends_at is null or up.ends_at > p.look_from),
      u as (
        select m.period_id, m.order_id, t.id as trip_id,
          sum(extract(epoch from least(t.ended_at, m.m_upto) - greatest(t.started_at, m.m_from))) as secs
        from m join trips t on t.asset_id = m.asset_id and t.started_at >= m.look_from
          and t.started_at < m.m_upto and t.ended_at > m.m_from
        group by m.period_id, m.order_id, t.id),
      d as (
        select u.period_id, u.order_id, u.trip_id, u.secs, u.secs - coalesce(c.counted_seconds, 0) as delta
        from u left join subscription_trip_usage c on c.order_id = u.order_id and c.trip_id = u.trip_id
        where u.secs - coalesce(c.counted_seconds, 0) > 0.001),
      counted as (
        insert into subscription_trip_usage (order_id, trip_id, counted_seconds)
        select order_id, trip_id, secs from d
        on conflict (order_id, trip_id) do update set counted_seconds = excluded.counted_seconds
        returning 1),
      tot as (select period_id, sum(delta) as secs from d group by period_id)
    select p.id, p.order_id, p.usage_fee, p.usage_fee_upper_limit, p.deductible,
      coalesce(tot.secs, 0)::float8 as seconds, (select count(*) from counted)::int as written
    from p left join tot on tot.period_id = p.id`,
  );
}

export interface NewUsageTrade {
  id: string;
  periodId: string;
  orderId: string;
  amount: number;
  usageSeconds: number;
  deductedSeconds: number;
  deducted: number;
}

/** Writes each period's usage trade (once: the unique period and fee type) and closes the periods. */
export async function insertUsageTrades(tx: DbOrTx, _scope: AllPartners, trades: readonly NewUsageTrade[], now: Date) {
  if (trades.length === 0) return;
  const json = JSON.stringify(trades);
  await tx.execute(sql`
    insert into subscription_trades (id, order_id, period_id, fee_type, state, amount, usage_seconds, deducted_seconds,
      deducted, claimable_at, paid_at)
    select v.id, v."orderId", v."periodId", 'usage', case when v.amount > 0 then 'Claimable' else 'Succeeded' end,
      v.amount, v."usageSeconds", v."deductedSeconds", v.deducted, ${now.toISOString()}::timestamptz,
      case when v.amount > 0 then null else ${now.toISOString()}::timestamptz end
    from json_to_recordset(${json}::json) as v(id uuid, "orderId" uuid, "periodId" uuid, amount numeric,
      "usageSeconds" float8, "deductedSeconds" float8, deducted numeric)
    on conflict (period_id, fee_type) where fee_type <> 'service' do nothing`);
  await tx.execute(sql`update subscription_periods set closed_at = ${now.toISOString()}::timestamptz
    where id in (${uuidList(trades.map((t) => t.periodId))})`);
}

/** Orders whose end has come, locked: they finish and give their assets back. */
export function lockOrdersToFinish(tx: DbOrTx, _scope: AllPartners, now: Date, limit: number) {
  return rows<{ id: string; ends_at: Date | string; asset_transfer_site_id: string }>(
    tx,
    sql`select o.id, o.ends_at, o.asset_transfer_site_id from subscription_orders o
        where o.status <> 'finished' and o.ends_at <= ${now.toISOString()}::timestamptz
        order by o.ends_at limit ${limit} for update of o skip locked`,
  );
}

export async function finishOrder(tx: DbOrTx, _scope: AllPartners, orderId: string) {
  await tx.execute(sql`update subscription_orders set status = 'finished', ended_at = ends_at, next_fix_at = null,
    next_plan_id = null, updated_at = now() where id = ${orderId}::uuid`);
}

/** Assets that left an order before the period now running: they are given back (their prior usage mode). */
export async function releaseDeparted(tx: DbOrTx, _scope: AllPartners, now: Date) {
  const released = await rows<{ asset_id: string; prior_usage_mode: string }>(
    tx,
    sql`update subscription_order_assets m set released_at = now()
        where m.released_at is null and m.until_sequence is not null
          and exists (select 1 from subscription_periods p where p.order_id = m.order_id
            and p.sequence = m.until_sequence + 1 and p.starts_at <= ${now.toISOString()}::timestamptz)
        returning m.asset_id, m.prior_usage_mode`,
  );
  await restoreUsageModes(tx, released);
  return released.length;
}

/** A trade claimed for charging, with what the charge needs. */
export interface ClaimedTrade {
  id: string;
  due: string;
  attempts: number;
  fee_type: string;
  sequence: number;
  order_no: string;
  currency: string;
  payment_method: string;
}

/**
 * Takes up to `limit` trades to charge — Claimable ones (and Pending ones whose time has come; for a payoff also the
 * service fees owed, which otherwise wait for the order's next trade), Failed ones last
 * tried before `retryBefore` (every Failed one of the order for a payoff), ones claimed before `staleBefore` that
 * never reached the ledger — marked Processing with their attempt, so another instance takes other trades.
 */
export function claimTrades(
  db: DbOrTx,
  _scope: AllPartners,
  opts: { now: Date; retryBefore: Date; staleBefore: Date; limit: number; orderId?: string },
) {
  const failed: SQL = opts.orderId
    ? sql`t.state = 'Failed'`
    : sql`(t.state = 'Failed' and t.last_attempt_at <= ${opts.retryBefore.toISOString()}::timestamptz)`;
  return rows<ClaimedTrade>(
    db,
    sql`with picked as (
          select t.id from subscription_trades t
          where t.amount - t.exempted > 0
            ${opts.orderId ? sql`and t.order_id = ${opts.orderId}::uuid` : sql``}
            and (t.state = 'Claimable'
              or (t.state = 'Pending' and (t.claimable_at <= ${opts.now.toISOString()}::timestamptz
                ${opts.orderId ? sql`or t.fee_type = 'service'` : sql``}))
              or ${failed}
              or (t.state = 'Processing' and t.payment_id is null and t.updated_at <= ${opts.staleBefore.toISOString()}::timestamptz))
          order by t.claimable_at limit ${opts.limit} for update of t skip locked)
        update subscription_trades t
        set state = 'Processing', updated_at = now(), last_attempt_at = ${opts.now.toISOString()}::timestamptz,
          -- A stale claim keeps its attempt: its key may already be in the ledger.
          attempts = case when t.state = 'Processing' then t.attempts else t.attempts + 1 end
        from picked, subscription_orders o, subscription_periods p
        where t.id = picked.id and o.id = t.order_id and p.id = t.period_id
        returning t.id, (t.amount - t.exempted) as due, t.attempts, t.fee_type, p.sequence, o.no as order_no,
          o.currency, o.payment_method`,
  );
}

export interface TradeAnswer {
  id: string;
  attempts: number;
  state: string;
  payment_id: string;
  failure_message: string | null;
}

/** Books a batch's answers; an answer for an attempt the trade has moved past is ignored. */
export async function bookTrades(db: DbOrTx, _scope: AllPartners, answers: readonly TradeAnswer[], now: Date) {
  if (answers.length === 0) return;
  await db.execute(sql`
    update subscription_trades t set state = v.state, payment_id = v.payment_id, failure_message = v.failure_message,
      paid_at = case when v.state = 'Succeeded' then ${now.toISOString()}::timestamptz else null end, updated_at = now()
    from json_to_recordset(${JSON.stringify(answers)}::json)
      as v(id uuid, attempts int, state text, payment_id uuid, failure_message text)
    where t.id = v.id and t.attempts = v.attempts and t.state = 'Processing'`);
}

/** Trades whose charge was answered later (a webhook, the reconcile job) take the answer. */
export async function settleProcessingTrades(db: DbOrTx, _scope: AllPartners) {
  await db.execute(sql`
    update subscription_trades t set state = case p.status when 'Succeeded' then 'Succeeded' else 'Failed' end,
      failure_message = p.failure_message,
      paid_at = case when p.status = 'Succeeded' then coalesce(p.settled_at, now()) else null end, updated_at = now()
    from payments p
    where p.id = t.payment_id and t.state = 'Processing' and p.status <> 'Pending'`);
}
