import { z } from 'zod';
import { assetLifeCycleState } from './assets.ts';
import { workItemOptionTypes, workItemResultModes } from './checklists.ts';
import { dataOf, id, idParams, isoDateTime, listOf, optionalText, pageQuery, sortQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { appPermission, type Requirement, requires, requiresApp } from './permissions.ts';

/**
 * Checklist records (document 1 §7.5, document 2 §3): a checklist worked on one asset at a service centre, from a
 * service ticket. The checklist is copied into the record when the draft is submitted; finalizing fixes the cost
 * statement (tax rates in force then) and sets the asset lifecycle the checklist names.
 */
export const checklistRecordStatuses = ['New', 'Finish'] as const;
export type ChecklistRecordStatus = (typeof checklistRecordStatuses)[number];

/** Document 2 §9: images up to 5 MB (JPEG or PNG); short videos (MP4 or WebM) up to 100 MB, streamed to disk. */
export const RECORD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const RECORD_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const attachmentKinds = ['image', 'video'] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];
/** Quantity of one hardware option (three brake pads); labour is counted the same way (two hours). */
export const RECORD_OPTION_QUANTITY_MAX = 99;

/** One work item's result in a draft: the options chosen and a note. */
export const draftWorkItemResult = z.strictObject({
  workItemId: id,
  options: z.array(
    z.strictObject({
      optionId: id,
      quantity: z.number().int().min(1).max(RECORD_OPTION_QUANTITY_MAX).default(1),
    }),
  ),
  note: optionalText(1000).optional(),
});
export const draftGroupResult = z.strictObject({ groupId: id, workItems: z.array(draftWorkItemResult) });

/**
 * POST /support/customerTickets/{ticketId}/checklistRecords/$submitDraft. The asset and the centre are the
 * ticket's. `recordId` replaces the content of a draft (New) record of the same ticket instead of adding one.
 */
export const submitDraftBody = z.strictObject({
  checklistId: id,
  recordId: id.optional(),
  groups: z.array(draftGroupResult),
  comment: optionalText(2000).optional(),
  durationMinutes: z.number().int().min(0).max(100_000),
});
export type SubmitDraftBody = z.infer<typeof submitDraftBody>;

/** A work item of the record: the checklist's copy with what was chosen. */
export const recordWorkItem = z.object({
  id,
  name: z.string(),
  resultMode: z.enum(workItemResultModes),
  note: z.string().nullable(),
  options: z.array(
    z.object({
      id,
      type: z.enum(workItemOptionTypes),
      name: z.string(),
      costAmount: z.number(),
      price: z.number().nullable(),
      sku: z.string().nullable(),
      /** 0 when not chosen. */
      quantity: z.number().int(),
    }),
  ),
});
export const recordGroup = z.object({
  id,
  name: z.string(),
  isRequired: z.boolean(),
  isAllWorkItemsRequired: z.boolean(),
  workItems: z.array(recordWorkItem),
});

export const checklistRecordSummary = z.object({
  id,
  status: z.enum(checklistRecordStatuses),
  asset: z.object({ id, no: z.string() }),
  partner: z.object({ id, name: z.string() }),
  checklist: z.object({ id, name: z.string() }),
  ticket: z.object({ id, ticketNo: z.string() }).nullable(),
  site: z.object({ id, name: z.string() }).nullable(),
  creator: z.object({ id, name: z.string() }).nullable(),
  /** Finish time: when the record was finalized. */
  finalizedAt: isoDateTime.nullable(),
  durationMinutes: z.number().int(),
  comment: z.string().nullable(),
  currency: z.string(),
  /** What the customer is charged for the record, tax included (null for callers without read_cost). */
  chargeTotal: z.number().nullable(),
  excludedAt: isoDateTime.nullable(),
  attachmentCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ChecklistRecordSummary = z.infer<typeof checklistRecordSummary>;

export const checklistRecord = checklistRecordSummary.extend({
  basicCostAmount: z.number(),
  assetLifeCyclePreferTo: assetLifeCycleState.nullable(),
  groups: z.array(recordGroup),
});
export type ChecklistRecord = z.infer<typeof checklistRecord>;

export const costLineKinds = ['basic', 'labour', 'hardware'] as const;
export const costStatementLine = z.object({
  kind: z.enum(costLineKinds),
  groupName: z.string().nullable(),
  workItemName: z.string().nullable(),
  optionName: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** Null: recorded only, not charged. */
  unitPrice: z.number().nullable(),
  costAmount: z.number(),
  /** Charged amounts, tax included in gross (B2C prices include VAT). */
  gross: z.number(),
  net: z.number(),
  tax: z.number(),
  taxRate: z.number().nullable(),
});
const costTotals = z.object({ net: z.number(), tax: z.number(), gross: z.number(), cost: z.number() });
export const costStatement = z.object({
  recordId: id,
  currency: z.string(),
  taxGroup: z.object({ id, name: z.string() }).nullable(),
  /** When the rates were taken: the finalization, or now for a draft (an estimate). */
  ratesAt: isoDateTime,
  isFinal: z.boolean(),
  lines: z.array(costStatementLine),
  labour: costTotals,
  hardware: costTotals,
  basic: costTotals,
  total: costTotals,
});
export type CostStatement = z.infer<typeof costStatement>;

export const recordAttachment = z.object({
  id,
  kind: z.enum(attachmentKinds),
  content: z.string().nullable(),
  fileName: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  groupId: id.nullable(),
  workItemId: id.nullable(),
  /** A permission-checked URL under /api (private, no-store). */
  url: z.string(),
  createdAt: isoDateTime,
});
export type RecordAttachment = z.infer<typeof recordAttachment>;

export const checklistRecordSortKeys = ['createdAt', 'finalizedAt', 'durationMinutes'] as const;
const idListQuery = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(id).max(100).optional(),
);
export const checklistRecordListQuery = pageQuery.extend({
  partnerIdIn: idListQuery,
  checklistIdIn: idListQuery,
  assetNo: z.string().trim().max(64).optional(),
  status: z.enum(checklistRecordStatuses).optional(),
  creatorId: id.optional(),
  finalizedFrom: isoDateTime.optional(),
  finalizedTo: isoDateTime.optional(),
  sort: sortQuery(checklistRecordSortKeys),
});
export type ChecklistRecordListQuery = z.infer<typeof checklistRecordListQuery>;

export const assetChecklistRecordListQuery = pageQuery.extend({
  assetNo: z.string().trim().min(1).max(64),
  sort: sortQuery(checklistRecordSortKeys),
});

export const recordItemAttachmentParams = z.strictObject({ id, groupId: id, workItemId: id });
export const attachmentFileParams = z.strictObject({ id, attachmentId: id });
export const ticketIdParams = z.strictObject({ ticketId: id });

export const CHECKLIST_RECORD_ERRORS = {
  SupportCustomerTicketNotFound: 'The service ticket does not exist',
  SupportCustomerTicketOperationNotAllowed: 'Checklists can be worked only on a ticket in processing',
  AssetNotFound: 'The asset does not exist',
  AssetCategoryNotFound: 'The asset category does not exist',
  AssetPartnerOutOfScope: "The asset's partner is outside your partner scope",
  ChecklistAssetCategoryScopeNotIncludeAssetCategory: "The checklist does not apply to the asset's category",
  ChecklistWorkItemGroupDuplicated: 'A group is given twice',
  WorkItemDuplicated: 'A work item is given twice in a group',
  WorkItemOptionDuplicated: 'An option is given twice for a work item',
  ChecklistRecordDraftWorkItemGroupNotFound: 'The group is not part of the checklist',
  ChecklistRecordDraftWorkItemNotFound: 'The work item is not part of the group',
  ChecklistRecordDraftWorkItemOptionNotFound: 'The option is not an option of the work item',
  ChecklistRecordDraftWorkItemOptionErpProductSkuRequired:
    'A hardware option needs its inventory SKU before it is used',
  ChecklistRecordDraftInvalid: 'Required work items are not completed',
  ChecklistRecordNotFoundSite: 'The ticket has no service centre',
  ChecklistRecordSiteNotServiceCenter: "The ticket's site is not a service centre",
  ChecklistRecordNotFound: 'The checklist record does not exist',
  ChecklistRecordAlreadyFinalized: 'The checklist record is already finalized',
  ChecklistRecordWorkItemGroupNotFound: 'The group is not part of the record',
  ChecklistRecordWorkItemNotFound: 'The work item is not part of the record',
  ChecklistRecordFinalizeNotAllowed: 'The record can be finalized only while its ticket is being worked',
} as const;

/**
 * Who works a ticket's records: the B2C permissions, or the B2B mechanic's (the service checks the ticket's kind:
 * a B2C mechanic never works a B2B ticket's records, nor the other way round).
 */
const recordWork: Requirement = [
  ['support.customer_ticket.update'],
  ['support.customer_ticket.update_assigned_to_self'],
  [appPermission('support.ticket.mechanic')],
];

const tag = 'checklist-records';
export const checklistRecordEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/checklist/checklistRecords',
    summary: 'Checklist records of the partners in scope, filtered, sorted and paged',
    tag,
    requires: requires('checklist_record.read'),
    query: checklistRecordListQuery,
    response: listOf(checklistRecordSummary),
  }),
  get: endpoint({
    method: 'GET',
    path: '/checklist/checklistRecords/:id',
    summary: 'One checklist record with its groups, work items and chosen options',
    tag,
    requires: requires('checklist_record.read_detail'),
    params: idParams,
    response: dataOf(checklistRecord),
  }),
  costStatement: endpoint({
    method: 'GET',
    path: '/checklist/checklistRecords/:id/costStatement',
    summary: 'The cost statement of a record: labour, hardware and basic lines with tax and totals',
    tag,
    requires: [['checklist_record.read_detail', 'checklist_record.read_cost']],
    params: idParams,
    response: dataOf(costStatement),
  }),
  attachments: endpoint({
    method: 'GET',
    path: '/checklist/checklistRecords/:id/attachments',
    summary: 'The photos and videos of a record',
    tag,
    requires: requires('checklist_record.read_detail'),
    params: idParams,
    response: dataOf(z.array(recordAttachment)),
  }),
  attachmentFile: endpoint({
    method: 'GET',
    path: '/checklist/checklistRecords/:id/attachments/:attachmentId/file',
    summary: 'The bytes of one attachment (private, no-store; ranges for video)',
    tag,
    requires: requires('checklist_record.read_detail'),
    params: attachmentFileParams,
    response: z.unknown(),
  }),
  addAttachment: endpoint({
    method: 'POST',
    path: '/checklist/checklistRecords/:id/attachments',
    summary:
      'Attach a photo (JPEG/PNG ≤ 5 MB) or a video (MP4/WebM ≤ 100 MB) to a record (multipart "content", "file")',
    tag,
    requires: recordWork,
    params: idParams,
    multipart: true,
    response: dataOf(recordAttachment),
    status: 201,
  }),
  addWorkItemAttachment: endpoint({
    method: 'POST',
    path: '/checklist/checklistRecords/:id/workItemGroups/:groupId/workItems/:workItemId/attachments',
    summary: 'Attach a photo or a video to one work item of a record (multipart "content", "file")',
    tag,
    requires: recordWork,
    params: recordItemAttachmentParams,
    multipart: true,
    response: dataOf(recordAttachment),
    status: 201,
  }),
  finalize: endpoint({
    method: 'POST',
    path: '/checklist/checklistRecords/:id/$finalize',
    summary: 'Finalize a record once: fixes its cost statement and sets the asset lifecycle the checklist names',
    tag,
    requires: recordWork,
    params: idParams,
    response: dataOf(checklistRecord),
  }),
  assetRecords: endpoint({
    method: 'GET',
    path: '/checklist/assetChecklistRecords',
    summary: "The checklist records of one asset, newest first (the asset detail's Service tab)",
    tag,
    requires: requires('checklist_record.read'),
    query: assetChecklistRecordListQuery,
    response: listOf(checklistRecordSummary),
  }),
  assetRecordAttachments: endpoint({
    method: 'GET',
    path: '/checklist/assetChecklistRecords/:id/attachments',
    summary: 'The photos and videos of one record of an asset',
    tag,
    requires: requires('checklist_record.read_detail'),
    params: idParams,
    response: dataOf(z.array(recordAttachment)),
  }),
  ticketRecords: endpoint({
    method: 'GET',
    path: '/support/customerTickets/:ticketId/checklistRecords',
    summary: 'The checklist records of a service ticket, with their groups and chosen options',
    tag,
    requires: requires('support.customer_ticket.read_detail'),
    params: ticketIdParams,
    response: dataOf(z.array(checklistRecord)),
  }),
  submitDraft: endpoint({
    method: 'POST',
    path: '/support/customerTickets/:ticketId/checklistRecords/$submitDraft',
    summary: 'Submit (or replace) a draft checklist record on a ticket in processing',
    tag,
    requires: recordWork,
    params: ticketIdParams,
    body: submitDraftBody,
    response: dataOf(checklistRecord),
    status: 201,
  }),
  subscriptionTicketRecords: endpoint({
    method: 'GET',
    path: '/support/tickets/:ticketId/checklistRecords',
    summary: 'The checklist records of a B2B service ticket, with their groups and chosen options',
    tag,
    requires: [
      ['support.ticket.read_detail'],
      ['super_user.support.ticket.read_detail'],
      [appPermission('support.ticket.mechanic')],
    ],
    params: ticketIdParams,
    response: dataOf(z.array(checklistRecord)),
  }),
  subscriptionSubmitDraft: endpoint({
    method: 'POST',
    path: '/support/tickets/:ticketId/checklistRecords/$submitDraft',
    summary: 'Submit (or replace) a draft checklist record on a B2B ticket in processing',
    tag,
    requires: requiresApp('support.ticket.mechanic'),
    params: ticketIdParams,
    body: submitDraftBody,
    response: dataOf(checklistRecord),
    status: 201,
  }),
};
