import { z } from 'zod';
import { assetLifeCycleState } from './assets.ts';
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
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';
import { money } from './pricing.ts';

/**
 * The checklist area (document 1 §7.5, document 2 §3 "Checklist, work item, record"): work items with their
 * labour and hardware options, and checklists made of work item groups. Both belong to a provider partner.
 */

/** Work items and checklists are archived (Deleted), never removed: records point at them. */
export const workshopStatuses = ['Inuse', 'Deleted'] as const;
export type WorkshopStatus = (typeof workshopStatuses)[number];

export const workItemResultModes = ['single', 'multiple'] as const;
export type WorkItemResultMode = (typeof workItemResultModes)[number];

export const workItemOptionTypes = ['labour', 'hardware'] as const;
export type WorkItemOptionType = (typeof workItemOptionTypes)[number];

/** Document 2 §9 leaves these open; chosen in docs/decisions.md "Workshop: work items and checklists". */
export const WORK_ITEM_OPTIONS_MAX = 20;
export const CHECKLIST_GROUP_WORK_ITEMS_MAX = 30;
export const CHECKLIST_GROUPS_MAX = 30;
/** Document 2 §9: checklist item images up to 5 MB, JPEG or PNG. */
export const WORKSHOP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const workItemOptionInput = z.strictObject({
  type: z.enum(workItemOptionTypes, { message: 'Type must be labour or hardware' }),
  name: trimmedText(100),
  costAmount: money,
  /** Absent or null: recorded only, never charged; any number, 0 included, is charged (document 2 §5). */
  price: money.nullable().optional(),
  description: optionalText(500).optional(),
  sku: optionalText(64).optional(),
});
export type WorkItemOptionInput = z.infer<typeof workItemOptionInput>;
export const workItemOptionPatch = workItemOptionInput.partial();
export type WorkItemOptionPatch = z.infer<typeof workItemOptionPatch>;

export const workItemInput = z.strictObject({
  partnerId: id,
  name: trimmedText(100),
  description: optionalText(1000).optional(),
  resultMode: z.enum(workItemResultModes, { message: 'Result must be single or multiple' }),
  /** Options created with the item, in this order (at most WORK_ITEM_OPTIONS_MAX: OptionsExceedLimit). */
  options: z.array(workItemOptionInput).optional(),
});
export type WorkItemInput = z.infer<typeof workItemInput>;
/** The provider is fixed once set: a PATCH changes the item's own fields only. */
export const workItemPatch = workItemInput.omit({ partnerId: true, options: true }).partial();
export type WorkItemPatch = z.infer<typeof workItemPatch>;

export const workItemOption = z.object({
  id,
  type: z.enum(workItemOptionTypes),
  name: z.string(),
  costAmount: z.number(),
  price: z.number().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sku: z.string().nullable(),
  position: z.number().int(),
});
export type WorkItemOption = z.infer<typeof workItemOption>;

export const workItem = z.object({
  id,
  partner: z.object({ id, name: z.string() }),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  resultMode: z.enum(workItemResultModes),
  status: z.enum(workshopStatuses),
  options: z.array(workItemOption),
  /** How many live checklists use the item (archiving one in use is WorkItemInUsed). */
  usedByChecklists: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type WorkItem = z.infer<typeof workItem>;

export const workItemSortKeys = ['createdAt', 'updatedAt', 'name'] as const;
const idListQuery = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(id).max(100).optional(),
);
export const workItemListQuery = pageQuery.extend({
  partnerIdIn: idListQuery,
  /** Name contains. */
  name: z.string().trim().max(100).optional(),
  /** Inuse unless asked: the archived toggle asks Deleted. */
  status: z.enum(workshopStatuses).default('Inuse'),
  sort: sortQuery(workItemSortKeys),
});
export type WorkItemListQuery = z.infer<typeof workItemListQuery>;

export const workItemOptionParams = z.strictObject({ id, optionId: id });

export const workItemGroupInput = z.strictObject({
  name: trimmedText(100),
  description: optionalText(1000).optional(),
  isRequired: z.boolean(),
  isAllWorkItemsRequired: z.boolean(),
  /** In order; at most CHECKLIST_GROUP_WORK_ITEMS_MAX (WorkItemExceedLimit). */
  workItemIdList: z.array(id).min(1, { message: 'Please select at least one item' }),
});
export type WorkItemGroupInput = z.infer<typeof workItemGroupInput>;
/** A PATCH of a group; `position` moves it (drag to reorder). */
export const workItemGroupPatch = workItemGroupInput.partial().extend({ position: z.number().int().min(0).optional() });
export type WorkItemGroupPatch = z.infer<typeof workItemGroupPatch>;

export const checklistInput = z.strictObject({
  partnerId: id,
  name: trimmedText(100),
  description: optionalText(1000).optional(),
  assetCategoryScope: z.array(id).min(1, { message: 'Please select at least one item' }),
  basicCostAmount: money,
  assetLifeCyclePreferTo: assetLifeCycleState.nullable().optional(),
  /** Groups created with the checklist, in this order. */
  workItemGroups: z.array(workItemGroupInput).optional(),
});
export type ChecklistInput = z.infer<typeof checklistInput>;
export const checklistPatch = checklistInput.omit({ partnerId: true, workItemGroups: true }).partial();
export type ChecklistPatch = z.infer<typeof checklistPatch>;

export const checklistWorkItemGroup = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  isRequired: z.boolean(),
  isAllWorkItemsRequired: z.boolean(),
  workItemIdList: z.array(id),
  /** The items of workItemIdList, in that order, with their options (for the record form). */
  workItems: z.array(workItem),
  imageUrl: z.string().nullable(),
  position: z.number().int(),
});
export type ChecklistWorkItemGroup = z.infer<typeof checklistWorkItemGroup>;

export const checklist = z.object({
  id,
  partner: z.object({ id, name: z.string() }),
  name: z.string(),
  description: z.string().nullable(),
  assetCategoryScope: z.array(z.object({ id, name: z.string() })),
  basicCostAmount: z.number(),
  assetLifeCyclePreferTo: assetLifeCycleState.nullable(),
  status: z.enum(workshopStatuses),
  workItemGroups: z.array(checklistWorkItemGroup),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Checklist = z.infer<typeof checklist>;

/** A checklist as a list row: the groups counted, not expanded. */
export const checklistSummary = checklist.omit({ workItemGroups: true }).extend({
  groupCount: z.number().int(),
  workItemCount: z.number().int(),
});
export type ChecklistSummary = z.infer<typeof checklistSummary>;

export const checklistSortKeys = ['createdAt', 'updatedAt', 'name'] as const;
export const checklistListQuery = pageQuery.extend({
  partnerIdIn: idListQuery,
  /** Checklists whose scope includes this category (the record form's choice for an asset). */
  assetCategoryId: id.optional(),
  name: z.string().trim().max(100).optional(),
  status: z.enum(workshopStatuses).default('Inuse'),
  sort: sortQuery(checklistSortKeys),
});
export type ChecklistListQuery = z.infer<typeof checklistListQuery>;

export const checklistGroupParams = z.strictObject({ id, groupId: id });

export const CHECKLIST_ERRORS = {
  ChecklistNameAlreadyExists: 'A checklist of this partner already has this name',
  ChecklistNotFound: 'The checklist does not exist',
  ChecklistWorkItemGroupNotFound: 'The work item group does not exist',
  ChecklistWorkItemGroupNameAlreadyExists: 'A group of this checklist already has this name',
  WorkItemExceedLimit: `A group holds at most ${CHECKLIST_GROUP_WORK_ITEMS_MAX} work items`,
  WorkItemNameAlreadyExists: 'A work item of this partner already has this name',
  WorkItemNotFound: 'The work item does not exist',
  WorkItemOptionNotFound: 'The option does not exist',
  WorkItemOptionNameAlreadyExists: 'An option of this work item already has this name',
  OptionsExceedLimit: `A work item has at most ${WORK_ITEM_OPTIONS_MAX} options`,
  WorkItemInUsed: 'The work item is used by a checklist in use; remove it from the checklist first',
} as const;

const tag = 'checklists';
export const workItemEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/checklist/workItems',
    summary: 'Work items of the partners in scope (in use unless asked), filtered, sorted and paged',
    tag,
    requires: requires('checklist.work_item.read'),
    query: workItemListQuery,
    response: listOf(workItem),
  }),
  create: endpoint({
    method: 'POST',
    path: '/checklist/workItems',
    summary: 'Create a work item with its options for a partner in scope',
    tag,
    requires: requires('checklist.work_item.create'),
    body: workItemInput,
    response: dataOf(workItem),
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/checklist/workItems/:id',
    summary: 'One work item with its options',
    tag,
    requires: requires('checklist.work_item.read'),
    params: idParams,
    response: dataOf(workItem),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/checklist/workItems/:id',
    summary: 'Change some fields of a work item',
    tag,
    requires: requires('checklist.work_item.update'),
    params: idParams,
    body: workItemPatch,
    response: dataOf(workItem),
  }),
  archive: endpoint({
    method: 'POST',
    path: '/checklist/workItems/:id/$archive',
    summary: 'Archive a work item no live checklist uses (422 WorkItemInUsed otherwise)',
    tag,
    requires: requires('checklist.work_item.delete'),
    params: idParams,
    response: dataOf(workItem),
  }),
  uploadImage: endpoint({
    method: 'PUT',
    path: '/checklist/workItems/:id/image',
    summary: 'Upload the work item image (multipart field "file"; JPEG or PNG up to 5 MB)',
    tag,
    requires: requires('checklist.work_item.update'),
    params: idParams,
    multipart: true,
    response: dataOf(workItem),
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: '/checklist/workItems/:id/image',
    summary: 'Remove the work item image',
    tag,
    requires: requires('checklist.work_item.update'),
    params: idParams,
    response: dataOf(workItem),
  }),
  addOption: endpoint({
    method: 'POST',
    path: '/checklist/workItems/:id/options',
    summary: 'Add an option to a work item',
    tag,
    requires: requires('checklist.work_item.update'),
    params: idParams,
    body: workItemOptionInput,
    response: dataOf(workItem),
    status: 201,
  }),
  updateOption: endpoint({
    method: 'PATCH',
    path: '/checklist/workItems/:id/options/:optionId',
    summary: 'Change an option of a work item (records already made keep their copy)',
    tag,
    requires: requires('checklist.work_item.update'),
    params: workItemOptionParams,
    body: workItemOptionPatch,
    response: dataOf(workItem),
  }),
  removeOption: endpoint({
    method: 'DELETE',
    path: '/checklist/workItems/:id/options/:optionId',
    summary: 'Remove an option of a work item',
    tag,
    requires: requires('checklist.work_item.update'),
    params: workItemOptionParams,
    response: dataOf(workItem),
  }),
  uploadOptionImage: endpoint({
    method: 'PUT',
    path: '/checklist/workItems/:id/options/:optionId/image',
    summary: 'Upload an option image (multipart field "file"; JPEG or PNG up to 5 MB)',
    tag,
    requires: requires('checklist.work_item.update'),
    params: workItemOptionParams,
    multipart: true,
    response: dataOf(workItem),
  }),
  removeOptionImage: endpoint({
    method: 'DELETE',
    path: '/checklist/workItems/:id/options/:optionId/image',
    summary: 'Remove an option image',
    tag,
    requires: requires('checklist.work_item.update'),
    params: workItemOptionParams,
    response: dataOf(workItem),
  }),
};

export const checklistEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/checklist/checklists',
    summary: 'Checklists of the partners in scope (in use unless asked), filtered, sorted and paged',
    tag,
    requires: requires('checklist.checklist.read'),
    query: checklistListQuery,
    response: listOf(checklistSummary),
  }),
  create: endpoint({
    method: 'POST',
    path: '/checklist/checklists',
    summary: 'Create a checklist with its work item groups for a partner in scope',
    tag,
    requires: requires('checklist.checklist.create'),
    body: checklistInput,
    response: dataOf(checklist),
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/checklist/checklists/:id',
    summary: 'One checklist with its groups, their work items and options',
    tag,
    requires: requires('checklist.checklist.read'),
    params: idParams,
    response: dataOf(checklist),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/checklist/checklists/:id',
    summary: 'Change some fields of a checklist (records already made keep their snapshot)',
    tag,
    requires: requires('checklist.checklist.update'),
    params: idParams,
    body: checklistPatch,
    response: dataOf(checklist),
  }),
  archive: endpoint({
    method: 'POST',
    path: '/checklist/checklists/:id/$archive',
    summary: 'Archive a checklist',
    tag,
    requires: requires('checklist.checklist.delete'),
    params: idParams,
    response: dataOf(checklist),
  }),
  addGroup: endpoint({
    method: 'POST',
    path: '/checklist/checklists/:id/workItemGroups',
    summary: 'Add a work item group at the end of a checklist',
    tag,
    requires: requires('checklist.checklist.update'),
    params: idParams,
    body: workItemGroupInput,
    response: dataOf(checklist),
    status: 201,
  }),
  updateGroup: endpoint({
    method: 'PATCH',
    path: '/checklist/checklists/:id/workItemGroups/:groupId',
    summary: 'Change or move a work item group',
    tag,
    requires: requires('checklist.checklist.update'),
    params: checklistGroupParams,
    body: workItemGroupPatch,
    response: dataOf(checklist),
  }),
  removeGroup: endpoint({
    method: 'DELETE',
    path: '/checklist/checklists/:id/workItemGroups/:groupId',
    summary: 'Remove a work item group',
    tag,
    requires: requires('checklist.checklist.update'),
    params: checklistGroupParams,
    response: dataOf(checklist),
  }),
  uploadGroupImage: endpoint({
    method: 'PUT',
    path: '/checklist/checklists/:id/workItemGroups/:groupId/image',
    summary: 'Upload a group image (multipart field "file"; JPEG or PNG up to 5 MB)',
    tag,
    requires: requires('checklist.checklist.update'),
    params: checklistGroupParams,
    multipart: true,
    response: dataOf(checklist),
  }),
  removeGroupImage: endpoint({
    method: 'DELETE',
    path: '/checklist/checklists/:id/workItemGroups/:groupId/image',
    summary: 'Remove a group image',
    tag,
    requires: requires('checklist.checklist.update'),
    params: checklistGroupParams,
    response: dataOf(checklist),
  }),
};
