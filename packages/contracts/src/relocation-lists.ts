import { z } from 'zod';
import { assetLifeCycleState, assetNo, assetTurnoverStates } from './assets.ts';
import { dataOf, id, idParams, isoDateTime, listOf, optionalText, pageQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires, requiresApp } from './permissions.ts';

/**
 * Relocation (collection) lists (document 2 "Relocation list"): field staff check assets out of one site
 * (collect: the assets go Dispatching) and into another (launch: InSite at the new site). The console only
 * reads them; collect and launch are the operation app's calls.
 */

/** Document 2 §9 / issue 4: work on assets stops at 100 per request. */
export const RELOCATION_LIST_MAX = 100;
export const RELOCATION_NOTE_MAX = 200;
export const RELOCATION_EMPTY_MESSAGE = 'Please add at least one asset';
export const RELOCATION_BATCH_MESSAGE = 'batch operations above 100 refused';
/** 422: some assets cannot be collected; data.fields names each (`assetNos.<i>`). */
export const RELOCATION_NOT_COLLECTABLE_CODE = 'AssetsNotCollectable';
/** 409: the list was launched already. */
export const RELOCATION_COMPLETED_CODE = 'RelocationListCompleted';

export const relocationListStatuses = ['open', 'completed'] as const;
export type RelocationListStatus = (typeof relocationListStatuses)[number];
export const relocationListStatus = z.enum(relocationListStatuses, { message: 'Status must be open or completed' });

export const relocationSortKeys = ['checkoutAt', 'checkinAt', 'assetCount'] as const;
export type RelocationSortKey = (typeof relocationSortKeys)[number];
export const RELOCATION_DEFAULT_SORT = 'checkoutAt:desc';

/** `sort=checkoutAt:desc` like sortQuery, but the newest checkout first by default (not createdAt). */
const relocationSort = z
  .string()
  .regex(new RegExp(`^(${relocationSortKeys.join('|')}):(asc|desc)$`), {
    message: `Sort must be one of ${relocationSortKeys.map((k) => `${k}:asc|${k}:desc`).join(', ')}`,
  })
  .default(RELOCATION_DEFAULT_SORT)
  .transform((v) => {
    const [key, direction] = v.split(':') as [RelocationSortKey, 'asc' | 'desc'];
    return { key, direction };
  });

export const relocationListQuery = z
  .strictObject({
    pageNo: pageQuery.shape.pageNo,
    pageSize: pageQuery.shape.pageSize,
    sort: relocationSort,
    partnerId: id.optional(),
    fromSiteId: id.optional(),
    toSiteId: id.optional(),
    status: relocationListStatus.optional(),
    /** Checkout time range, both ends included. */
    checkoutFrom: isoDateTime.optional(),
    checkoutTo: isoDateTime.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.checkoutFrom && q.checkoutTo && Date.parse(q.checkoutFrom) > Date.parse(q.checkoutTo)) {
      ctx.addIssue({ code: 'custom', path: ['checkoutTo'], message: 'End time must be later than start time' });
    }
  });
export type RelocationListQuery = z.infer<typeof relocationListQuery>;

const ref = z.object({ id, name: z.string() });

export const relocationList = z.object({
  id,
  partner: ref,
  /** The collection site. */
  fromSite: ref,
  /** The launch site; null while the list is open. */
  toSite: ref.nullable(),
  /** Who collected the assets (null when that staff member was deleted). */
  staff: ref.nullable(),
  /** Who launched them (may be someone else than the collector). */
  launchStaff: ref.nullable(),
  assetCount: z.number().int(),
  checkoutAt: isoDateTime,
  checkinAt: isoDateTime.nullable(),
  status: relocationListStatus,
  note: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type RelocationList = z.infer<typeof relocationList>;

/** An asset of a list as it is now; the number stays when the asset itself was deleted later (then nulls). */
export const relocationListAsset = z.object({
  no: z.string(),
  exists: z.boolean(),
  category: ref.nullable(),
  site: ref.nullable(),
  lifeCycleState: assetLifeCycleState.nullable(),
  turnoverState: z.enum(assetTurnoverStates).nullable(),
});
export type RelocationListAsset = z.infer<typeof relocationListAsset>;

export const relocationListDetail = relocationList.extend({ assets: z.array(relocationListAsset) });
export type RelocationListDetail = z.infer<typeof relocationListDetail>;

export const relocationCollectInput = z.strictObject({
  fromSiteId: id,
  assetNos: z
    .array(assetNo)
    .min(1, { message: RELOCATION_EMPTY_MESSAGE })
    .max(RELOCATION_LIST_MAX, { message: RELOCATION_BATCH_MESSAGE }),
  note: optionalText(RELOCATION_NOTE_MAX).optional(),
});
export type RelocationCollectInput = z.infer<typeof relocationCollectInput>;

export const relocationLaunchInput = z.strictObject({ toSiteId: id });
export type RelocationLaunchInput = z.infer<typeof relocationLaunchInput>;

/** Sites the filters offer: every site of the caller's partners, archived ones too (old lists name them). */
export const relocationSiteOption = z.object({ id, name: z.string(), partnerId: id, isArchived: z.boolean() });
export type RelocationSiteOption = z.infer<typeof relocationSiteOption>;

const read = requires('collection_list.read');

export const relocationListEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/asset/collection-lists',
    summary: 'Relocation lists of the caller’s partners, filtered and paged (newest checkout first)',
    tag: 'relocation-lists',
    requires: read,
    query: relocationListQuery,
    response: listOf(relocationList),
  }),
  sites: endpoint({
    method: 'GET',
    path: '/asset/collection-lists/sites',
    summary: 'Sites of the caller’s partners for the relocation filters, archived ones included',
    tag: 'relocation-lists',
    requires: read,
    response: dataOf(z.array(relocationSiteOption)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/asset/collection-lists/:id',
    summary: 'One relocation list with its assets as they are now',
    tag: 'relocation-lists',
    requires: read,
    params: idParams,
    response: dataOf(relocationListDetail),
  }),
  // The operation app's calls: app permissions of the caller's roles (requiresApp, `app:` prefixed).
  collect: endpoint({
    method: 'POST',
    path: '/asset/collection-lists/$collect',
    summary:
      'Operation app: check 1..100 assets out of a site into a new relocation list (they go Dispatching); needs the app permission collection_list.collect',
    tag: 'relocation-lists',
    requires: requiresApp('collection_list.collect'),
    body: relocationCollectInput,
    response: dataOf(relocationListDetail),
    status: 201,
  }),
  launch: endpoint({
    method: 'POST',
    path: '/asset/collection-lists/:id/$launch',
    summary:
      'Operation app: check the list’s dispatching assets in at a site of the same partner (InSite there); needs the app permission collection_list.launch',
    tag: 'relocation-lists',
    requires: requiresApp('collection_list.launch'),
    params: idParams,
    body: relocationLaunchInput,
    response: dataOf(relocationListDetail),
  }),
};
