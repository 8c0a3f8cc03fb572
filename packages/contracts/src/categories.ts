import { z } from 'zod';
import {
  dataOf,
  id,
  idParams,
  isoDateTime,
  listOf,
  optionalText,
  pageQuery,
  sortQuery,
  trimmedText,
  url,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/** Document 2 "Asset": the asset types a category is one of. */
export const assetTypes = ['DEFAULT', 'BIKE', 'EBIKE', 'BATTERY', 'ESCOOTER', 'MOTORBIKE'] as const;
export const assetType = z.enum(assetTypes, { message: 'Please select an asset type' });
export type AssetType = z.infer<typeof assetType>;

/** Document 2 "Asset category": what a custom property holds and who may write it. */
export const propertyValueTypes = [
  'BOOLEAN',
  'INTEGER',
  'NUMBER',
  'TEXT',
  'DATE',
  'DATE_TIME',
  'IMAGE',
  'LINK',
] as const;
export const propertyValueType = z.enum(propertyValueTypes, { message: 'Please select a value type' });
export type PropertyValueType = z.infer<typeof propertyValueType>;

export const propertyUpdateMethods = ['MANUAL', 'UNMODIFIABLE', 'AUTOMATIC'] as const;
export const propertyUpdateMethod = z.enum(propertyUpdateMethods, { message: 'Please select an update method' });
export type PropertyUpdateMethod = z.infer<typeof propertyUpdateMethod>;

/**
 * Value types whose values can identify an asset. A yes/no flag has two values, so it cannot be unique across
 * more than two assets; an image is a stored file URL that is new on every upload, so "unique" means nothing.
 */
export const uniqueValueTypes: readonly PropertyValueType[] = [
  'INTEGER',
  'NUMBER',
  'TEXT',
  'DATE',
  'DATE_TIME',
  'LINK',
];
export const canBeUnique = (valueType: PropertyValueType) => uniqueValueTypes.includes(valueType);
export const NOT_UNIQUE_TYPE_MESSAGE = 'Yes/no and image properties cannot be unique';

/** Document 2 §5: "category image under 2 MB". */
export const CATEGORY_IMAGE_MAX_BYTES = 2 * 1024 * 1024 - 1;
/** A category is a form, not a database: more properties than this is a sign of misuse, and slows every asset form. */
export const CATEGORY_PROPERTIES_MAX = 50;
export const CATEGORY_NAME_MAX = 50;
export const PROPERTY_NAME_MAX = 50;
export const CATEGORY_DESCRIPTION_MAX = 500;

/** Refusal codes of document 2 §8 "Category and property" beyond the common ones. */
export const categoryErrorCodes = [
  'CategoryWithSameNameExists',
  'PropertyWithSameNameExists',
  'PropertyNotExist',
] as const;

const propertyFields = {
  name: trimmedText(PROPERTY_NAME_MAX),
  valueType: propertyValueType,
  updateMethod: propertyUpdateMethod,
  isUnique: z.boolean().default(false),
};

const uniqueOnlyWhereItMeans = <T extends { valueType: PropertyValueType; isUnique: boolean }>(
  p: T,
  ctx: z.RefinementCtx,
) => {
  if (p.isUnique && !canBeUnique(p.valueType)) {
    ctx.addIssue({ code: 'custom', path: ['isUnique'], message: NOT_UNIQUE_TYPE_MESSAGE });
  }
};

/** One property of a category form: with `id` it is an existing property (PUT), without it a new one. */
export const propertyInput = z
  .strictObject({ id: id.optional(), ...propertyFields })
  .superRefine(uniqueOnlyWhereItMeans);
export type PropertyInput = z.infer<typeof propertyInput>;

/** The three-step form sends the category and its properties at once: saved together or not at all. */
export const categoryInput = z.strictObject({
  name: trimmedText(CATEGORY_NAME_MAX),
  assetType,
  detailUrl: z.union([url, z.literal('')]).optional(),
  description: optionalText(CATEGORY_DESCRIPTION_MAX).optional(),
  isIot: z.boolean().default(false),
  properties: z
    .array(propertyInput)
    .max(CATEGORY_PROPERTIES_MAX, { message: `At most ${CATEGORY_PROPERTIES_MAX} properties per category` })
    .default([]),
});
export type CategoryInput = z.infer<typeof categoryInput>;

/** POST /asset/properties: one property appended to a category. */
export const propertyCreateInput = z
  .strictObject({ categoryId: id, ...propertyFields })
  .superRefine(uniqueOnlyWhereItMeans);
export type PropertyCreateInput = z.infer<typeof propertyCreateInput>;

export const assetProperty = z.object({
  id,
  categoryId: id,
  name: z.string(),
  valueType: propertyValueType,
  updateMethod: propertyUpdateMethod,
  isUnique: z.boolean(),
  position: z.number().int(),
});
export type AssetProperty = z.infer<typeof assetProperty>;

export const assetCategory = z.object({
  id,
  name: z.string(),
  assetType,
  imageUrl: z.string().nullable(),
  detailUrl: z.string().nullable(),
  description: z.string().nullable(),
  isIot: z.boolean(),
  isEnabled: z.boolean(),
  /** Whether any asset uses the category: then property value types are fixed. */
  hasAssets: z.boolean(),
  properties: z.array(assetProperty),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AssetCategory = z.infer<typeof assetCategory>;

/** Categories as reference data for pickers (asset list filters, asset forms, pricing). */
export const categorySummary = z.object({
  id,
  name: z.string(),
  assetType,
  isEnabled: z.boolean(),
  isIot: z.boolean(),
});
export type CategorySummary = z.infer<typeof categorySummary>;

export const categorySortKeys = ['createdAt', 'updatedAt', 'name'] as const;

const queryBoolean = z
  .enum(['true', 'false'], { message: 'Must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const categoryListQuery = pageQuery.extend({
  search: z.string().max(100).optional(),
  assetType: assetType.optional(),
  isEnabled: queryBoolean,
  isIot: queryBoolean,
  sort: sortQuery(categorySortKeys),
});
export type CategoryListQuery = z.infer<typeof categoryListQuery>;

export const propertyListQuery = z.strictObject({ categoryId: id });

const categoryRead = requires('asset_category.read');
/** Asset screens need the categories and their properties to build filters and forms. */
/**
 * Reference data: whoever works with assets, prices or orders picks categories by name, and so does whoever
 * scopes a checklist to asset categories.
 */
const categoryReference = requires(
  'asset_category.read',
  'asset.read',
  'program.read',
  'program.rule_part.read',
  'order.create',
  'checklist.checklist.read',
);

export const categoryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/asset/categories',
    summary:
      'Categories with their properties, filtered and paged (disabled ones only for asset_category.read_disabled)',
    tag: 'asset-categories',
    requires: categoryRead,
    query: categoryListQuery,
    response: listOf(assetCategory),
  }),
  summaries: endpoint({
    method: 'GET',
    path: '/asset/categorySummaries',
    summary: 'Every visible category in one light list, for pickers',
    tag: 'asset-categories',
    requires: categoryReference,
    response: dataOf(z.array(categorySummary)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/asset/categories/:id',
    summary: 'One category with its properties',
    tag: 'asset-categories',
    requires: categoryReference,
    params: idParams,
    response: dataOf(assetCategory),
  }),
  properties: endpoint({
    method: 'GET',
    path: '/asset/categories/:id/properties',
    summary: 'The properties of one category, in display order',
    tag: 'asset-categories',
    requires: categoryReference,
    params: idParams,
    response: dataOf(z.array(assetProperty)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/asset/categories',
    summary: 'Create a category with its properties in one transaction',
    tag: 'asset-categories',
    requires: requires('asset_category.create'),
    body: categoryInput,
    response: dataOf(assetCategory),
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/asset/categories/:id',
    summary: 'Replace a category and its property list (properties matched by id; left-out ones removed)',
    tag: 'asset-categories',
    requires: requires('asset_category.update'),
    params: idParams,
    body: categoryInput,
    response: dataOf(assetCategory),
  }),
  enable: endpoint({
    method: 'POST',
    path: '/asset/categories/:id/$enable',
    summary: 'Enable a category (its assets stay Removed)',
    tag: 'asset-categories',
    requires: requires('asset_category.update'),
    params: idParams,
    response: dataOf(assetCategory),
  }),
  disable: endpoint({
    method: 'POST',
    path: '/asset/categories/:id/$disable',
    summary: 'Disable a category and set all its assets to Removed, keeping their data',
    tag: 'asset-categories',
    requires: requires('asset_category.update'),
    params: idParams,
    response: dataOf(assetCategory),
  }),
  uploadImage: endpoint({
    method: 'PUT',
    path: '/asset/categories/:id/image',
    summary: 'Upload the category image (multipart field "file"; JPEG or PNG under 2 MB)',
    tag: 'asset-categories',
    requires: requires('asset_category.update'),
    params: idParams,
    multipart: true,
    response: dataOf(assetCategory),
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: '/asset/categories/:id/image',
    summary: 'Remove the category image',
    tag: 'asset-categories',
    requires: requires('asset_category.update'),
    params: idParams,
    response: dataOf(assetCategory),
  }),
  propertyList: endpoint({
    method: 'GET',
    path: '/asset/properties',
    summary: 'The properties of the category given by categoryId',
    tag: 'asset-categories',
    requires: categoryReference,
    query: propertyListQuery,
    response: dataOf(z.array(assetProperty)),
  }),
  propertyCreate: endpoint({
    method: 'POST',
    path: '/asset/properties',
    summary: 'Append one property to a category',
    tag: 'asset-categories',
    requires: requires('asset_category.update'),
    body: propertyCreateInput,
    response: dataOf(assetProperty),
    status: 201,
  }),
};
