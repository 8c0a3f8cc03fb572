import { z } from 'zod';
import { dataOf, emptyResponse, id, isoDateTime, listOf, optionalText, pageQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';
import { tripAssetStatuses } from './trips.ts';

/** Document 2 §5 "Common": asset numbers are capital letters and digits only. */
export const ASSET_NO_MESSAGE = 'Asset number must be capital letters and digits';
export const ASSET_NO_MAX = 32;
export const ASSET_NOTE_MAX = 500;
export const ASSET_TEXT_VALUE_MAX = 500;
export const ASSET_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Document 2 §9 / issue 4: batch work on assets stops at 100. */
export const ASSET_SEARCH_MAX = 100;
export const ASSET_NO_PICKER_MAX = 50;
export const IOT_DEVICE_BOUND_MESSAGE = 'Edit failed, IoT device ID already bound';

export const assetNo = z
  .string({ message: 'This field is required' })
  .min(1, { message: 'This field is required' })
  .max(ASSET_NO_MAX, { message: `Must be at most ${ASSET_NO_MAX} characters` })
  .regex(/^[A-Z0-9]+$/, { message: ASSET_NO_MESSAGE });

export const assetLifeCycleStates = ['New', 'Ready', 'NotReady', 'Missing', 'Removed', 'Retired', 'Unknown'] as const;
export type AssetLifeCycleState = (typeof assetLifeCycleStates)[number];
export const assetLifeCycleState = z.enum(assetLifeCycleStates, { message: 'Unknown lifecycle state' });

export const assetTurnoverStates = ['InSite', 'Dispatching', 'RentingOut', 'Unknown'] as const;
export type AssetTurnoverState = (typeof assetTurnoverStates)[number];
/**
 * Dispatching and RentingOut are set by relocation lists and orders, never typed in by staff; staff may only
 * correct the turnover to InSite or Unknown.
 */
export const assetStaffTurnoverStates = ['InSite', 'Unknown'] as const;
export const assetStaffTurnoverState = z.enum(assetStaffTurnoverStates, {
  message: 'Turnover state can only be set to InSite or Unknown',
});

export const assetUsageModes = ['customer-rental', 'partner-subscription', 'non-leasable'] as const;
export type AssetUsageMode = (typeof assetUsageModes)[number];
export const assetUsageMode = z.enum(assetUsageModes, { message: 'Usage mode must be selected' });

export const assetIotVendors = ['tbox', 'rybit-tag', 'rybit-box', 'okai'] as const;
export type AssetIotVendor = (typeof assetIotVendors)[number];
export const assetIotVendor = z.enum(assetIotVendors, { message: 'IoT vendor must be selected' });

/**
 * The lifecycle moves staff may make (document 2 §4 leaves them open; docs/decisions.md explains them).
 * Removed is entered only by disabling the category and left only after it is enabled again.
 */
export const ASSET_LIFE_CYCLE_TRANSITIONS: Readonly<Record<AssetLifeCycleState, readonly AssetLifeCycleState[]>> = {
  New: ['Ready', 'NotReady', 'Missing', 'Retired'],
  Ready: ['NotReady', 'Missing'],
  NotReady: ['Ready', 'Missing', 'Retired'],
  Missing: ['Ready', 'NotReady', 'Retired'],
  Removed: ['New', 'NotReady'],
  Retired: [],
  Unknown: ['New', 'Ready', 'NotReady', 'Missing', 'Retired'],
};

/** Whether staff may move an asset from one lifecycle state to another (staying put is always allowed). */
export function assetLifeCycleTransitionAllowed(
  from: AssetLifeCycleState,
  to: AssetLifeCycleState,
  context: { categoryEnabled: boolean },
): boolean {
  if (from === to) return true;
  if (from === 'Removed' && !context.categoryEnabled) return false;
  return ASSET_LIFE_CYCLE_TRANSITIONS[from].includes(to);
}

/** States an asset may be created in: never Removed (that belongs to disabled categories). */
export const assetInitialLifeCycleStates = ['New', 'Ready', 'NotReady', 'Missing', 'Retired', 'Unknown'] as const;

/** A custom property value as stored: images are their URL; null means "not set". */
export const assetPropertyValue = z.union([z.boolean(), z.number(), z.string()]).nullable();
export type AssetPropertyValue = z.infer<typeof assetPropertyValue>;

/** Values keyed by property id; each is checked against its property's value type by the server. */
const propertyValues = z.record(z.uuid({ message: 'Unknown property' }), z.unknown());

export const assetInput = z.strictObject({
  no: assetNo,
  partnerId: id,
  siteId: id.nullable().optional(),
  usageMode: assetUsageMode,
  lifeCycleState: z
    .enum(assetInitialLifeCycleStates, { message: 'Removed is set only by disabling the category' })
    .default('New'),
  turnoverState: assetStaffTurnoverState.default('InSite'),
  note: optionalText(ASSET_NOTE_MAX).nullable().optional(),
  properties: propertyValues.optional(),
});
export type AssetInput = z.infer<typeof assetInput>;

/** A PATCH changes only what it carries; property values are merged, null clears one. */
export const assetPatch = z.strictObject({
  siteId: id.nullable().optional(),
  usageMode: assetUsageMode.optional(),
  lifeCycleState: assetLifeCycleState.optional(),
  turnoverState: assetStaffTurnoverState.optional(),
  note: optionalText(ASSET_NOTE_MAX).nullable().optional(),
  properties: propertyValues.optional(),
});
export type AssetPatch = z.infer<typeof assetPatch>;

export const assetPropertyDefinition = z.object({
  id,
  name: z.string(),
  valueType: z.string(),
  updateMethod: z.string(),
  isUnique: z.boolean(),
  position: z.number().int(),
});

export const asset = z.object({
  id,
  no: z.string(),
  partner: z.object({ id, name: z.string() }),
  category: z.object({ id, name: z.string(), assetType: z.string(), isEnabled: z.boolean(), isIot: z.boolean() }),
  site: z.object({ id, name: z.string() }).nullable(),
  lifeCycleState: assetLifeCycleState,
  turnoverState: z.enum(assetTurnoverStates),
  usageMode: assetUsageMode,
  /** Ongoing while the asset's latest trip is unfinished, else Finished (document 2 §4, kept by the trip builder). */
  tripStatus: z.enum(tripAssetStatuses),
  note: z.string().nullable(),
  /** Every property of the category in display order, with this asset's value (null when not set). */
  properties: z.array(z.object({ property: assetPropertyDefinition, value: assetPropertyValue })),
  iot: z
    .object({
      deviceNo: z.string(),
      vendor: z.string().nullable(),
      model: z.string().nullable(),
    })
    .nullable(),
  /** The latest state the device reported (kept current by the live fleet). */
  iotState: z.object({
    chargePct: z.number().int().nullable(),
    batteryVoltageMilli: z.number().int().nullable(),
    lastUpdateTime: isoDateTime.nullable(),
    lockState: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Asset = z.infer<typeof asset>;

export const assetNoParams = z.strictObject({ no: assetNo });
export const assetCategoryParams = z.strictObject({ categoryId: id });
export const assetInCategoryParams = z.strictObject({ categoryId: id, no: assetNo });
export const assetPropertyParams = z.strictObject({ no: assetNo, propertyId: id });

export const assetNoPickerQuery = z.strictObject({
  prefix: z
    .string()
    .min(1, { message: 'This field is required' })
    .max(ASSET_NO_MAX, { message: `Must be at most ${ASSET_NO_MAX} characters` })
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]+$/, { message: ASSET_NO_MESSAGE })),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ASSET_NO_PICKER_MAX, { message: `At most ${ASSET_NO_PICKER_MAX} at once` })
    .default(20),
});

export const assetSearchInput = z.strictObject({
  nos: z
    .array(assetNo)
    .min(1, { message: 'Please add at least one asset' })
    .max(ASSET_SEARCH_MAX, { message: 'batch operations above 100 refused' }),
});
export type AssetSearchInput = z.infer<typeof assetSearchInput>;

export const assetFieldLog = z.object({
  id,
  user: z.object({ id, name: z.string() }).nullable(),
  createdAt: isoDateTime,
  /** A column name, or `properties.<propertyId>` for a custom property value. */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AssetFieldLog = z.infer<typeof assetFieldLog>;

export const iotDeviceInput = z.strictObject({
  no: z
    .string({ message: 'This field is required' })
    .min(1, { message: 'This field is required' })
    .max(64, { message: 'Must be at most 64 characters' })
    .regex(/^[A-Za-z0-9._:-]+$/, { message: 'IoT device ID must be letters, digits, dot, dash, colon or underscore' })
    // The broker takes a client named bridge-… for a vendor bridge (docs/device-protocol.md).
    .refine((no) => !/^bridge-/i.test(no), { message: 'IoT device ID must not start with "bridge-"' }),
  vendor: assetIotVendor,
  model: optionalText(64).nullable().optional(),
});
export type IotDeviceInput = z.infer<typeof iotDeviceInput>;

export const assetEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/asset/assets/:no',
    summary: 'One asset with its property values, IoT binding and latest IoT state',
    tag: 'assets',
    requires: requires('asset.read'),
    params: assetNoParams,
    response: dataOf(asset),
  }),
  create: endpoint({
    method: 'POST',
    path: '/asset/categories/:categoryId/assets',
    summary: 'Create an asset of an enabled category for a partner in scope',
    tag: 'assets',
    requires: requires('asset.create'),
    params: assetCategoryParams,
    body: assetInput,
    response: dataOf(asset),
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/asset/categories/:categoryId/assets/:no',
    summary: 'Change some fields and property values of an asset (lifecycle moves are checked)',
    tag: 'assets',
    requires: requires('asset.update'),
    params: assetInCategoryParams,
    body: assetPatch,
    response: dataOf(asset),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/asset/assets/:no',
    summary: 'Delete an asset that is not renting out or dispatching (its field logs stay)',
    tag: 'assets',
    requires: requires('asset.delete'),
    params: assetNoParams,
    response: emptyResponse,
  }),
  uploadImage: endpoint({
    method: 'PUT',
    path: '/asset/assets/:no/properties/:propertyId/image',
    summary: 'Upload the image of an IMAGE property (multipart field "file"; JPEG or PNG up to 5 MB)',
    tag: 'assets',
    requires: requires('asset.update'),
    params: assetPropertyParams,
    multipart: true,
    response: dataOf(asset),
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: '/asset/assets/:no/properties/:propertyId/image',
    summary: 'Remove the image of an IMAGE property',
    tag: 'assets',
    requires: requires('asset.update'),
    params: assetPropertyParams,
    response: dataOf(asset),
  }),
  findNos: endpoint({
    method: 'GET',
    path: '/asset/assets/$findAssetNos',
    summary: 'Asset numbers in scope starting with a prefix (pickers)',
    tag: 'assets',
    requires: requires('asset.read'),
    query: assetNoPickerQuery,
    response: dataOf(z.array(z.string())),
  }),
  search: endpoint({
    method: 'POST',
    path: '/asset/assets/$search',
    summary: 'Up to 100 assets by number; numbers not found in scope are listed apart',
    tag: 'assets',
    requires: requires('asset.read'),
    body: assetSearchInput,
    response: z.object({ data: z.array(asset), notFound: z.array(z.string()) }),
  }),
  fieldLogs: endpoint({
    method: 'GET',
    path: '/asset/assets/:no/fieldLogs',
    summary: 'Who changed which field of an asset, newest first',
    tag: 'assets',
    requires: requires('asset.read'),
    params: assetNoParams,
    query: pageQuery,
    response: listOf(assetFieldLog),
  }),
  bindIotDevice: endpoint({
    method: 'PUT',
    path: '/asset-iot/assets/:no/iot/device',
    summary: 'Bind an IoT device to an asset of an IoT category (replaces its current device)',
    tag: 'assets',
    requires: requires('asset.update'),
    params: assetNoParams,
    body: iotDeviceInput,
    response: dataOf(asset),
  }),
  unbindIotDevice: endpoint({
    method: 'DELETE',
    path: '/asset-iot/assets/:no/iot/device',
    summary: 'Unbind the IoT device of an asset',
    tag: 'assets',
    requires: requires('asset.update'),
    params: assetNoParams,
    response: dataOf(asset),
  }),
};
