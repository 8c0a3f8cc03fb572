import { z } from 'zod';
import {
  dataOf,
  emptyResponse,
  enumListQuery,
  id,
  idListQuery,
  idParams,
  isoDateTime,
  listOf,
  optionalText,
  pageQuery,
  sortQuery,
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/**
 * Reminders (document 1 §2.3 "Reminder logs, Asset-timer groups, Timers, Reset rules", document 2 §3 "Timers and
 * reminders"; docs/decisions.md "Reminders"). Timers, reset rules and groups belong to their partner; an asset's
 * timer and its log to the asset's partner.
 */
const tag = 'reminder';

/** Document 2 §3 "Other enumerations": time units. */
export const timeUnits = ['years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds'] as const;
export type TimeUnit = (typeof timeUnits)[number];

/** What a timer counts: calendar time, km ridden, hours ridden, or a cron schedule on the partner's clock. */
export const timerKinds = ['time', 'distance', 'rideTime', 'schedule'] as const;
export type TimerKind = (typeof timerKinds)[number];

export const resetRuleTypes = ['checklistRecord', 'assetProperty', 'manual'] as const;
export type ResetRuleType = (typeof resetRuleTypes)[number];

/** The asset's own fields a reset rule may watch; any other value of `property` is a custom property id. */
export const resetRuleBuiltInProperties = ['lifeCycleState', 'turnoverState', 'usageMode'] as const;

/** ok → upcoming (remind-before crossed) → due → overdue; a reset starts the next cycle at ok. */
export const assetTimerStates = ['ok', 'upcoming', 'due', 'overdue'] as const;
export type AssetTimerState = (typeof assetTimerStates)[number];

export const assetTimerLogKinds = ['upcoming', 'due', 'overdue', 'reset', 'acknowledged'] as const;
export type AssetTimerLogKind = (typeof assetTimerLogKinds)[number];

/** What reset a cycle: a finalized checklist record, an asset property change, staff by hand, or being added. */
export const assetTimerResetCauses = ['checklistRecord', 'assetProperty', 'manual', 'added'] as const;
export type AssetTimerResetCause = (typeof assetTimerResetCauses)[number];

/** The unit of `elapsed`, `remaining`, `value`: seconds for time and schedules, km, hours of ride time. */
export const timerValueUnits = ['seconds', 'km', 'hours'] as const;
export type TimerValueUnit = (typeof timerValueUnits)[number];

/** Like every batch: at most 100 assets per change (document 2 §9). */
export const ASSET_TIMER_BATCH_MAX = 100;
/** A cycle is overdue once it is past due by this share of its length (docs/decisions.md "Reminders"). */
export const OVERDUE_SHARE = 0.1;

/** Five space-separated fields (document 2 §9); the server parses it with croner and refuses what it cannot. */
export const cronExpression = z
  .string({ message: 'Please enter a schedule' })
  .trim()
  .refine((v) => v.split(/\s+/).length === 5, { message: 'A schedule has five fields: minute hour day month weekday' });

const positive = (max: number) =>
  z
    .number({ message: 'Please enter a number' })
    .positive({ message: 'Must be greater than 0' })
    .max(max, { message: `Must be at most ${max}` });

const timerFields = z.strictObject({
  partnerId: id,
  name: trimmedText(100),
  categoryId: id,
  kind: z.enum(timerKinds, { message: 'Please choose what the timer counts' }),
  /** For `time`. */
  timingUnit: z.enum(timeUnits, { message: 'Please choose a time unit' }).nullable().optional(),
  /** Units for `time` (whole), km for `distance`, hours for `rideTime`. */
  timingQuantity: positive(1_000_000).nullable().optional(),
  /** For `schedule`. */
  cron: cronExpression.nullable().optional(),
  /** The reset rules the timer's groups may choose from (same partner and category). */
  resetRuleIds: z.array(id).min(1, { message: 'Please select at least one reset rule' }).max(20),
});

/** The fields a kind needs are required; the others must be absent. */
function checkTiming(
  v: { kind?: TimerKind; timingUnit?: TimeUnit | null; timingQuantity?: number | null; cron?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.kind === undefined) return;
  const need = (field: 'timingUnit' | 'timingQuantity' | 'cron', message: string) => {
    if (v[field] === undefined || v[field] === null) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (v.kind === 'time') {
    need('timingUnit', 'Please choose a time unit');
    need('timingQuantity', 'Please enter a number');
    if (v.timingQuantity != null && !Number.isInteger(v.timingQuantity)) {
      ctx.addIssue({ code: 'custom', path: ['timingQuantity'], message: 'Must be a whole number' });
    }
  }
  if (v.kind === 'distance' || v.kind === 'rideTime') need('timingQuantity', 'Please enter a number');
  if (v.kind === 'schedule') need('cron', 'Please enter a schedule');
}

export const timerInput = timerFields.superRefine(checkTiming);
export type TimerInput = z.infer<typeof timerInput>;
/** Partner and category are fixed once set; changing what it counts recomputes the running cycles from their start. */
export const timerPatch = timerFields.omit({ partnerId: true, categoryId: true }).partial().superRefine(checkTiming);
export type TimerPatch = z.infer<typeof timerPatch>;

const ref = z.object({ id, name: z.string() });

export const timer = z.object({
  id,
  partner: ref,
  name: z.string(),
  category: ref,
  kind: z.enum(timerKinds),
  timingUnit: z.enum(timeUnits).nullable(),
  timingQuantity: z.number().nullable(),
  cron: z.string().nullable(),
  /** The partner's time zone the schedule runs in. */
  timezone: z.string(),
  /** For schedules: the next occurrences from now (a preview for the form and the detail). */
  nextRuns: z.array(isoDateTime),
  resetRules: z.array(z.object({ id, name: z.string(), type: z.enum(resetRuleTypes) })),
  groupCount: z.number().int(),
  assetCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Timer = z.infer<typeof timer>;

export const timerListQuery = pageQuery.extend({
  partnerIdIn: idListQuery,
  categoryId: id.optional(),
  kind: z.enum(timerKinds).optional(),
  name: z.string().trim().max(100).optional(),
  sort: sortQuery(['createdAt', 'updatedAt', 'name'] as const),
});
export type TimerListQuery = z.infer<typeof timerListQuery>;

const resetRuleFields = z.strictObject({
  partnerId: id,
  name: trimmedText(100),
  detail: optionalText(1000).nullable().optional(),
  categoryId: id,
  type: z.enum(resetRuleTypes, { message: 'Please choose a reset type' }),
  /** checklistRecord: a finalized record holding this work item … */
  workItemId: id.nullable().optional(),
  /** … or any item of this checklist (exactly one of the two). */
  checklistId: id.nullable().optional(),
  /** assetProperty: a built-in field (resetRuleBuiltInProperties) or a custom property id of the category … */
  property: z.string().trim().min(1).max(100).nullable().optional(),
  /** … set to this value. */
  propertyValue: z.string().trim().min(1).max(200).nullable().optional(),
  remindBeforeReset: z.boolean().default(false),
  /** In the timer's unit (its time unit, km, hours; hours for schedules). */
  remindBefore: positive(1_000_000).nullable().optional(),
});

function checkRule(
  v: {
    type?: ResetRuleType;
    workItemId?: string | null;
    checklistId?: string | null;
    property?: string | null;
    propertyValue?: string | null;
    remindBeforeReset?: boolean;
    remindBefore?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.type === 'checklistRecord' && !v.workItemId === !v.checklistId) {
    ctx.addIssue({ code: 'custom', path: ['workItemId'], message: 'Please choose a work item or a checklist' });
  }
  if (v.type === 'assetProperty') {
    if (!v.property) ctx.addIssue({ code: 'custom', path: ['property'], message: 'Please choose a property' });
    if (!v.propertyValue) ctx.addIssue({ code: 'custom', path: ['propertyValue'], message: 'Please enter a value' });
  }
  if (v.remindBeforeReset && v.remindBefore == null) {
    ctx.addIssue({ code: 'custom', path: ['remindBefore'], message: 'Please enter a number' });
  }
}

export const resetRuleInput = resetRuleFields.superRefine(checkRule);
export type ResetRuleInput = z.infer<typeof resetRuleInput>;
export const resetRulePatch = resetRuleFields
  .omit({ partnerId: true, categoryId: true })
  .partial()
  .extend({ remindBeforeReset: z.boolean().optional() })
  .superRefine(checkRule);
export type ResetRulePatch = z.infer<typeof resetRulePatch>;

export const resetRule = z.object({
  id,
  partner: ref,
  name: z.string(),
  detail: z.string().nullable(),
  category: ref,
  type: z.enum(resetRuleTypes),
  workItem: ref.nullable(),
  checklist: ref.nullable(),
  property: z.string().nullable(),
  /** The property's label (a custom property's name). */
  propertyName: z.string().nullable(),
  propertyValue: z.string().nullable(),
  remindBeforeReset: z.boolean(),
  remindBefore: z.number().nullable(),
  timerCount: z.number().int(),
  groupCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ResetRule = z.infer<typeof resetRule>;

export const resetRuleListQuery = pageQuery.extend({
  partnerIdIn: idListQuery,
  categoryId: id.optional(),
  type: z.enum(resetRuleTypes).optional(),
  name: z.string().trim().max(100).optional(),
  sort: sortQuery(['createdAt', 'updatedAt', 'name'] as const),
});
export type ResetRuleListQuery = z.infer<typeof resetRuleListQuery>;

const assetNos = z
  .array(z.string().trim().min(1).max(64))
  .min(1, { message: 'Please enter at least one asset number' })
  .max(ASSET_TIMER_BATCH_MAX, { message: `At most ${ASSET_TIMER_BATCH_MAX} assets per change` });

export const assetTimerGroupInput = z.strictObject({
  timerId: id,
  /** Must be the timer's category. */
  categoryId: id,
  /** One of the timer's reset rules. */
  resetRuleId: id,
  assetNos,
});
export type AssetTimerGroupInput = z.infer<typeof assetTimerGroupInput>;
export const assetTimerGroupPatch = z.strictObject({ resetRuleId: id });
export type AssetTimerGroupPatch = z.infer<typeof assetTimerGroupPatch>;
export const assetTimerGroupAssetsBody = z.strictObject({ assetNos });

export const stateCounts = z.object({
  ok: z.number().int(),
  upcoming: z.number().int(),
  due: z.number().int(),
  overdue: z.number().int(),
});

export const assetTimerGroup = z.object({
  id,
  partner: ref,
  timer: z.object({
    id,
    name: z.string(),
    kind: z.enum(timerKinds),
    timingUnit: z.enum(timeUnits).nullable(),
    timingQuantity: z.number().nullable(),
    cron: z.string().nullable(),
  }),
  category: ref,
  resetRule: z.object({ id, name: z.string(), type: z.enum(resetRuleTypes) }),
  assetCount: z.number().int(),
  stateCounts,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AssetTimerGroup = z.infer<typeof assetTimerGroup>;

export const assetTimerGroupListQuery = pageQuery.extend({
  partnerIdIn: idListQuery,
  categoryId: id.optional(),
  timerId: id.optional(),
  sort: sortQuery(['createdAt', 'updatedAt'] as const),
});
export type AssetTimerGroupListQuery = z.infer<typeof assetTimerGroupListQuery>;

/** The answer of a change by asset numbers: what was done and, per number, why not (like every batch). */
export const assetTimerGroupChange = z.object({
  group: assetTimerGroup,
  added: z.number().int(),
  removed: z.number().int(),
  /** assetNo → reason (not found, another category, already timed by this timer in another group, not in the group). */
  refused: z.record(z.string(), z.string()),
});

/** One asset under one timer: where its current cycle stands. */
export const assetTimerProgress = z.object({
  /** The asset timer's id (manual reset and acknowledge name it). */
  id,
  asset: z.object({ id, no: z.string() }),
  state: z.enum(assetTimerStates),
  cycle: z.number().int(),
  cycleStartedAt: isoDateTime,
  unit: z.enum(timerValueUnits),
  /** Counted since the cycle started, in `unit`. */
  elapsed: z.number(),
  /** Left until due (negative once past), in `unit`. */
  remaining: z.number(),
  /** elapsed / cycle length: 1 = due. */
  progress: z.number(),
  /** Time timers and schedules: when it is due. */
  dueAt: isoDateTime.nullable(),
  /** Usage timers: due after this many km / hours in the cycle. */
  dueAfter: z.number().nullable(),
  lastResetAt: isoDateTime.nullable(),
  lastResetCause: z.enum(assetTimerResetCauses).nullable(),
  lastResetBy: ref.nullable(),
  acknowledgedAt: isoDateTime.nullable(),
});
export type AssetTimerProgress = z.infer<typeof assetTimerProgress>;

export const assetTimerProgressQuery = pageQuery.extend({
  stateIn: enumListQuery(assetTimerStates),
  assetNo: z.string().trim().max(64).optional(),
  /** `due:asc` = what is due first (the highest progress first). */
  sort: sortQuery(['due', 'assetNo', 'lastResetAt'] as const).default({ key: 'due', direction: 'asc' }),
});
export type AssetTimerProgressQuery = z.infer<typeof assetTimerProgressQuery>;

export const assetTimerLog = z.object({
  id: z.string(),
  asset: z.object({ id, no: z.string() }),
  partner: ref,
  timer: z.object({ id, name: z.string(), kind: z.enum(timerKinds) }),
  groupId: id,
  cycle: z.number().int(),
  kind: z.enum(assetTimerLogKinds),
  /** What the timer had counted then, in `unit`. */
  value: z.number().nullable(),
  unit: z.enum(timerValueUnits),
  /** For resets, what caused it; 'timer' for fires. */
  cause: z.enum([...assetTimerResetCauses, 'timer']),
  /** { recordId, checklistId, ticketId } | { property, value } | { note }. */
  causeRef: z.record(z.string(), z.unknown()).nullable(),
  actor: ref.nullable(),
  createdAt: isoDateTime,
});
export type AssetTimerLog = z.infer<typeof assetTimerLog>;

export const assetTimerLogListQuery = pageQuery.extend({
  partnerIdIn: idListQuery,
  assetNo: z.string().trim().max(64).optional(),
  timerId: id.optional(),
  groupId: id.optional(),
  kindIn: enumListQuery(assetTimerLogKinds),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  sort: sortQuery(['createdAt'] as const),
});
export type AssetTimerLogListQuery = z.infer<typeof assetTimerLogListQuery>;

/** The log centre: one row per asset and timer, in its current state. */
export const assetTimerCentreRow = assetTimerProgress.extend({
  asset: z.object({ id, no: z.string(), site: ref.nullable(), category: ref }),
  partner: ref,
  timer: z.object({ id, name: z.string(), kind: z.enum(timerKinds) }),
  groupId: id,
  stateChangedAt: isoDateTime,
  acknowledgedBy: ref.nullable(),
  /** The asset's open service ticket, if any (else the console offers to open one, prefilled). */
  openTicket: z.object({ id, no: z.string() }).nullable(),
});
export type AssetTimerCentreRow = z.infer<typeof assetTimerCentreRow>;

export const assetTimerCentreQuery = pageQuery.extend({
  partnerIdIn: idListQuery,
  categoryIdIn: idListQuery,
  siteIdIn: idListQuery,
  /** Default: everything that needs attention (upcoming, due, overdue). */
  stateIn: enumListQuery(assetTimerStates),
  timerId: id.optional(),
  /** false: only rows nobody has acknowledged in this state. */
  acknowledged: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  assetNo: z.string().trim().max(64).optional(),
  sort: sortQuery(['due', 'stateChangedAt', 'assetNo'] as const).default({ key: 'due', direction: 'asc' }),
});
export type AssetTimerCentreQuery = z.infer<typeof assetTimerCentreQuery>;

/** Counts are exact up to this many rows, the planner's estimate beyond (flagged), like the ticket lists. */
export const ASSET_TIMER_EXACT_COUNT_MAX = 10_000;

export const assetTimerIdsBody = z.strictObject({
  assetTimerIds: z
    .array(id)
    .min(1, { message: 'Please select at least one row' })
    .max(ASSET_TIMER_BATCH_MAX, { message: `At most ${ASSET_TIMER_BATCH_MAX} assets per change` }),
});
export const manualResetBody = assetTimerIdsBody.extend({
  note: trimmedText(500),
});

export const REMINDER_ERRORS = {
  TimerNotFound: 'The timer does not exist',
  TimerNameAlreadyExists: 'A timer of this partner already has this name',
  TimerInUse: 'The timer is used by an asset-timer group; delete the group first',
  InvalidSchedule: 'The schedule is not a valid five-field cron expression',
  ResetRuleNotFound: 'The reset rule does not exist',
  ResetRuleNameAlreadyExists: 'A reset rule of this partner already has this name',
  ResetRuleInUse: 'The reset rule is used by a timer or an asset-timer group',
  ResetRuleNotOfTimer: 'The reset rule is not one of the timer’s reset rules',
  CategoryMismatch: 'The category must be the timer’s category',
  AssetTimerGroupNotFound: 'The asset-timer group does not exist',
  AssetsRefused: 'None of these assets can be changed; see the reason given for each number',
} as const;

/** Why a number of a group change was left out (`refused`: assetNo → one of these). */
export const ASSET_NOT_FOUND_MESSAGE = 'No asset with this number';
export const ASSET_OF_OTHER_PARTNER_MESSAGE = 'The asset belongs to another partner than the timer';
export const ASSET_OF_OTHER_CATEGORY_MESSAGE = 'The asset is of another category';
export const ASSET_ALREADY_TIMED_MESSAGE = 'The asset is already timed by this timer';
export const ASSET_NOT_IN_GROUP_MESSAGE = 'The asset is not in this group';

export const timerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/reminder/timers',
    summary: 'Timers of the partners in scope, filtered, sorted and paged',
    tag,
    requires: requires('work_reminder.read'),
    query: timerListQuery,
    response: listOf(timer),
  }),
  create: endpoint({
    method: 'POST',
    path: '/reminder/timers',
    summary: 'Create a timer (calendar time, distance, ride time or schedule) with its reset rules',
    tag,
    requires: requires('work_reminder.write'),
    body: timerInput,
    response: dataOf(timer),
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/reminder/timers/:id',
    summary: 'One timer',
    tag,
    requires: requires('work_reminder.read'),
    params: idParams,
    response: dataOf(timer),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/reminder/timers/:id',
    summary: 'Change a timer; new timing applies to running cycles from their start',
    tag,
    requires: requires('work_reminder.write'),
    params: idParams,
    body: timerPatch,
    response: dataOf(timer),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/reminder/timers/:id',
    summary: 'Delete a timer no asset-timer group uses',
    tag,
    requires: requires('work_reminder.write'),
    params: idParams,
    response: emptyResponse,
  }),
};

export const resetRuleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/reminder/reset-rules',
    summary: 'Reset rules of the partners in scope, filtered, sorted and paged',
    tag,
    requires: requires('work_reminder.read'),
    query: resetRuleListQuery,
    response: listOf(resetRule),
  }),
  create: endpoint({
    method: 'POST',
    path: '/reminder/reset-rules',
    summary: 'Create a reset rule: a finalized checklist record, an asset property value, or by hand',
    tag,
    requires: requires('work_reminder.write'),
    body: resetRuleInput,
    response: dataOf(resetRule),
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/reminder/reset-rules/:id',
    summary: 'One reset rule',
    tag,
    requires: requires('work_reminder.read'),
    params: idParams,
    response: dataOf(resetRule),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/reminder/reset-rules/:id',
    summary: 'Change a reset rule (applies to resets from now on)',
    tag,
    requires: requires('work_reminder.write'),
    params: idParams,
    body: resetRulePatch,
    response: dataOf(resetRule),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/reminder/reset-rules/:id',
    summary: 'Delete a reset rule no timer or group uses',
    tag,
    requires: requires('work_reminder.write'),
    params: idParams,
    response: emptyResponse,
  }),
};

export const assetTimerGroupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/reminder/asset-timer-groups',
    summary: 'Asset-timer groups of the partners in scope, with their state counts',
    tag,
    requires: requires('work_reminder.read'),
    query: assetTimerGroupListQuery,
    response: listOf(assetTimerGroup),
  }),
  create: endpoint({
    method: 'POST',
    path: '/reminder/asset-timer-groups',
    summary: 'Apply a timer to assets (≤ 100 by number) with one of its reset rules; each starts a cycle now',
    tag,
    requires: requires('work_reminder.write'),
    body: assetTimerGroupInput,
    response: dataOf(assetTimerGroupChange),
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/reminder/asset-timer-groups/:id',
    summary: 'One asset-timer group',
    tag,
    requires: requires('work_reminder.read'),
    params: idParams,
    response: dataOf(assetTimerGroup),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/reminder/asset-timer-groups/:id',
    summary: 'Change the group’s reset rule (one of the timer’s)',
    tag,
    requires: requires('work_reminder.write'),
    params: idParams,
    body: assetTimerGroupPatch,
    response: dataOf(assetTimerGroup),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/reminder/asset-timer-groups/:id',
    summary: 'Delete a group: its assets stop being timed (their log stays)',
    tag,
    requires: requires('work_reminder.write'),
    params: idParams,
    response: emptyResponse,
  }),
  assets: endpoint({
    method: 'GET',
    path: '/reminder/asset-timer-groups/:id/assets',
    summary: 'Each asset of the group with its progress, what is due first by default',
    tag,
    requires: requires('work_reminder.read'),
    params: idParams,
    query: assetTimerProgressQuery,
    response: listOf(assetTimerProgress),
  }),
  addAssets: endpoint({
    method: 'POST',
    path: '/reminder/asset-timer-groups/:id/assets/$add',
    summary: 'Add assets by number (≤ 100); each starts a cycle now',
    tag,
    requires: requires('work_reminder.write'),
    params: idParams,
    body: assetTimerGroupAssetsBody,
    response: dataOf(assetTimerGroupChange),
  }),
  removeAssets: endpoint({
    method: 'POST',
    path: '/reminder/asset-timer-groups/:id/assets/$remove',
    summary: 'Remove assets by number (≤ 100)',
    tag,
    requires: requires('work_reminder.write'),
    params: idParams,
    body: assetTimerGroupAssetsBody,
    response: dataOf(assetTimerGroupChange),
  }),
};

export const assetTimerLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/reminder/asset-timer-logs',
    summary: 'Every fire and reset of the assets in scope, newest first',
    tag,
    requires: requires('work_reminder.log.read'),
    query: assetTimerLogListQuery,
    response: listOf(assetTimerLog).extend({ countIsEstimate: z.boolean() }),
  }),
  centre: endpoint({
    method: 'GET',
    path: '/reminder/asset-timer-log-center',
    summary: 'One row per asset and timer in its current state, what is due first',
    tag,
    requires: requires('work_reminder.log.read'),
    query: assetTimerCentreQuery,
    response: listOf(assetTimerCentreRow).extend({ countIsEstimate: z.boolean() }),
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/reminder/asset-timer-log-center/$acknowledge',
    summary: 'Acknowledge reminders (≤ 100): seen, someone is on it',
    tag,
    requires: requires('work_reminder.log.read', 'work_reminder.write'),
    body: assetTimerIdsBody,
    response: dataOf(z.object({ acknowledged: z.number().int() })),
  }),
  reset: endpoint({
    method: 'POST',
    path: '/reminder/asset-timers/$reset',
    summary: 'Reset asset timers by hand (≤ 100) with a note: each starts its next cycle now',
    tag,
    requires: requires('work_reminder.write'),
    body: manualResetBody,
    response: dataOf(z.object({ reset: z.number().int() })),
  }),
};
