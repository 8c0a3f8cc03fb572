import { randomUUID } from 'node:crypto';
import type { AssetTimerResetCause, TimerKind, TimeUnit } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import { addTime } from '../../lib/calendar.ts';
import { recomputeCycles, startCycles } from '../../modules/reminders/cycle.repo.ts';
import { scheduleOf, usageScale } from '../../modules/reminders/cycle.ts';
import { evaluateReminders } from '../../modules/reminders/evaluation.ts';
import type { Db, DbOrTx } from '../client.ts';
import { assetTimerGroups, assetTimerLogs, assetTimers, resetRules, timerResetRules, timers } from '../schema/index.ts';
import { rows } from '../sql.ts';
import type { DemoPartners } from './demo.ts';
import { seededRandom } from './random.ts';

type PartnerKey = keyof DemoPartners;
type Person = { id: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Each demo partner's clock: schedules and calendar timers run on it. */
export const demoTimeZones: Record<PartnerKey, string> = {
  milano: 'Europe/Rome',
  barcelona: 'Europe/Madrid',
  seoul: 'Asia/Seoul',
};

type RuleKey = 'brakes' | 'service' | 'battery' | 'tyre' | 'ready' | 'manual';
interface DemoRule {
  name: string;
  detail: string;
  type: 'checklistRecord' | 'assetProperty' | 'manual';
  checklist?: string;
  workItem?: string;
  property?: { name: string; value: string };
  remindBefore: number | null;
}
/** What resets the timers: the workshop's checklists and work items, the asset becoming Ready, or staff by hand. */
const demoRules: Record<RuleKey, DemoRule> = {
  brakes: {
    name: 'Brake service finalized',
    detail: 'A finalized Brake service record restarts the brake timer.',
    type: 'checklistRecord',
    checklist: 'Brake service',
    remindBefore: 50,
  },
  service: {
    name: 'Full service finalized',
    detail: 'The yearly E-bike full service also covers the quarterly service.',
    type: 'checklistRecord',
    checklist: 'E-bike full service',
    remindBefore: null,
  },
  battery: {
    name: 'Battery check finalized',
    detail: 'A finalized Battery check record, whoever opened it.',
    type: 'checklistRecord',
    checklist: 'Battery check',
    remindBefore: 12,
  },
  tyre: {
    name: 'Tyre work done',
    detail: 'Any finalized record with the Tyre work item.',
    type: 'checklistRecord',
    workItem: 'Tyre',
    remindBefore: 200,
  },
  ready: {
    name: 'Lifecycle set to Ready',
    detail: 'Back in service after an inspection.',
    type: 'assetProperty',
    property: { name: 'lifeCycleState', value: 'Ready' },
    remindBefore: 10,
  },
  manual: {
    name: 'Manual',
    detail: 'Staff reset it by hand, with a note.',
    type: 'manual',
    remindBefore: null,
  },
};

interface DemoTimer {
  name: string;
  kind: TimerKind;
  unit: TimeUnit | null;
  quantity: number | null;
  cron: string | null;
  /** The rule its group uses; every timer also offers Manual. */
  rule: RuleKey;
  /** Which of the partner's City e-bikes the group times: [offset, count] in asset-number order. */
  assets: [number, number];
}
const demoTimers: DemoTimer[] = [
  {
    name: 'Brakes every 500 km',
    kind: 'distance',
    unit: null,
    quantity: 500,
    cron: null,
    rule: 'brakes',
    assets: [0, 24],
  },
  {
    name: 'Service every 3 months',
    kind: 'time',
    unit: 'months',
    quantity: 3,
    cron: null,
    rule: 'service',
    assets: [8, 24],
  },
  {
    name: 'Battery check every Monday 08:00',
    kind: 'schedule',
    unit: null,
    quantity: null,
    cron: '0 8 * * 1',
    rule: 'battery',
    assets: [0, 12],
  },
  {
    name: 'Tyres after 2,000 km',
    kind: 'distance',
    unit: null,
    quantity: 2000,
    cron: null,
    rule: 'tyre',
    assets: [12, 20],
  },
  { name: 'Ride time 100 h', kind: 'rideTime', unit: null, quantity: 100, cron: null, rule: 'ready', assets: [20, 16] },
];

/** A finalized record of the demo workshop: the cause of a real reset. */
interface FinalizedRecord {
  id: string;
  asset_id: string;
  checklist_id: string;
  ticket_id: string | null;
  created_by: string | null;
  finalized_at: Date;
  work_item_ids: string[];
}

interface Planned {
  id: string;
  assetId: string;
  partnerId: string;
  timerId: string;
  groupId: string;
  /** Who added the bike to the group. */
  addedBy: string;
  timer: DemoTimer;
  rule: RuleKey;
  /** The current cycle: when it started and the odometer then. */
  start: Date;
  startDistanceM: number;
  startRideSeconds: number;
  odometer: { distanceM: number; rideSeconds: number };
  /** The cycle before, for assets that have been through one: when it started, what it counted, what ended it. */
  previous: {
    start: Date;
    /** When it was reset, as a share of its length (1.1 = overdue). */
    late: number;
    /** Its length: ms for time and schedules, km, hours. */
    length: number;
    /** What it had counted: seconds, km, hours. */
    counted: number;
    cause: AssetTimerResetCause;
    causeRef: Record<string, unknown>;
    actorId: string;
  } | null;
}

/**
 * The reminders of every demo partner (issue 23): its time zone, reset rules tied to the workshop's checklists and
 * work items, five timers (distance, calendar time, a Monday schedule, ride time) applied to groups of City e-bikes,
 * odometers from the bikes' own odometer property, and cycles started at believable moments — a few restarted by the
 * demo workshop's real finalized records, others by staff. Cycles start through `startCycles` (the one path of every
 * reset) and are then dated back; the last week's evaluation rounds are replayed through `evaluateReminders`, so the
 * log shows when each reminder fired and the log centre has upcoming, due and overdue rows.
 */
export async function seedDemoReminders(
  db: DbOrTx,
  partners: DemoPartners,
  staff: Record<PartnerKey, { lead: Person; mechanic: Person }>,
  opts: { now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  const rng = seededRandom(20261127);
  const [category] = await rows<{ id: string }>(db, sql`select id from asset_categories where name = 'City e-bike'`);
  const odometerProperty = (
    await rows<{ id: string }>(
      db,
      sql`select id from asset_properties where category_id = ${category?.id ?? null} and name = 'Odometer (km)'`,
    )
  )[0]?.id;
  if (!category) return { assetTimers: 0 };
  const planned: Planned[] = [];

  for (const key of Object.keys(demoTimeZones) as PartnerKey[]) {
    const partnerId = partners[key].id;
    const timezone = demoTimeZones[key];
    const people = staff[key];
    await db.execute(sql`update partners set timezone = ${timezone} where id = ${partnerId}`);
    const catalogue = new Map(
      (
        await rows<{ kind: string; id: string; name: string }>(
          db,
          sql`select 'checklist' as kind, id, name from checklists where partner_id = ${partnerId} and status = 'Inuse'
            union all select 'workItem', id, name from work_items where partner_id = ${partnerId} and status = 'Inuse'`,
        )
      ).map((r) => [`${r.kind}:${r.name}`, r.id]),
    );
    const ruleIds = {} as Record<RuleKey, string>;
    const setUpAt = new Date(now.getTime() - 150 * DAY);
    await db.insert(resetRules).values(
      (Object.entries(demoRules) as [RuleKey, DemoRule][]).map(([ruleKey, r]) => {
        ruleIds[ruleKey] = randomUUID();
        return {
          id: ruleIds[ruleKey],
          partnerId,
          name: r.name,
          detail: r.detail,
          categoryId: category.id,
          type: r.type,
          checklistId: r.checklist ? (catalogue.get(`checklist:${r.checklist}`) ?? null) : null,
          workItemId: r.workItem ? (catalogue.get(`workItem:${r.workItem}`) ?? null) : null,
          property: r.property?.name ?? null,
          propertyValue: r.property?.value ?? null,
          remindBeforeReset: r.remindBefore !== null,
          remindBefore: r.remindBefore,
          createdAt: setUpAt,
          updatedAt: setUpAt,
        };
      }),
    );

    // The partner's City e-bikes in service, in number order; the bikes a real record serviced come first, so the
    // group of that record's rule holds them.
    const bikes = await rows<{ id: string; odometer_km: number | null }>(
      db,
      sql`select a.id, (a.properties->>${odometerProperty ?? ''})::float8 as odometer_km from assets a
        where a.partner_id = ${partnerId} and a.category_id = ${category.id} and a.life_cycle_state <> 'Removed'
          and a.life_cycle_state in ('Ready', 'NotReady')
        order by a.no limit 60`,
    );
    const records = await rows<FinalizedRecord>(
      db,
      sql`select r.id, r.asset_id, r.checklist_id, r.ticket_id, r.created_by, r.finalized_at,
          array(select distinct w->>'workItemId' from jsonb_array_elements(r.results) g,
            jsonb_array_elements(g->'workItems') w) as work_item_ids
        from checklist_records r join assets a on a.id = r.asset_id
        where r.partner_id = ${partnerId} and r.status = 'Finish' and r.excluded_at is null
          and a.category_id = ${category.id}
        order by r.finalized_at`,
    );
    const odometer = new Map<string, { distanceM: number; rideSeconds: number }>();
    const odometerOf = (assetId: string, km: number | null) => {
      let o = odometer.get(assetId);
      if (!o) {
        const distanceM = Math.round((km ?? 400 + rng.next() * 6000) * 1000);
        // About 15 km/h on average, stops included.
        o = { distanceM, rideSeconds: Math.round((distanceM / 15_000) * 3600) };
        odometer.set(assetId, o);
      }
      return o;
    };

    for (const t of demoTimers) {
      const timerId = randomUUID();
      const groupId = randomUUID();
      await db.insert(timers).values({
        id: timerId,
        partnerId,
        name: t.name,
        categoryId: category.id,
        kind: t.kind,
        timingUnit: t.unit,
        timingQuantity: t.quantity,
        cron: t.cron,
        createdAt: setUpAt,
        updatedAt: setUpAt,
      });
      await db.insert(timerResetRules).values([
        { timerId, resetRuleId: ruleIds[t.rule] },
        { timerId, resetRuleId: ruleIds.manual },
      ]);
      await db.insert(assetTimerGroups).values({
        id: groupId,
        partnerId,
        timerId,
        categoryId: category.id,
        resetRuleId: ruleIds[t.rule],
        createdAt: setUpAt,
        updatedAt: setUpAt,
      });
      const rule = demoRules[t.rule];
      const ruleChecklist = rule.checklist ? catalogue.get(`checklist:${rule.checklist}`) : undefined;
      const ruleItem = rule.workItem ? catalogue.get(`workItem:${rule.workItem}`) : undefined;
      const serviced = records.filter(
        (r) => r.checklist_id === ruleChecklist || (ruleItem !== undefined && r.work_item_ids.includes(ruleItem)),
      );
      // The newest record of each serviced bike restarted its cycle.
      const lastRecord = new Map(serviced.map((r) => [r.asset_id, r]));
      const [offset, count] = t.assets;
      const chosen = [
        ...lastRecord.keys(),
        ...bikes
          .slice(offset, offset + count)
          .map((b) => b.id)
          .filter((id) => !lastRecord.has(id)),
      ];
      for (const assetId of chosen) {
        const o = odometerOf(assetId, bikes.find((b) => b.id === assetId)?.odometer_km ?? null);
        planned.push(
          plan({
            t,
            rule: t.rule,
            assetId,
            partnerId,
            timerId,
            groupId,
            odometer: o,
            record: lastRecord.get(assetId),
            people,
            timezone,
          }),
        );
      }
    }
  }

  function plan(p: {
    t: DemoTimer;
    rule: RuleKey;
    assetId: string;
    partnerId: string;
    timerId: string;
    groupId: string;
    odometer: { distanceM: number; rideSeconds: number };
    record: FinalizedRecord | undefined;
    people: { lead: Person; mechanic: Person };
    timezone: string;
  }): Planned {
    const { t } = p;
    // How far into its cycle the bike is: most are fine, some near the end, a few due or overdue.
    const band = rng.weighted({ ok: 52, near: 22, due: 16, overdue: 10 });
    let progress =
      band === 'ok'
        ? 0.05 + rng.next() * 0.7
        : band === 'near'
          ? 0.8 + rng.next() * 0.18
          : band === 'due'
            ? 1 + rng.next() * 0.08
            : 1.12 + rng.next() * 0.3;
    const usage = t.kind === 'distance' || t.kind === 'rideTime';
    const timeLength =
      t.kind === 'schedule'
        ? 7 * DAY
        : t.kind === 'time'
          ? now.getTime() - addTime(now, t.unit ?? 'days', -(t.quantity ?? 0), p.timezone).getTime()
          : 0;
    const usageLength = usage ? (t.quantity ?? 0) * usageScale(t.kind) : 0;
    const reading = t.kind === 'rideTime' ? p.odometer.rideSeconds : p.odometer.distanceM;
    // A real record restarted the cycle when it was finalized; usage since then at about 25 km or 1.5 h a day.
    if (p.record) {
      const days = (now.getTime() - new Date(p.record.finalized_at).getTime()) / DAY;
      progress = usage ? (days * (t.kind === 'distance' ? 25_000 : 5_400)) / usageLength : (days * DAY) / timeLength;
    }
    if (usage) progress = Math.min(progress, (0.9 * reading) / usageLength);
    const sinceStartMs = usage ? Math.max(2 * DAY, progress * 20 * DAY) : progress * timeLength;
    let start = p.record ? new Date(p.record.finalized_at) : new Date(now.getTime() - sinceStartMs);
    if (t.kind === 'schedule' && !p.record) {
      // A weekly check: most bikes were checked since the last Monday, the others are overdue.
      const last = scheduleOf(t.cron ?? '', p.timezone).previousRuns(1, now)[0] ?? now;
      start =
        band === 'ok' || band === 'near'
          ? new Date(last.getTime() + rng.next() * (now.getTime() - last.getTime()))
          : new Date(last.getTime() - (1 + rng.next() * 3) * DAY);
    }
    const used = progress * usageLength;
    const id = randomUUID();
    // Half the bikes have been through a cycle before: ended by their rule's event or by staff, a little late.
    let previous: Planned['previous'] = null;
    if (p.record || rng.next() < 0.5) {
      const late = 1 + rng.next() * 0.15;
      // The ended cycle's length in its own unit (ms for time and schedules, km, hours) and how long it took.
      const length = usage ? (t.quantity ?? 0) : timeLength;
      const tookMs = usage ? (30 + rng.next() * 30) * DAY : timeLength * late;
      const byRule = p.record !== undefined || (demoRules[p.rule].type === 'assetProperty' && rng.next() < 0.7);
      previous = {
        start: new Date(start.getTime() - tookMs),
        late,
        length,
        counted: usage ? length * late : (length * late) / 1000,
        cause: byRule ? (demoRules[p.rule].type === 'assetProperty' ? 'assetProperty' : 'checklistRecord') : 'manual',
        causeRef: p.record
          ? { recordId: p.record.id, checklistId: p.record.checklist_id, ticketId: p.record.ticket_id }
          : byRule
            ? { property: 'lifeCycleState', value: 'Ready' }
            : { note: rng.pick(['Fixed at the roadside', 'Serviced by the supplier', 'Checked on the weekly round']) },
        actorId: p.record?.created_by ?? (rng.next() < 0.5 ? p.people.lead.id : p.people.mechanic.id),
      };
    }
    return {
      id,
      assetId: p.assetId,
      partnerId: p.partnerId,
      timerId: p.timerId,
      groupId: p.groupId,
      addedBy: p.people.lead.id,
      odometer: p.odometer,
      timer: t,
      rule: p.rule,
      start,
      startDistanceM: t.kind === 'distance' ? p.odometer.distanceM - used : p.odometer.distanceM,
      startRideSeconds: t.kind === 'rideTime' ? p.odometer.rideSeconds - used : p.odometer.rideSeconds,
      previous,
    };
  }

  await seedOdometers(db, planned);
  await db.insert(assetTimers).values(
    planned.map((a) => ({
      id: a.id,
      groupId: a.groupId,
      timerId: a.timerId,
      assetId: a.assetId,
      partnerId: a.partnerId,
      cycleStartedAt: now,
    })),
  );
  // Every cycle starts the way the API starts it: added to the group, then, for the bikes with a past, reset by
  // what ended their first cycle. Dated back below.
  for (const addedBy of new Set(planned.map((a) => a.addedBy))) {
    const added = planned.filter((a) => a.addedBy === addedBy).map((a) => a.id);
    await startCycles(db, '*', added, { cause: 'added', initial: true, actorId: addedBy });
  }
  const resets = new Map<string, { previous: NonNullable<Planned['previous']>; ids: string[] }>();
  for (const a of planned) {
    if (!a.previous) continue;
    const key = JSON.stringify([a.previous.cause, a.previous.causeRef, a.previous.actorId]);
    const same = resets.get(key) ?? { previous: a.previous, ids: [] };
    same.ids.push(a.id);
    resets.set(key, same);
  }
  for (const { previous, ids } of resets.values()) {
    await startCycles(db, '*', ids, {
      cause: previous.cause,
      causeRef: previous.causeRef,
      actorId: previous.actorId,
    });
  }
  await dateBack(db, planned);
  for (const groupId of new Set(planned.map((a) => a.groupId))) await recomputeCycles(db, '*', { groupId });
  await db.insert(assetTimerLogs).values(pastFires(planned, now));
  // The last days' evaluation rounds, as the job ran them: the log shows when each reminder fired.
  for (const hoursAgo of [72, 24, 0]) {
    await evaluateReminders(db as Db, new Date(now.getTime() - hoursAgo * HOUR));
  }
  return { assetTimers: planned.length };
}

/** Each bike's odometer: added to what its trips already counted (the bike rode before the trip log began). */
async function seedOdometers(db: DbOrTx, planned: readonly Planned[]) {
  const readings = new Map(planned.map((a) => [a.assetId, a.odometer]));
  const json = JSON.stringify([...readings].map(([assetId, o]) => ({ assetId, ...o })));
  await db.execute(sql`
    insert into asset_odometers (asset_id, distance_m, ride_seconds)
    select v."assetId", v."distanceM", v."rideSeconds"
    from json_to_recordset(${json}::json) as v("assetId" uuid, "distanceM" float8, "rideSeconds" float8)
    on conflict (asset_id) do update set distance_m = asset_odometers.distance_m + excluded.distance_m,
      ride_seconds = asset_odometers.ride_seconds + excluded.ride_seconds, updated_at = now()`);
}

/** The cycles and their reset logs at the moments they really started, with what the ended cycle had counted. */
async function dateBack(db: DbOrTx, planned: readonly Planned[]) {
  const json = JSON.stringify(
    planned.map((a) => ({
      id: a.id,
      start: a.start.toISOString(),
      first: (a.previous?.start ?? a.start).toISOString(),
      counted: a.previous?.counted ?? 0,
      startDistanceM: a.startDistanceM,
      startRideSeconds: a.startRideSeconds,
    })),
  );
  const values = sql`json_to_recordset(${json}::json) as v(id uuid, start timestamptz, first timestamptz,
    counted float8, "startDistanceM" float8, "startRideSeconds" float8)`;
  await db.execute(sql`
    update asset_timers at set cycle_started_at = v.start, state_changed_at = v.start, last_reset_at = v.start,
      start_distance_m = v."startDistanceM", start_ride_seconds = v."startRideSeconds", created_at = v.first,
      updated_at = v.start
    from ${values} where at.id = v.id`);
  await db.execute(sql`
    update asset_timer_logs l set created_at = case when l.cycle = 1 then v.first else v.start end,
      value = case when l.cause = 'added' then 0 else v.counted end
    from ${values} where l.asset_timer_id = v.id`);
}

/**
 * What the evaluation logged during the cycles that ended before the demo begins: upcoming (when the rule reminds
 * ahead), due, and overdue for the ones reset late, each at the moment its threshold was crossed.
 */
function pastFires(planned: readonly Planned[], now: Date): (typeof assetTimerLogs.$inferInsert)[] {
  const out: (typeof assetTimerLogs.$inferInsert)[] = [];
  for (const a of planned) {
    const prev = a.previous;
    if (!prev) continue;
    const t = a.timer;
    const usage = t.kind === 'distance' || t.kind === 'rideTime';
    const remind = demoRules[a.rule].remindBefore;
    const shares: ['upcoming' | 'due' | 'overdue', number][] = [['due', 1]];
    if (remind !== null) {
      shares.unshift(['upcoming', 1 - (t.kind === 'schedule' ? remind * HOUR : remind) / (prev.length || 1)]);
    }
    if (prev.late >= 1.1) shares.push(['overdue', 1.1]);
    const cycleMs = a.start.getTime() - prev.start.getTime();
    for (const [kind, share] of shares) {
      const at = new Date(prev.start.getTime() + (share / prev.late) * cycleMs);
      if (at >= now) continue;
      out.push({
        assetTimerId: a.id,
        assetId: a.assetId,
        partnerId: a.partnerId,
        timerId: a.timerId,
        groupId: a.groupId,
        cycle: 1,
        kind,
        // Seconds for time and schedules, km, hours.
        value: usage ? share * (t.quantity ?? 0) : (share * prev.length) / 1000,
        cause: 'timer',
        createdAt: at,
      });
    }
  }
  return out;
}
