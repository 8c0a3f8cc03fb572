import type {
  AssetTimerCentreQuery,
  AssetTimerCentreRow,
  AssetTimerLog,
  AssetTimerLogKind,
  AssetTimerLogListQuery,
  AssetTimerResetCause,
  TimerKind,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { offsetOf } from '../../lib/paging.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import * as repo from './asset-timer-logs.repo.ts';
import { startCycles } from './cycle.repo.ts';
import { usageScale, valueUnitOf } from './cycle.ts';
import { lockAssetTimers } from './resets.repo.ts';

const ref = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

/** Where a cycle stands at `now`, in the timer's unit (seconds, km, hours): counted, left, share of the cycle. */
export function progressOf(
  r: {
    kind: TimerKind;
    cycle_started_at: Date | string;
    due_at: Date | string | null;
    start_distance_m: number;
    start_ride_seconds: number;
    due_at_usage: number | null;
    distance_m: number;
    ride_seconds: number;
  },
  now: Date,
) {
  const unit = valueUnitOf(r.kind);
  if (r.kind === 'distance' || r.kind === 'rideTime') {
    const scale = usageScale(r.kind);
    const start = r.kind === 'distance' ? r.start_distance_m : r.start_ride_seconds;
    const reading = r.kind === 'distance' ? r.distance_m : r.ride_seconds;
    const elapsed = (reading - start) / scale;
    const dueAfter = r.due_at_usage === null ? 0 : (r.due_at_usage - start) / scale;
    return {
      unit,
      elapsed,
      remaining: dueAfter - elapsed,
      progress: dueAfter > 0 ? elapsed / dueAfter : 1,
      dueAt: null,
      dueAfter,
    };
  }
  const start = new Date(r.cycle_started_at).getTime();
  const due = r.due_at === null ? start : new Date(r.due_at).getTime();
  const elapsed = (now.getTime() - start) / 1000;
  const length = (due - start) / 1000;
  return {
    unit,
    elapsed,
    remaining: length - elapsed,
    progress: length > 0 ? elapsed / length : 1,
    dueAt: r.due_at === null ? null : toIso(r.due_at),
    dueAfter: null,
  };
}

function toCentreRow(r: repo.CentreRow, now: Date): AssetTimerCentreRow {
  return {
    id: r.id,
    asset: {
      id: r.asset_id,
      no: r.asset_no,
      site: ref(r.site_id, r.site_name),
      category: { id: r.category_id, name: r.category_name },
    },
    partner: { id: r.partner_id, name: r.partner_name },
    timer: { id: r.timer_id, name: r.timer_name, kind: r.kind as TimerKind },
    groupId: r.group_id,
    state: r.state,
    cycle: r.cycle,
    cycleStartedAt: toIso(r.cycle_started_at),
    stateChangedAt: toIso(r.state_changed_at),
    ...progressOf({ ...r, kind: r.kind as TimerKind }, now),
    lastResetAt: toIsoOrNull(r.last_reset_at),
    lastResetCause: r.last_reset_cause as AssetTimerResetCause | null,
    lastResetBy: ref(r.last_reset_by, r.last_reset_by_name),
    acknowledgedAt: toIsoOrNull(r.acknowledged_at),
    acknowledgedBy: ref(r.acknowledged_by, r.acknowledged_by_name),
    openTicket: r.ticket_id ? { id: r.ticket_id, no: r.ticket_no ?? '' } : null,
  };
}

function toLog(r: repo.LogRow): AssetTimerLog {
  const kind = (r.timer_kind ?? 'time') as TimerKind;
  return {
    id: String(r.seq),
    asset: { id: r.asset_id, no: r.asset_no ?? '' },
    partner: { id: r.partner_id, name: r.partner_name ?? '' },
    timer: { id: r.timer_id, name: r.timer_name ?? '', kind },
    groupId: r.group_id,
    cycle: r.cycle,
    kind: r.kind as AssetTimerLogKind,
    value: r.value,
    unit: valueUnitOf(kind),
    cause: r.cause as AssetTimerLog['cause'],
    causeRef: r.cause_ref,
    actor: ref(r.actor_id, r.actor_name),
    createdAt: toIso(r.created_at),
  };
}

/**
 * The asset-timer log (every fire, reset and acknowledgement), the log centre (one row per asset and timer in its
 * state), bulk acknowledge and the manual reset. All by the asset's partner: an asset timer outside the scope is
 * 404 like a missing one; a partner named in a filter outside the scope is 403.
 */
export function createAssetTimerLogService(deps: { db: Db }) {
  const { db } = deps;

  /** Every id must be an asset timer in scope, else 404 naming none of them (as if absent). */
  async function lockAll(tx: DbOrTx, caller: Caller, ids: string[]) {
    const unique = [...new Set(ids)];
    const found = await lockAssetTimers(tx, caller.scope, unique);
    if (found.length < unique.length) throw notFound('The asset timer does not exist');
    return found;
  }

  return {
    async list(caller: Caller, q: AssetTimerLogListQuery) {
      const { pageNo, pageSize, sort, ...filter } = q;
      for (const p of filter.partnerIdIn ?? []) assertPartnerInScope(caller.scope, p);
      const [page, { count, countIsEstimate }] = await Promise.all([
        repo.logPage(db, caller.scope, filter, sort, { limit: pageSize, offset: offsetOf(q) }),
        repo.logCount(db, caller.scope, filter),
      ]);
      return { data: page.map(toLog), count, countIsEstimate };
    },

    async centre(caller: Caller, q: AssetTimerCentreQuery) {
      const { pageNo, pageSize, sort, ...filter } = q;
      for (const p of filter.partnerIdIn ?? []) assertPartnerInScope(caller.scope, p);
      const now = new Date();
      const window = { limit: pageSize, offset: offsetOf(q) };
      // A site or category filter: few matching rows are gathered once for count and page; many are walked.
      const narrowed = Boolean(filter.siteIdIn?.length || filter.categoryIdIn?.length);
      if (narrowed) {
        const small = await repo.centreSmallSet(db, caller.scope, filter, sort, window);
        if (small)
          return { data: small.rows.map((r) => toCentreRow(r, now)), count: small.count, countIsEstimate: false };
      }
      const [page, { count, countIsEstimate }] = await Promise.all([
        repo.centrePage(db, caller.scope, filter, sort, window, narrowed ? 'walk' : 'set'),
        repo.centreCount(db, caller.scope, filter),
      ]);
      return { data: page.map((r) => toCentreRow(r, now)), count, countIsEstimate };
    },

    async acknowledge(caller: Caller, ids: string[]) {
      return db.transaction(async (tx) => {
        const found = await lockAll(tx, caller, ids);
        return { acknowledged: await repo.acknowledge(tx, caller.scope, found, caller.userId) };
      });
    },

    /** Staff reset by hand with a note: each starts its next cycle now (always possible, whatever the rule). */
    async reset(caller: Caller, ids: string[], note: string) {
      return db.transaction(async (tx) => {
        const found = await lockAll(tx, caller, ids);
        // The caller's scope reached every row just above; the one reset path then acts on exactly those.
        const reset = await startCycles(tx, '*', found, {
          cause: 'manual',
          causeRef: { note },
          actorId: caller.userId,
        });
        return { reset };
      });
    },
  };
}
export type AssetTimerLogService = ReturnType<typeof createAssetTimerLogService>;
