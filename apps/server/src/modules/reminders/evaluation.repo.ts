import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ASSET_TIMER_NEXT_TIME } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import type { AllPartners } from '../../lib/scope.ts';

/** Per partner, how many reminders one round fired, by kind. */
export interface FiredCounts {
  partner_id: string;
  upcoming: number;
  due: number;
  overdue: number;
}

/**
 * The threshold a row waits for next, by its state: the expression of `asset_timers_next_time_idx` (the schema's,
 * so the planner walks that index; the time read below names no other table), and its twin over odometer
 * readings for usage timers.
 */
const nextTime = ASSET_TIMER_NEXT_TIME;
const nextUsage = sql`(case at.state when 'ok' then coalesce(at.upcoming_at_usage, at.due_at_usage) when 'upcoming' then at.due_at_usage when 'due' then at.overdue_at_usage end)`;
const reading = sql`(case t.kind when 'distance' then coalesce(o.distance_m, 0) else coalesce(o.ride_seconds, 0) end)`;
const rank = (state: SQL) => sql`(case ${state} when 'ok' then 0 when 'upcoming' then 1 when 'due' then 2 else 3 end)`;

/**
 * One evaluation round in one statement: each asset timer whose next threshold has passed climbs to the highest
 * state reached (never down), and each climb logs one fire of that state, unique per (asset timer, cycle, kind)
 * so a second evaluator or a repeated round inserts nothing. Candidates come from two index-led reads:
 * - time timers and schedules: `asset_timers_next_time_idx` ≤ `at` (only rows whose next instant has passed);
 * - usage timers: those whose odometer moved since `since` (the previous round's start, with a margin) or whose
 *   cycle started or was recomputed since then (a cycle may begin upcoming); `since` null reads them all. An asset
 *   that never rode has no odometer row and reads 0.
 * The update re-checks cycle and state on the row it locks, so a reset or another evaluator committing in between
 * wins and this round skips the row.
 */
export async function fireDue(tx: DbOrTx, _scope: AllPartners, at: Date, since: Date | null): Promise<FiredCounts[]> {
  const now = at.toISOString();
  const moved = since
    ? sql`and (o.updated_at >= ${since.toISOString()}::timestamptz or at.updated_at >= ${since.toISOString()}::timestamptz)`
    : sql``;
  return rows<FiredCounts>(
    tx,
    sql`
    with time_due as (
      select id, cycle,
        case when overdue_at <= ${now}::timestamptz then 'overdue'
          when due_at <= ${now}::timestamptz then 'due' else 'upcoming' end as new_state,
        extract(epoch from ${now}::timestamptz - cycle_started_at)::float8 as value
      from asset_timers
      where ${nextTime} <= ${now}::timestamptz
    ),
    usage_due as (
      select at.id, at.cycle,
        case when ${reading} >= at.overdue_at_usage then 'overdue'
          when ${reading} >= at.due_at_usage then 'due' else 'upcoming' end as new_state,
        case t.kind when 'distance' then (coalesce(o.distance_m, 0) - at.start_distance_m) / 1000
          else (coalesce(o.ride_seconds, 0) - at.start_ride_seconds) / 3600 end::float8 as value
      from asset_timers at
      join timers t on t.id = at.timer_id and t.kind in ('distance', 'rideTime')
      left join asset_odometers o on o.asset_id = at.asset_id
      where at.state <> 'overdue' and ${reading} >= ${nextUsage} ${moved}
    ),
    climbed as (
      update asset_timers at set state = c.new_state, state_changed_at = ${now}::timestamptz,
        acknowledged_at = null, acknowledged_by = null, updated_at = now()
      from (select * from time_due union all select * from usage_due) c
      where at.id = c.id and at.cycle = c.cycle and ${rank(sql`c.new_state`)} > ${rank(sql`at.state`)}
      returning at.id, at.asset_id, at.partner_id, at.timer_id, at.group_id, at.cycle, at.state, c.value
    ),
    fired as (
      insert into asset_timer_logs (asset_timer_id, asset_id, partner_id, timer_id, group_id, cycle, kind, value,
        cause, created_at)
      select id, asset_id, partner_id, timer_id, group_id, cycle, state, value, 'timer', ${now}::timestamptz
      from climbed
      on conflict (asset_timer_id, cycle, kind) where kind in ('upcoming', 'due', 'overdue') do nothing
      returning partner_id, kind
    )
    select partner_id,
      (count(*) filter (where kind = 'upcoming'))::int as upcoming,
      (count(*) filter (where kind = 'due'))::int as due,
      (count(*) filter (where kind = 'overdue'))::int as overdue
    from fired group by partner_id order by partner_id`,
  );
}
