import { z } from 'zod';
import {
  ASSET_NO_MAX,
  ASSET_NO_MESSAGE,
  asset,
  assetLifeCycleState,
  assetLifeCycleStates,
  assetNo,
  assetTurnoverStates,
  assetUsageMode,
} from './assets.ts';
import { id, isoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';
import { assetDisplayStatus, assetDisplayStatuses } from './iot.ts';
import { requires } from './permissions.ts';

/** Document 2 §5/§9: searches take up to 100 sites; numbers and ids in a filter likewise. */
export const ASSET_QUERY_LIST_MAX = 100;
export const ASSET_QUERY_PAGE_SIZE_MAX = 100;
/** Counts are exact up to this many matches; above it the response carries an estimate. */
export const ASSET_QUERY_EXACT_COUNT_MAX = 10_000;
export const ASSET_QUERY_NOTE_MAX = 100;
export const ASSET_QUERY_POLYGON_POINTS_MAX = 1_000;
export const ASSET_QUERY_PROPERTIES_MAX = 10;
export const ASSET_QUERY_CURSOR_MAX = 400;
export const CURSOR_MESSAGE = 'The cursor does not belong to this search; start again from page 1';

export const AT_LEAST_ONE_MESSAGE = 'Please select at least one item';
export const RANGE_AND_OPERATOR_MESSAGE = 'Range and operator required';
export const RANGE_INCOMPLETE_MESSAGE = 'Please complete the range';
export const RANGE_ORDER_MESSAGE = 'End must be later than start';
export const SERIAL_LENGTH_MESSAGE = 'From and To must have the same length';
export const SERIAL_ORDER_MESSAGE = 'From must not be after To';
export const IOT_STATE_EMPTY_MESSAGE = 'Set at least one IoT condition';
export const POLYGON_MESSAGE = 'Geometry must be a closed GeoJSON polygon';

export const assetQuerySortKeys = ['createTime', 'updateTime', 'no', 'lifeCycleState'] as const;
export type AssetQuerySortKey = (typeof assetQuerySortKeys)[number];
const sortPattern = new RegExp(`^(${assetQuerySortKeys.join('|')}):(asc|desc)$`);

const limitedIds = (message: string) =>
  z.array(id).min(1, { message: AT_LEAST_ONE_MESSAGE }).max(ASSET_QUERY_LIST_MAX, { message });

const comparison = z.strictObject({
  op: z.enum(['gte', 'lt'], { message: RANGE_AND_OPERATOR_MESSAGE }),
  value: z.number({ message: RANGE_AND_OPERATOR_MESSAGE }).finite(),
});

/** Document 2 §3 "IoT state filter"; voltages arrive in millivolts (the console multiplies volts by 1000). */
export const assetIotStateFilter = z
  .strictObject({
    chargePct: comparison.optional(),
    iotBatteryVoltageMilli: comparison.optional(),
    /** true: the device reported a charge; false: it never did. */
    hasChargePct: z.boolean().optional(),
    /** true: the reported charge is outside 0..100 (a faulty reading); false: it is not. */
    invalidChargePct: z.boolean().optional(),
    lastUpdateFrom: isoDateTime.optional(),
    /** Excluded: the range is [from, to). */
    lastUpdateTo: isoDateTime.optional(),
  })
  .superRefine((s, ctx) => {
    if (Object.values(s).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: IOT_STATE_EMPTY_MESSAGE, path: [] });
    }
    if ((s.lastUpdateFrom === undefined) !== (s.lastUpdateTo === undefined)) {
      const missing = s.lastUpdateFrom === undefined ? 'lastUpdateFrom' : 'lastUpdateTo';
      ctx.addIssue({ code: 'custom', message: RANGE_INCOMPLETE_MESSAGE, path: [missing] });
    } else if (s.lastUpdateFrom && s.lastUpdateTo && Date.parse(s.lastUpdateFrom) >= Date.parse(s.lastUpdateTo)) {
      ctx.addIssue({ code: 'custom', message: RANGE_ORDER_MESSAGE, path: ['lastUpdateTo'] });
    }
  });
export type AssetIotStateFilter = z.infer<typeof assetIotStateFilter>;

const serialEnd = z
  .string({ message: 'This field is required' })
  .min(1, { message: 'This field is required' })
  .max(ASSET_NO_MAX, { message: `Must be at most ${ASSET_NO_MAX} characters` })
  .regex(/^[A-Z0-9]+$/, { message: ASSET_NO_MESSAGE });

/** Document 2 §5 "Serial range": From and To of equal length, capital letters and digits, From ≤ To. */
export const assetSerialRange = z.strictObject({ noFrom: serialEnd, noTo: serialEnd }).superRefine((r, ctx) => {
  if (r.noFrom.length !== r.noTo.length) {
    ctx.addIssue({ code: 'custom', message: SERIAL_LENGTH_MESSAGE, path: ['noTo'] });
  } else if (r.noFrom > r.noTo) {
    // Same length, only [A-Z0-9]: code-point order is the serial order.
    ctx.addIssue({ code: 'custom', message: SERIAL_ORDER_MESSAGE, path: ['noTo'] });
  }
});

/** A condition on one custom property; which operators apply depends on its value type (checked by the server). */
export const assetPropertyCondition = z.strictObject({
  propertyId: id,
  op: z.enum(['eq', 'gte', 'lt', 'contains'], { message: RANGE_AND_OPERATOR_MESSAGE }),
  value: z.union([z.boolean(), z.number().finite(), z.string().min(1).max(500)], {
    message: RANGE_AND_OPERATOR_MESSAGE,
  }),
});
export type AssetPropertyCondition = z.infer<typeof assetPropertyCondition>;

const lngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], { message: POLYGON_MESSAGE });
const ring = z
  .array(lngLat)
  .min(4, { message: POLYGON_MESSAGE })
  .max(ASSET_QUERY_POLYGON_POINTS_MAX, { message: `At most ${ASSET_QUERY_POLYGON_POINTS_MAX} points` })
  .refine(
    (r) => {
      const first = r[0];
      const last = r[r.length - 1];
      return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
    },
    { message: POLYGON_MESSAGE },
  );

/** A GeoJSON Polygon (longitude, latitude): the first ring is the outline, further rings are holes. */
export const assetGeometry = z.strictObject({
  type: z.literal('Polygon', { message: POLYGON_MESSAGE }),
  coordinates: z.array(ring).min(1, { message: POLYGON_MESSAGE }).max(10, { message: 'At most 10 rings' }),
});
export type AssetGeometry = z.infer<typeof assetGeometry>;

/** The filters of document 1 §7.3's `$query` body; the summary and count calls take the same body. */
export const assetQueryInput = z.strictObject({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(ASSET_QUERY_PAGE_SIZE_MAX, { message: `At most ${ASSET_QUERY_PAGE_SIZE_MAX} per page` })
    .default(10),
  /**
   * The `cursor` of the previous page's response: this page then starts right after its last row (keyset),
   * costing the same at any depth. Without it the server still pages by keyset when it served the previous
   * page of the same search moments ago, and otherwise skips (pageNo - 1) × pageSize rows.
   */
  cursor: z.string().min(1).max(ASSET_QUERY_CURSOR_MAX, { message: CURSOR_MESSAGE }).optional(),
  /** `field:asc|desc`; the server always appends createTime:desc (and the id) as the last keys. */
  sort: z
    .array(
      z.string().regex(sortPattern, {
        message: `Sort must be one of ${assetQuerySortKeys.map((k) => `${k}:asc|${k}:desc`).join(', ')}`,
      }),
    )
    .max(assetQuerySortKeys.length)
    .refine((s) => new Set(s.map((k) => k.split(':')[0])).size === s.length, {
      message: 'Each sort field at most once',
    })
    .default([]),
  noIn: z
    .array(assetNo)
    .min(1, { message: AT_LEAST_ONE_MESSAGE })
    .max(ASSET_QUERY_LIST_MAX, { message: 'Up to 100 asset numbers' })
    .optional(),
  categoryIdIn: limitedIds('Up to 100 categories').optional(),
  siteIdIn: limitedIds('Up to 100 sites').optional(),
  partnerIdIn: limitedIds('Up to 100 partners').optional(),
  lifeCycleIn: z
    .array(assetLifeCycleState)
    .min(1, { message: AT_LEAST_ONE_MESSAGE })
    .max(assetLifeCycleStates.length)
    .optional(),
  /** Document 2 §4 display status (the words of the map and the dashboard), computed as they compute it. */
  displayStatusIn: z
    .array(assetDisplayStatus)
    .min(1, { message: AT_LEAST_ONE_MESSAGE })
    .max(assetDisplayStatuses.length)
    .optional(),
  properties: z
    .array(assetPropertyCondition)
    .max(ASSET_QUERY_PROPERTIES_MAX, { message: `At most ${ASSET_QUERY_PROPERTIES_MAX} property conditions` })
    .optional(),
  geometry: assetGeometry.optional(),
  filters: assetSerialRange.optional(),
  /** No order tables exist yet: true matches nothing, false everything (docs/decisions.md). */
  havingRentingOngoingOrder: z.boolean().optional(),
  havingSubscriptionOngoingOrder: z.boolean().optional(),
  usageModeIn: z.array(assetUsageMode).min(1, { message: AT_LEAST_ONE_MESSAGE }).max(3).optional(),
  havingCategoryDisabled: z.boolean().optional(),
  hasIot: z.boolean().optional(),
  /** true: a bound device reported within the hour (online); false: a bound device did not (offline). */
  iotOnline: z.boolean().optional(),
  iotState: assetIotStateFilter.optional(),
  noteLike: z
    .string()
    .min(1, { message: 'This field is required' })
    .max(ASSET_QUERY_NOTE_MAX, { message: `Must be at most ${ASSET_QUERY_NOTE_MAX} characters` })
    .optional(),
});
export type AssetQueryInput = z.infer<typeof assetQueryInput>;
export type AssetQueryBody = z.input<typeof assetQueryInput>;

const stateCounts = <T extends readonly [string, ...string[]]>(states: T) =>
  z.object(Object.fromEntries(states.map((s) => [s, z.number().int()])) as Record<T[number], z.ZodNumber>);
export const lifeCycleCounts = stateCounts(assetLifeCycleStates);
export const turnoverCounts = stateCounts(assetTurnoverStates);

export const assetQueryCount = z.object({ count: z.number().int(), countIsEstimate: z.boolean() });
export const assetQueryPage = z.object({
  data: z.array(asset),
  count: z.number().int(),
  countIsEstimate: z.boolean(),
  /** Send it with pageNo + 1 to get the next page by keyset; null on the last page. */
  cursor: z.string().nullable(),
});

export const assetSummary = z.object({
  count: z.number().int(),
  lifeCycleState: lifeCycleCounts,
  turnoverState: turnoverCounts,
});
export type AssetSummary = z.infer<typeof assetSummary>;

const siteRef = z.object({ id, name: z.string() }).nullable();
export const assetSiteCount = z.object({ site: siteRef, count: z.number().int() });
export const assetSiteSummary = z.object({ site: siteRef, lifeCycleState: lifeCycleCounts });
export const assetSiteCountWithSummary = z.object({
  site: siteRef,
  count: z.number().int(),
  lifeCycleState: lifeCycleCounts,
  turnoverState: turnoverCounts,
});

const common = { tag: 'asset-query', requires: requires('asset.read'), body: assetQueryInput } as const;

export const assetQueryEndpoints = {
  query: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/assets/$query',
    summary: 'Assets in scope matching the filters, one page; exact count up to 10,000, an estimate above',
    response: assetQueryPage,
  }),
  getList: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/query/get-list',
    summary: 'The same page as $query',
    response: assetQueryPage,
  }),
  getSummary: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/query/get-summary',
    summary: 'Counts of the matching assets per lifecycle and per turnover state (every state present)',
    response: z.object({ data: assetSummary }),
  }),
  getCount: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/query/get-count',
    summary: 'How many assets match (exact up to 10,000, an estimate above)',
    response: assetQueryCount,
  }),
  siteGetList: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/site-query/get-list',
    summary: 'Matching assets grouped by site (no site last), with their count',
    response: z.object({ data: z.array(assetSiteCount), count: z.number().int() }),
  }),
  siteGetSummary: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/site-query/get-summary',
    summary: 'Per site, the matching assets per lifecycle state',
    response: z.object({ data: z.array(assetSiteSummary), count: z.number().int() }),
  }),
  siteGetListWithSummary: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/site-query/get-list-with-summary',
    summary: 'Per site, the count of matching assets and their lifecycle and turnover counts',
    response: z.object({ data: z.array(assetSiteCountWithSummary), count: z.number().int() }),
  }),
};
