import type { AssetTimerResetCause, TimerKind, TimeUnit } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows, uuidList } from '../../db/sql.ts';
import type { AllPartners } from '../../lib/scope.ts';
import { cycleThresholds, type Thresholds } from './cycle.ts';

/**
 * Starting cycles: the one SQL path every reset takes (an asset added to a group, a finalized checklist record, an
 * asset property change, staff by hand) and the recomputation after a timer's timing changes. Account-wide by
 * design (`AllPartners`): callers have already found the asset timers within the caller's scope, or act for the
 * whole account (events, jobs).
 */

interface CycleRow {
  id: string;
  kind: TimerKind;
  timing_unit: TimeUnit | null;
  timing_quantity: number | null;
  cron: string | null;
  remind_before_reset: boolean;
  remind_before: number | null;
  timezone: string;
  cycle_started_at: Date;
  start_distance_m: number;
  start_ride_seconds: number;
  distance_m: number;
  ride_seconds: number;
  /** What the ending cycle had counted (seconds, km, hours by kind). */
  value: number;
}

function readCycles(tx: DbOrTx, ids: readonly string[]) {
  return rows<CycleRow>(
    tx,
    sql`
    select at.id, t.kind, t.timing_unit, t.timing_quantity, t.cron, r.remind_before_reset, r.remind_before,
      p.timezone, at.cycle_started_at, at.start_distance_m, at.start_ride_seconds,
      coalesce(o.distance_m, 0) as distance_m, coalesce(o.ride_seconds, 0) as ride_seconds,
      case t.kind
        when 'distance' then (coalesce(o.distance_m, 0) - at.start_distance_m) / 1000
        when 'rideTime' then (coalesce(o.ride_seconds, 0) - at.start_ride_seconds) / 3600
        else extract(epoch from now() - at.cycle_started_at) end::float8 as value
    from asset_timers at
    join timers t on t.id = at.timer_id
    join asset_timer_groups g on g.id = at.group_id
    join reset_rules r on r.id = g.reset_rule_id
    join partners p on p.id = at.partner_id
    left join asset_odometers o on o.asset_id = at.asset_id
    where at.id in (${uuidList(ids)})
    order by at.id
    for update of at`,
  );
}

const odometerOf = (r: CycleRow, distanceM: number, rideSeconds: number) =>
  r.kind === 'distance' ? distanceM : r.kind === 'rideTime' ? rideSeconds : 0;

async function writeThresholds(
  tx: DbOrTx,
  values: readonly (Thresholds & { id: string; start: Date; startDistanceM: number; startRideSeconds: number })[],
  opts: { newCycle: boolean; initial?: boolean; cause?: AssetTimerResetCause; actorId?: string | null },
) {
  if (values.length === 0) return;
  const json = JSON.stringify(
    values.map((v) => ({
      ...v,
      start: v.start.toISOString(),
      upcomingAt: v.upcomingAt?.toISOString() ?? null,
      dueAt: v.dueAt?.toISOString() ?? null,
      overdueAt: v.overdueAt?.toISOString() ?? null,
    })),
  );
  await tx.execute(sql`
    update asset_timers at set
      upcoming_at = v."upcomingAt", due_at = v."dueAt", overdue_at = v."overdueAt",
      upcoming_at_usage = v."upcomingAtUsage", due_at_usage = v."dueAtUsage", overdue_at_usage = v."overdueAtUsage",
      ${
        opts.newCycle
          ? sql`cycle_started_at = v.start, start_distance_m = v."startDistanceM", start_ride_seconds = v."startRideSeconds",
      cycle = cycle + ${opts.initial ? 0 : 1}, state = 'ok', state_changed_at = now(), acknowledged_at = null, acknowledged_by = null,
      last_reset_at = now(), last_reset_cause = ${opts.cause ?? null}, last_reset_by = ${opts.actorId ?? null},`
          : sql``
      }
      updated_at = now()
    from json_to_recordset(${json}::json) as v(id uuid, start timestamptz, "startDistanceM" float8,
      "startRideSeconds" float8, "upcomingAt" timestamptz, "dueAt" timestamptz, "overdueAt" timestamptz,
      "upcomingAtUsage" float8, "dueAtUsage" float8, "overdueAtUsage" float8)
    where at.id = v.id`);
}

/**
 * Starts the next cycle of each asset timer now, from the current odometer, and logs a `reset` with its cause and
 * what the ending cycle had counted. `initial` starts the first cycle of a newly added asset timer (cycle 1, cause
 * 'added'). Rows are locked in id order, so concurrent resets of the same assets serialize instead of deadlocking.
 */
export async function startCycles(
  tx: DbOrTx,
  _scope: AllPartners,
  assetTimerIds: readonly string[],
  reset: {
    cause: AssetTimerResetCause;
    causeRef?: Record<string, unknown> | null;
    actorId?: string | null;
    initial?: boolean;
  },
): Promise<number> {
  if (assetTimerIds.length === 0) return 0;
  const found = await readCycles(tx, assetTimerIds);
  const now = new Date();
  await writeThresholds(
    tx,
    found.map((r) => ({
      id: r.id,
      start: now,
      startDistanceM: r.distance_m,
      startRideSeconds: r.ride_seconds,
      ...cycleThresholds(
        { kind: r.kind, timingUnit: r.timing_unit, timingQuantity: r.timing_quantity, cron: r.cron },
        { remindBeforeReset: r.remind_before_reset, remindBefore: r.remind_before },
        now,
        odometerOf(r, r.distance_m, r.ride_seconds),
        r.timezone,
      ),
    })),
    { newCycle: true, initial: reset.initial ?? false, cause: reset.cause, actorId: reset.actorId ?? null },
  );
  const logs = JSON.stringify(found.map((r) => ({ id: r.id, value: reset.initial ? 0 : r.value })));
  await tx.execute(sql`
    insert into asset_timer_logs (asset_timer_id, asset_id, partner_id, timer_id, group_id, cycle, kind, value, cause,
      cause_ref, actor_id)
    select at.id, at.asset_id, at.partner_id, at.timer_id, at.group_id, at.cycle, 'reset', v.value, ${reset.cause},
      ${reset.causeRef ? JSON.stringify(reset.causeRef) : null}::jsonb, ${reset.actorId ?? null}
    from json_to_recordset(${logs}::json) as v(id uuid, value float8)
    join asset_timers at on at.id = v.id`);
  return found.length;
}

/**
 * Recomputes the thresholds of running cycles from their own start (a timer's timing or a group's reset rule
 * changed). The state is left as it is: it only climbs, at the next evaluation, if the new thresholds say so.
 */
export async function recomputeCycles(
  tx: DbOrTx,
  _scope: AllPartners,
  of: { timerId: string } | { groupId: string },
): Promise<number> {
  const ids = await rows<{ id: string }>(
    tx,
    'timerId' in of
      ? sql`select id from asset_timers where timer_id = ${of.timerId}`
      : sql`select id from asset_timers where group_id = ${of.groupId}`,
  );
  let done = 0;
  // In slices: a timer may time many thousand assets.
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await readCycles(
      tx,
      ids.slice(i, i + 1000).map((r) => r.id),
    );
    await writeThresholds(
      tx,
      found.map((r) => ({
        id: r.id,
        start: new Date(r.cycle_started_at),
        startDistanceM: r.start_distance_m,
        startRideSeconds: r.start_ride_seconds,
        ...cycleThresholds(
          { kind: r.kind, timingUnit: r.timing_unit, timingQuantity: r.timing_quantity, cron: r.cron },
          { remindBeforeReset: r.remind_before_reset, remindBefore: r.remind_before },
          new Date(r.cycle_started_at),
          odometerOf(r, r.start_distance_m, r.start_ride_seconds),
          r.timezone,
        ),
      })),
      { newCycle: false },
    );
    done += found.length;
  }
  return done;
}
