import { z } from 'zod';
import { dataOf, id, isoDateTime, isTimeZone } from './common.ts';
import { endpoint } from './endpoint.ts';
import { assetDisplayStatus } from './iot.ts';
import { requires } from './permissions.ts';

/** Document 2 §3 "Dashboard periods", and the custom range of document 1 §2.5. */
export const dashboardPeriods = ['today', '3days', 'week', 'month', 'custom'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

/** Document 2 §9: the dashboard range is at most 31 days. */
export const DASHBOARD_RANGE_MAX_DAYS = 31;
export const DASHBOARD_RANGE_MAX_MESSAGE = 'maximum selectable is 31 days';
export const DASHBOARD_RANGE_ORDER_MESSAGE = 'Start must be before end';
export const DASHBOARD_TIME_ZONE_MESSAGE = 'Unknown time zone';
/**
 * The longest range accepted: 31 days of 24 hours plus the hour a daylight-saving change can add to a range of
 * calendar days (31 local days from one midnight to the next in autumn last 745 hours).
 */
export const DASHBOARD_RANGE_MAX_MS = (DASHBOARD_RANGE_MAX_DAYS * 24 + 1) * 3_600_000;
/** Ranges up to this long are counted per hour, longer ones per day of the caller's time zone. */
export const DASHBOARD_HOURLY_MAX_MS = 2 * 24 * 3_600_000 + 3_600_000;
/** How many assets the top lists of the alarm and error tabs name. */
export const DASHBOARD_TOP_ASSETS = 10;

/** The alarms a device raises (asset_events.type = 'device-alarm', code). */
export const deviceAlarmCodes = ['tilt', 'illegal-move', 'low-battery', 'tamper', 'fall'] as const;
export type DeviceAlarmCode = (typeof deviceAlarmCodes)[number];
/** The faults a device reports (asset_events.type = 'device-error', code). */
export const deviceErrorCodes = ['gps-fault', 'communication-timeout', 'controller-fault', 'battery-fault'] as const;
export type DeviceErrorCode = (typeof deviceErrorCodes)[number];

/** The two event tabs of the dashboard and the asset event type each counts. */
export const dashboardEventKinds = ['alarm', 'error'] as const;
export type DashboardEventKind = (typeof dashboardEventKinds)[number];
export const dashboardEventType = { alarm: 'device-alarm', error: 'device-error' } as const;
export const dashboardEventCodes = { alarm: deviceAlarmCodes, error: deviceErrorCodes } as const;

/** Charge buckets of the overview (percent, lower bound included); `unknown` = no charge reported. */
export const batteryBuckets = ['0-20', '20-50', '50-80', '80-100', 'unknown'] as const;
export type BatteryBucket = (typeof batteryBuckets)[number];

/**
 * A dashboard range. The client computes `from` and `to` itself, in the user's time zone (today = from this
 * midnight to now, a custom range = from the first day's midnight to the midnight after the last day), and
 * sends that zone so per-day counts break at the user's midnights. `from` is included, `to` is not.
 */
export const dashboardQuery = z
  .strictObject({
    from: isoDateTime,
    to: isoDateTime,
    /** IANA name (Europe/Rome); per-day buckets follow it. */
    timeZone: z.string().max(64).refine(isTimeZone, { message: DASHBOARD_TIME_ZONE_MESSAGE }).default('UTC'),
    partnerId: id.optional(),
    categoryId: id.optional(),
  })
  .superRefine((q, ctx) => {
    const span = Date.parse(q.to) - Date.parse(q.from);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_RANGE_ORDER_MESSAGE });
    else if (span > DASHBOARD_RANGE_MAX_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_RANGE_MAX_MESSAGE });
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const count = z.number().int();
const named = z.object({ id, name: z.string(), count });
export const dashboardBucket = z.enum(['hour', 'day']);
export type DashboardBucket = z.infer<typeof dashboardBucket>;

/** The bucket size a range is counted in: hours up to about two days, else days. */
export const dashboardBucketOf = (fromMs: number, toMs: number): DashboardBucket =>
  toMs - fromMs <= DASHBOARD_HOURLY_MAX_MS ? 'hour' : 'day';

export const dashboardOverview = z.object({
  /** The fleet right now (not the period): every asset in scope and filter. */
  total: count,
  /** Every display status of document 2 §4, zeros included, in that order. */
  byStatus: z.array(z.object({ status: assetDisplayStatus, count })),
  /** Assets with a device: online = reported within the last hour (document 2 §9). */
  iot: z.object({ online: count, offline: count, unbound: count }),
  /** Every bucket, zeros included. */
  battery: z.array(z.object({ bucket: z.enum(batteryBuckets), count })),
  byPartner: z.array(named),
  byCategory: z.array(named),
  /** Device alarms and errors in the period. */
  events: z.object({
    bucket: dashboardBucket,
    alarms: count,
    errors: count,
    /** Sparse: only buckets with events; `at` is the bucket's start. */
    series: z.array(z.object({ at: isoDateTime, alarms: count, errors: count })),
  }),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;

export const dashboardEvents = z.object({
  kind: z.enum(dashboardEventKinds),
  bucket: dashboardBucket,
  /** Events in the period. */
  total: count,
  /** Distinct assets that raised one in the period. */
  assets: count,
  /** Every known code (zeros included) first, then any other code a device sent. */
  byCode: z.array(z.object({ code: z.string(), count })),
  /** Sparse: only buckets and codes with events; `at` is the bucket's start. */
  series: z.array(z.object({ at: isoDateTime, code: z.string(), count })),
  topAssets: z.array(
    z.object({
      assetId: id,
      no: z.string(),
      partner: z.object({ id, name: z.string() }),
      count,
      lastAt: isoDateTime,
      lastCode: z.string().nullable(),
    }),
  ),
  /** Right now: assets whose display status is Alarm (or Error), by their latest code. */
  current: z.array(z.object({ code: z.string(), count })),
});
export type DashboardEvents = z.infer<typeof dashboardEvents>;

const readAssets = requires('asset.read');

/** The asset dashboard's calls (document 1 §2.5; issue 5). */
export const dashboardEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/dashboard/asset/overview',
    summary:
      'The fleet by display status, device presence, charge, partner and category; alarms and errors of a period',
    tag: 'dashboard',
    requires: readAssets,
    query: dashboardQuery,
    response: dataOf(dashboardOverview),
  }),
  alarms: endpoint({
    method: 'GET',
    path: '/dashboard/asset/alarm',
    summary: 'Device alarms of a period by code, by hour or day, and the assets that raised most',
    tag: 'dashboard',
    requires: readAssets,
    query: dashboardQuery,
    response: dataOf(dashboardEvents),
  }),
  errors: endpoint({
    method: 'GET',
    path: '/dashboard/asset/error',
    summary: 'Device errors of a period by code, by hour or day, and the assets that reported most',
    tag: 'dashboard',
    requires: readAssets,
    query: dashboardQuery,
    response: dataOf(dashboardEvents),
  }),
};
