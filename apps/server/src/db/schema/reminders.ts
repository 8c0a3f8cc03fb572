import { type SQL, sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners, users } from './account.ts';
import { assetCategories, assets } from './assets.ts';
import { timestamps } from './columns.ts';
import { checklists, workItems } from './workshop.ts';

/**
 * Reminders (document 1 §2.3, document 2 §3 "Timers and reminders"; docs/decisions.md "Reminders"). Timers, reset
 * rules and asset-timer groups belong to their partner; an asset's timer state and its log to the asset's partner.
 */

/**
 * What a timer counts and when it is due: `time` (quantity × unit of calendar time), `distance` (km ridden),
 * `rideTime` (hours ridden), `schedule` (the next occurrence of a five-field cron expression on the partner's clock).
 */
export const timers = pgTable(
  'timers',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => assetCategories.id),
    /** time | distance | rideTime | schedule */
    kind: text('kind').notNull(),
    /** For `time`: years | months | weeks | days | hours | minutes | seconds. */
    timingUnit: text('timing_unit'),
    /** Units for `time`, km for `distance`, hours for `rideTime`; null for `schedule`. */
    timingQuantity: doublePrecision('timing_quantity'),
    /** For `schedule`: five fields, evaluated in the partner's time zone. */
    cron: text('cron'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('timers_partner_name_key').on(t.partnerId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('timers_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

/**
 * What resets a timer: `checklistRecord` (a finalized record holding the work item, or any item of the checklist),
 * `assetProperty` (the asset's property set to the value), `manual` (staff, with a note; always possible).
 * remindBefore: how long before due the reminder says "upcoming", in the timer's unit (its time unit, km, hours;
 * hours for schedules).
 */
export const resetRules = pgTable(
  'reset_rules',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    detail: text('detail'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => assetCategories.id),
    /** checklistRecord | assetProperty | manual */
    type: text('type').notNull(),
    workItemId: uuid('work_item_id').references(() => workItems.id),
    checklistId: uuid('checklist_id').references(() => checklists.id),
    /** A built-in field (lifeCycleState, usageMode, …) or a custom property id. */
    property: text('property'),
    propertyValue: text('property_value'),
    remindBeforeReset: boolean('remind_before_reset').notNull().default(false),
    remindBefore: doublePrecision('remind_before'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reset_rules_partner_name_key')
      .on(t.partnerId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('reset_rules_partner_created_idx').on(t.partnerId, t.createdAt),
    index('reset_rules_work_item_idx').on(t.workItemId),
    index('reset_rules_checklist_idx').on(t.checklistId),
  ],
);

/** The reset rules a timer offers its groups. */
export const timerResetRules = pgTable(
  'timer_reset_rules',
  {
    timerId: uuid('timer_id')
      .notNull()
      .references(() => timers.id, { onDelete: 'cascade' }),
    resetRuleId: uuid('reset_rule_id')
      .notNull()
      .references(() => resetRules.id),
  },
  (t) => [primaryKey({ columns: [t.timerId, t.resetRuleId] }), index('timer_reset_rules_rule_idx').on(t.resetRuleId)],
);

/** A timer applied to a set of assets of one category, reset by one rule. */
export const assetTimerGroups = pgTable(
  'asset_timer_groups',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    timerId: uuid('timer_id')
      .notNull()
      .references(() => timers.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => assetCategories.id),
    resetRuleId: uuid('reset_rule_id')
      .notNull()
      .references(() => resetRules.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('asset_timer_groups_partner_created_idx').on(t.partnerId, t.createdAt),
    index('asset_timer_groups_timer_idx').on(t.timerId),
  ],
);

/**
 * The log centre's order of states: overdue, due, upcoming, ok. `state` is the column as a query names it (say
 * sql`at.state` where other tables are joined); PostgreSQL matches index expressions on the parsed column, so the
 * qualified form still walks the urgency indexes below, which have the bare column.
 */
export const assetTimerUrgency = (state: SQL = sql`state`) =>
  sql`(case ${state} when 'overdue' then 0 when 'due' then 1 when 'upcoming' then 2 else 3 end)`;
export const ASSET_TIMER_URGENCY = assetTimerUrgency();
const urgency = ASSET_TIMER_URGENCY;

/**
 * The time threshold a row waits for next, by its state: the expression of `asset_timers_next_time_idx`, which
 * the evaluation round (evaluation.repo.ts) filters on so the planner walks that index.
 */
export const ASSET_TIMER_NEXT_TIME = sql`(case state when 'ok' then coalesce(upcoming_at, due_at) when 'upcoming' then due_at when 'due' then overdue_at end)`;

/**
 * One asset under one timer (through its group): the current cycle and its thresholds, precomputed when the
 * cycle starts so the minute's evaluation is one set-based statement. Time thresholds are instants; usage
 * thresholds are odometer readings (asset_odometers) at which the state changes.
 * state: ok | upcoming | due | overdue (it only climbs within a cycle; a reset starts the next at ok).
 */
export const assetTimers = pgTable(
  'asset_timers',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => assetTimerGroups.id, { onDelete: 'cascade' }),
    timerId: uuid('timer_id')
      .notNull()
      .references(() => timers.id),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    /** Counts resets: fires are unique per (asset timer, cycle, kind). */
    cycle: integer('cycle').notNull().default(1),
    cycleStartedAt: timestamp('cycle_started_at', { withTimezone: true }).notNull(),
    /** Odometer readings when the cycle started. */
    startDistanceM: doublePrecision('start_distance_m').notNull().default(0),
    startRideSeconds: doublePrecision('start_ride_seconds').notNull().default(0),
    /** Time timers and schedules. */
    upcomingAt: timestamp('upcoming_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /** Usage timers: the odometer reading (m or s) at which each state begins. */
    upcomingAtUsage: doublePrecision('upcoming_at_usage'),
    dueAtUsage: doublePrecision('due_at_usage'),
    overdueAtUsage: doublePrecision('overdue_at_usage'),
    state: text('state').notNull().default('ok'),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
    lastResetAt: timestamp('last_reset_at', { withTimezone: true }),
    /** checklistRecord | assetProperty | manual | added */
    lastResetCause: text('last_reset_cause'),
    lastResetBy: uuid('last_reset_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    // One row per asset and timer: the log centre's unit.
    uniqueIndex('asset_timers_asset_timer_key').on(t.assetId, t.timerId),
    // A group's or a timer's rows in the log centre's order (the detail's assets, the centre filtered by either).
    index('asset_timers_group_urgency_idx').on(t.groupId, urgency, t.stateChangedAt, t.id),
    index('asset_timers_timer_urgency_idx').on(t.timerId, urgency, t.stateChangedAt, t.id),
    index('asset_timers_partner_state_idx').on(t.partnerId, t.state, t.dueAt),
    // The log centre's "what is due first": most urgent state, then the longest waiting. The page walks one of
    // these in order and stops after a page; the state filter is written on the same expression.
    index('asset_timers_urgency_idx').on(urgency, t.stateChangedAt, t.id),
    index('asset_timers_partner_urgency_idx').on(t.partnerId, urgency, t.stateChangedAt, t.id),
    // The log centre's site filter (its count, and a small set's order) reads a site's assets' rows from the index
    // alone.
    index('asset_timers_asset_cover_idx').on(t.assetId, t.partnerId, t.groupId, t.state, t.stateChangedAt, t.id),
    // "Unacknowledged only": its count reads a range of this index alone (`state` is a column of it because the
    // planner reads an expression's columns, not the expression, from an index-only scan).
    index('asset_timers_unacknowledged_idx').on(urgency, t.partnerId, t.state).where(sql`acknowledged_at is null`),
    // "Latest changes first": the page walks one of these backwards instead of sorting every matching row.
    index('asset_timers_changed_idx').on(t.stateChangedAt, t.id),
    index('asset_timers_partner_changed_idx').on(t.partnerId, t.stateChangedAt, t.id),
    // The evaluation round looks only at rows whose next time threshold has passed or that count usage.
    index('asset_timers_next_time_idx').on(ASSET_TIMER_NEXT_TIME),
  ],
);

/**
 * Each asset's distance and ride time, summed from its trips by the trip builder in the transaction that writes
 * them (as differences, so a rebuilt or late trip counts once). Usage timers compare against it.
 */
export const assetOdometers = pgTable('asset_odometers', {
  assetId: uuid('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  distanceM: doublePrecision('distance_m').notNull().default(0),
  rideSeconds: doublePrecision('ride_seconds').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every fire and reset. kind: upcoming | due | overdue | reset | acknowledged. A fire is unique per cycle
 * (the partial unique index), so two evaluators or a restart can never fire one twice.
 * value: what the timer had counted at that moment (seconds for time and schedule, km, hours).
 */
export const assetTimerLogs = pgTable(
  'asset_timer_logs',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** No foreign keys: the log is history and outlives the asset timer, its group and the asset. */
    assetTimerId: uuid('asset_timer_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    partnerId: uuid('partner_id').notNull(),
    timerId: uuid('timer_id').notNull(),
    groupId: uuid('group_id').notNull(),
    cycle: integer('cycle').notNull(),
    kind: text('kind').notNull(),
    value: doublePrecision('value'),
    /** For resets: checklistRecord | assetProperty | manual | added; for fires: timer. */
    cause: text('cause').notNull(),
    /** { recordId, checklistId, ticketId } | { property, value } | { note } */
    causeRef: jsonb('cause_ref').$type<Record<string, unknown>>(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asset_timer_logs_fire_key')
      .on(t.assetTimerId, t.cycle, t.kind)
      .where(sql`${t.kind} in ('upcoming', 'due', 'overdue')`),
    index('asset_timer_logs_partner_created_idx').on(t.partnerId, t.createdAt.desc()),
    index('asset_timer_logs_asset_idx').on(t.assetId, t.createdAt.desc()),
  ],
);
