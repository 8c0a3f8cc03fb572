import { z } from 'zod';
import { assetLifeCycleState, assetNo } from './assets.ts';
import {
  dataOf,
  emptyResponse,
  id,
  idParams,
  isoDateTime,
  listOf,
  optionalText,
  pageQuery,
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/** Document 2 §5 and §9: a private list holds up to 100 assets. */
export const PRIVATE_LIST_MAX = 100;
export const PRIVATE_LIST_NAME_MAX = 50;
export const PRIVATE_LIST_COMMENT_MAX = 200;
export const PRIVATE_LIST_EMPTY_MESSAGE = 'Empty upload refused';
export const PRIVATE_LIST_BATCH_MESSAGE = 'batch operations above 100 refused';
export const PRIVATE_LIST_FULL_MESSAGE = 'A private list holds up to 100 assets';
/** The 422 code when some numbers are unknown or outside the caller's partner scope; data: `{ notFound }`. */
export const PRIVATE_LIST_NOT_FOUND_CODE = 'AssetsNotFound';
export const PRIVATE_LIST_NOT_FOUND_MESSAGE = 'Some asset numbers do not exist';
export const PRIVATE_LIST_USER_SEARCH_MAX = 20;

/** Asset numbers of one upload: 1..100 numbers, duplicates allowed (the server keeps each once). */
export const privateListAssetNos = z
  .array(assetNo)
  .min(1, { message: PRIVATE_LIST_EMPTY_MESSAGE })
  .max(PRIVATE_LIST_MAX, { message: PRIVATE_LIST_BATCH_MESSAGE });

export const privateListInput = z.strictObject({
  name: trimmedText(PRIVATE_LIST_NAME_MAX),
  comment: optionalText(PRIVATE_LIST_COMMENT_MAX).optional(),
  assetNos: privateListAssetNos,
  /** true: create the list with the numbers found and report the rest, instead of refusing all. */
  skipNotFound: z.boolean().optional(),
});
export type PrivateListInput = z.infer<typeof privateListInput>;

export const privateListPatch = z.strictObject({
  name: trimmedText(PRIVATE_LIST_NAME_MAX).optional(),
  comment: optionalText(PRIVATE_LIST_COMMENT_MAX).optional(),
  addAssetNos: privateListAssetNos.optional(),
  skipNotFound: z.boolean().optional(),
});
export type PrivateListPatch = z.infer<typeof privateListPatch>;

/** Document 1 §7.2: "body: list of asset nos". */
export const privateListRemoveAssets = z
  .array(assetNo)
  .min(1, { message: 'Please select at least one asset' })
  .max(PRIVATE_LIST_MAX, { message: PRIVATE_LIST_BATCH_MESSAGE });

export const privateList = z.object({
  id,
  name: z.string(),
  comment: z.string().nullable(),
  /** Every asset on the list, including those outside the reader's partner scope. */
  assetCount: z.number().int(),
  owner: z.object({ id, name: z.string() }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PrivateList = z.infer<typeof privateList>;

/** A write that took asset numbers also says which of them it did not find (empty when all were found). */
export const privateListWithNotFound = z.object({ data: privateList, notFound: z.array(z.string()) });

export const privateListAsset = z.object({
  no: z.string(),
  partner: z.object({ id, name: z.string() }),
  category: z.object({ id, name: z.string() }),
  site: z.object({ id, name: z.string() }).nullable(),
  lifeCycleState: assetLifeCycleState,
  addedAt: isoDateTime,
});
export type PrivateListAsset = z.infer<typeof privateListAsset>;

export const privateListMineQuery = z.strictObject({
  pageNo: pageQuery.shape.pageNo,
  pageSize: pageQuery.shape.pageSize,
  name: z.string().max(100).optional(),
});
export type PrivateListMineQuery = z.infer<typeof privateListMineQuery>;

export const privateListQuery = privateListMineQuery.extend({ ownerId: id.optional() });
export type PrivateListQuery = z.infer<typeof privateListQuery>;

export const privateListAssetsQuery = z.strictObject({
  pageNo: pageQuery.shape.pageNo,
  pageSize: pageQuery.shape.pageSize,
});

export const privateListUserSearchQuery = z.strictObject({
  q: z.string().trim().min(1, { message: 'This field is required' }).max(50),
});
export const privateListUser = z.object({ id, name: z.string(), username: z.string() });
export type PrivateListUser = z.infer<typeof privateListUser>;

const readOne = requires('private_list.read', 'private_list.me.read');
const changeOne = requires('private_list.update', 'private_list.me.update');

export const privateListEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/account/private-lists/mine',
    summary: "The caller's own private lists, newest first",
    tag: 'private-lists',
    requires: requires('private_list.me.read'),
    query: privateListMineQuery,
    response: listOf(privateList),
  }),
  list: endpoint({
    method: 'GET',
    path: '/account/private-lists',
    summary:
      "Private lists the caller may read, with their owner, newest first: their own, and anyone's whose assets all lie in the caller's partner scope",
    tag: 'private-lists',
    requires: requires('private_list.read'),
    query: privateListQuery,
    response: listOf(privateList),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/private-lists',
    summary: 'Create a private list from up to 100 asset numbers',
    tag: 'private-lists',
    requires: requires('private_list.me.create'),
    body: privateListInput,
    response: privateListWithNotFound,
    status: 201,
  }),
  userSearch: endpoint({
    method: 'GET',
    path: '/account/private-lists/users/fuzzy-search',
    summary: 'Staff the caller may see whose name or username contains the text (owner filter), at most 20',
    tag: 'private-lists',
    requires: requires('private_list.read'),
    query: privateListUserSearchQuery,
    response: dataOf(z.array(privateListUser)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/private-lists/:id',
    summary:
      'One private list (own with private_list.me.read; anyone’s with private_list.read when all its assets lie in the caller’s scope; otherwise 404)',
    tag: 'private-lists',
    requires: readOne,
    params: idParams,
    response: dataOf(privateList),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/account/private-lists/:id',
    summary: 'Rename, comment or add asset numbers (at most 100 assets in all)',
    tag: 'private-lists',
    requires: changeOne,
    params: idParams,
    body: privateListPatch,
    response: privateListWithNotFound,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/private-lists/:id',
    summary:
      'Delete a private list (own with private_list.me.delete; anyone’s with private_list.delete when all its assets lie in the caller’s scope)',
    tag: 'private-lists',
    requires: requires('private_list.delete', 'private_list.me.delete'),
    params: idParams,
    response: emptyResponse,
  }),
  assets: endpoint({
    method: 'GET',
    path: '/account/private-lists/:id/assets',
    summary: "The list's assets within the caller's partner scope, paged",
    tag: 'private-lists',
    requires: readOne,
    params: idParams,
    query: privateListAssetsQuery,
    response: listOf(privateListAsset),
  }),
  removeAssets: endpoint({
    method: 'POST',
    path: '/account/private-lists/:id/remove-assets',
    summary: 'Take asset numbers off the list (numbers not on it are reported)',
    tag: 'private-lists',
    requires: changeOne,
    params: idParams,
    body: privateListRemoveAssets,
    response: privateListWithNotFound,
  }),
};
