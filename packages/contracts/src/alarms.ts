import { z } from 'zod';
import { assetNoParams } from './assets.ts';
import { dataOf, id, isoDateTime, listOf, pageQuery } from './common.ts';
import { DASHBOARD_RANGE_MAX_MESSAGE, DASHBOARD_RANGE_MAX_MS, DASHBOARD_RANGE_ORDER_MESSAGE } from './dashboard.ts';
import { endpoint } from './endpoint.ts';
import { assetDisplayStatus } from './iot.ts';
import { requires } from './permissions.ts';

/** The inbox's state filter: alarms nobody acknowledged yet, acknowledged ones, or both. */
export const alarmStates = ['open', 'acknowledged', 'all'] as const;
export type AlarmState = (typeof alarmStates)[number];

/** The inbox reads this far back when the caller names no start (the same limit as a dashboard range). */
export const ALARM_DEFAULT_RANGE_MS = 7 * 24 * 3_600_000;
export const ALARM_NOTE_MAX = 500;
/** How many alarms and errors the asset detail lists. */
export const ASSET_ALARM_HISTORY = 20;
export const ALARM_ALREADY_ACKNOWLEDGED_MESSAGE = 'This alarm has already been acknowledged';
export const ALARM_NOTE_REQUIRED_MESSAGE = 'Please write what was done about the alarm';

/** An asset event id (a bigint sequence), travelling as its decimal digits. */
export const alarmId = z.string().regex(/^[1-9]\d{0,17}$/, { message: 'Must be a valid id' });
export const alarmParams = z.strictObject({ id: alarmId });

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The inbox filters: partner, asset category, alarm code, asset, period [from, to) of at most 31 days, and open/acknowledged. */
export const alarmListQuery = pageQuery
  .extend({
    state: z.enum(alarmStates).default('open'),
    partnerId: z.preprocess(blankToUndefined, id.optional()),
    categoryId: z.preprocess(blankToUndefined, id.optional()),
    code: z.preprocess(blankToUndefined, z.string().trim().min(1).max(64).optional()),
    assetNo: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(64)
        .transform((v) => v.toUpperCase())
        .optional(),
    ),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const span = Date.parse(q.to) - Date.parse(q.from);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_RANGE_ORDER_MESSAGE });
    else if (span > DASHBOARD_RANGE_MAX_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_RANGE_MAX_MESSAGE });
  });
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export const alarmAcknowledgeBody = z.strictObject({
  note: z
    .string({ message: ALARM_NOTE_REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: ALARM_NOTE_REQUIRED_MESSAGE })
    .max(ALARM_NOTE_MAX, { message: `Must be at most ${ALARM_NOTE_MAX} characters` }),
});
export type AlarmAcknowledgeBody = z.infer<typeof alarmAcknowledgeBody>;

export const alarmAcknowledgement = z.object({
  user: z.object({ id, name: z.string() }).nullable(),
  at: isoDateTime,
  note: z.string(),
});

/** One device alarm as the inbox shows it: where and when it was raised, and who acknowledged it. */
export const alarm = z.object({
  id: alarmId,
  asset: z.object({ id, no: z.string() }),
  partner: z.object({ id, name: z.string() }),
  /** device-alarm (the inbox) or device-error (the asset's history). */
  type: z.enum(['device-alarm', 'device-error']),
  code: z.string().nullable(),
  occurredAt: isoDateTime,
  /** Where the device was when it raised the alarm; null when it sent no position. */
  position: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  acknowledgement: alarmAcknowledgement.nullable(),
});
export type Alarm = z.infer<typeof alarm>;

const shownEvent = z.object({ code: z.string().nullable(), at: isoDateTime }).nullable();

/** The asset detail's status card: display status, the alarm or error behind it, and the latest 20 of both. */
export const assetAlarmState = z.object({
  displayStatus: assetDisplayStatus,
  /** The latest alarm while it still sets the display status (24 h), else null. */
  alarm: shownEvent,
  error: shownEvent,
  history: z.array(alarm),
});
export type AssetAlarmState = z.infer<typeof assetAlarmState>;

export const alarmEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/asset/alarms',
    summary: 'Device alarms of a period, open or acknowledged, newest first',
    tag: 'alarms',
    requires: requires('asset.read'),
    query: alarmListQuery,
    response: listOf(alarm),
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/asset/alarms/:id/$acknowledge',
    summary: 'Acknowledge a device alarm with a note (who, when and the note are kept)',
    tag: 'alarms',
    requires: requires('asset.update'),
    params: alarmParams,
    body: alarmAcknowledgeBody,
    response: dataOf(alarm),
  }),
  assetState: endpoint({
    method: 'GET',
    path: '/asset/assets/:no/alarmState',
    summary: "An asset's display status, its active alarm or error and its latest alarms and errors",
    tag: 'alarms',
    requires: requires('asset.read'),
    params: assetNoParams,
    response: dataOf(assetAlarmState),
  }),
};
