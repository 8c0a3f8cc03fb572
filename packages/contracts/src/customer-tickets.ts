import { z } from 'zod';
import { assetLifeCycleState } from './assets.ts';
import {
  dataOf,
  email,
  id,
  idParams,
  isoDateTime,
  listOf,
  optionalText,
  pageQuery,
  phoneNo,
  sortQuery,
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { type Requirement, requires } from './permissions.ts';
import { money } from './pricing.ts';
import { subscriptionTradeStates } from './subscriptions.ts';

/**
 * Service tickets (document 1 §7.7, document 2 §3 "Service ticket", §4): an asset at a service centre, worked by a
 * mechanic through checklist records. One engine, two kinds: `b2c` tickets (issue 22) are opened by the workshop for
 * a customer's asset and charged to the customer's card at finish; `b2b` tickets (issue 24, subscription-tickets.ts)
 * are opened by a subscribing partner's staff for a subscribed asset and their fee goes to the subscription order.
 */
export const serviceTicketKinds = ['b2c', 'b2b'] as const;
export type ServiceTicketKind = (typeof serviceTicketKinds)[number];

export const customerTicketStatuses = [
  'new',
  'checked-in',
  'processing',
  'paused',
  'finished',
  'unsuccessful',
  'completed',
] as const;
export type CustomerTicketStatus = (typeof customerTicketStatuses)[number];
/** A ticket that can still change; one per asset at a time (TicketAlreadyExists). */
export const openCustomerTicketStatuses = [
  'new',
  'checked-in',
  'processing',
  'paused',
  'finished',
] as const satisfies readonly CustomerTicketStatus[];

export const ticketPauseReasons = [
  'waiting-for-information',
  'waiting-for-parts',
  'customer-approval',
  'shop-too-busy',
  'requires-testing',
  'extensive-repair',
  'end-of-shift',
  'others',
] as const;
export type TicketPauseReason = (typeof ticketPauseReasons)[number];

export const ticketOperationTypes = ['regular', 'swapped', 'return'] as const;
export type TicketOperationType = (typeof ticketOperationTypes)[number];

export const ticketIssues = [
  'Priority',
  'Battery',
  'ECU/Controller',
  'E-shifter/Derailleur',
  'Motor',
  'Button/Horns',
  'Kicklock',
  'Hub',
  'Brakes',
  'Pedal',
  'Flat',
  'Tune up',
  'Frame/Front fork',
  'Display',
  'Kickstand',
  'Socket cable',
  'Suspension',
] as const;
export type TicketIssue = (typeof ticketIssues)[number];

/** The status actions, one call each. */
export const ticketStatusActions = ['checkIn', 'start', 'pause', 'resume', 'finish', 'complete', 'fail'] as const;
export type TicketStatusAction = (typeof ticketStatusActions)[number];

/**
 * The one transition table (document 2 §4 leaves the source states open; docs/decisions.md "Service ticket
 * states"): any action from a status not listed is InvalidTicketStatus with nothing changed.
 */
export const TICKET_TRANSITIONS: Readonly<
  Record<TicketStatusAction, { from: readonly CustomerTicketStatus[]; to: CustomerTicketStatus }>
> = {
  checkIn: { from: ['new'], to: 'checked-in' },
  start: { from: ['checked-in'], to: 'processing' },
  pause: { from: ['processing'], to: 'paused' },
  resume: { from: ['paused'], to: 'processing' },
  finish: { from: ['processing', 'paused'], to: 'finished' },
  complete: { from: ['finished'], to: 'completed' },
  fail: { from: ['new', 'checked-in', 'processing', 'paused'], to: 'unsuccessful' },
};

/** Whose work an action is: `work` actions need update, or update_assigned_to_self on one's own ticket. */
const work: Requirement = [['support.customer_ticket.update'], ['support.customer_ticket.update_assigned_to_self']];
export const TICKET_WORK_REQUIREMENT = work;

/** The list views of document 1 §2.5, as tabs with live counts (definitions in docs/decisions.md). */
export const ticketViews = ['all', 'unassigned', 'myUnready', 'myPending', 'allReady'] as const;
export type TicketView = (typeof ticketViews)[number];

/** Charge command at most once per 24 h per ticket (document 2 §9). */
export const TICKET_CHARGE_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const TICKET_EXPORT_MAX = 5000;

const ref = z.object({ id, name: z.string() });

export const customerTicketSummary = z.object({
  id,
  ticketNo: z.string(),
  kind: z.enum(serviceTicketKinds),
  status: z.enum(customerTicketStatuses),
  asset: z.object({ id, no: z.string() }),
  category: ref,
  assetPartner: ref,
  /** The partner whose service centre works the ticket; null on a B2B ticket until the workshop checks it in. */
  provider: ref.nullable(),
  center: ref.nullable(),
  customer: z.object({ id, name: z.string(), phoneNo: z.string(), email: z.string().nullable() }).nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  mechanic: ref.nullable(),
  operationType: z.enum(ticketOperationTypes),
  swappedAsset: z.object({ id, no: z.string() }).nullable(),
  order: z.object({ id, orderNo: z.string() }).nullable(),
  /** B2B: the subscription order the asset is held by; its fee is billed there. */
  subscriptionOrder: z.object({ id, orderNo: z.string() }).nullable(),
  /** B2B: the order's trade that bills the ticket's fee (fee type `service`), once the ticket is Ready. */
  serviceTrade: z.object({ id, state: z.enum(subscriptionTradeStates) }).nullable(),
  issues: z.array(z.enum(ticketIssues)),
  comment: z.string().nullable(),
  checkInNote: z.string().nullable(),
  pauseReason: z.enum(ticketPauseReasons).nullable(),
  pauseNote: z.string().nullable(),
  failReason: z.string().nullable(),
  currency: z.string(),
  /** The fees of the finalized, not excluded records (null before finish). */
  serviceFee: z.number().nullable(),
  paid: z.number(),
  /** What is still to be paid: serviceFee − paid − exempted (0 before finish). */
  owed: z.number(),
  exemptRefundAmount: z.number(),
  exemptRefundReason: z.string().nullable(),
  /** When $charge may be sent again (null: now, or nothing owed). */
  chargeOpensAt: isoDateTime.nullable(),
  durationMinutes: z.number().int(),
  checkedInAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  closedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CustomerTicketSummary = z.infer<typeof customerTicketSummary>;

export const ticketPaymentKinds = ['charge', 'refund'] as const;
export const ticketPayment = z.object({
  id,
  kind: z.enum(ticketPaymentKinds),
  amount: z.number(),
  currency: z.string(),
  /** Pending | Succeeded | Failed (the ledger's states). */
  status: z.string(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  createdAt: isoDateTime,
  settledAt: isoDateTime.nullable(),
});
export const ticketAdjustment = z.object({
  id,
  kind: z.enum(['exempt', 'refund']),
  amount: z.number(),
  reason: z.string(),
  user: ref.nullable(),
  createdAt: isoDateTime,
});
export const ticketInvoice = z.object({
  id,
  invoiceNo: z.string(),
  issuedAt: isoDateTime,
  currency: z.string(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  taxGroupName: z.string().nullable(),
  emailStatus: z.enum(['pending', 'sent', 'failed']),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      gross: z.number(),
      net: z.number(),
      tax: z.number(),
      taxRate: z.number().nullable(),
    }),
  ),
});
export type TicketInvoice = z.infer<typeof ticketInvoice>;
export const ticketEvent = z.object({
  id,
  action: z.string(),
  fromStatus: z.enum(customerTicketStatuses).nullable(),
  toStatus: z.enum(customerTicketStatuses).nullable(),
  user: ref.nullable(),
  data: z.record(z.string(), z.unknown()),
  at: isoDateTime,
});
export type TicketEvent = z.infer<typeof ticketEvent>;

/** Every action the detail may offer; the server lists those the caller may do now (`allowedActions`). */
export const ticketActions = [
  ...ticketStatusActions,
  'assign',
  'charge',
  'exemptOrRefund',
  'editContactInfo',
  'editCheckInNote',
  'comment',
  'workChecklists',
  /** B2B: the partner's staff change or withdraw a ticket the workshop has not checked in yet. */
  'update',
  'delete',
  /** B2B: the operator changes the fee billed to the subscription (super_user.support.ticket.edit_charge). */
  'editCharge',
] as const;
export type TicketAction = (typeof ticketActions)[number];

/** A photo the reporter of a B2B ticket attached; `url` is permission-checked under /api (private, no-store). */
export const ticketPhoto = z.object({
  id,
  url: z.string(),
  fileName: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: isoDateTime,
});
export type TicketPhoto = z.infer<typeof ticketPhoto>;

export const customerTicket = customerTicketSummary.extend({
  asset: z.object({ id, no: z.string(), lifeCycleState: assetLifeCycleState }),
  allowedActions: z.array(z.enum(ticketActions)),
  payments: z.array(ticketPayment),
  adjustments: z.array(ticketAdjustment),
  invoice: ticketInvoice.nullable(),
  history: z.array(ticketEvent),
  photos: z.array(ticketPhoto),
});
export type CustomerTicket = z.infer<typeof customerTicket>;

/** A customer created with the ticket (document 2 §9: initial password = the phone's last 6 digits). */
export const ticketNewCustomer = z.strictObject({
  phoneNo,
  firstName: trimmedText(50),
  lastName: trimmedText(50),
  email: email.optional(),
});

const ticketContactFields = {
  contactName: optionalText(100).optional(),
  contactEmail: z.union([email, z.literal('')]).optional(),
  contactPhone: z.union([phoneNo, z.literal('')]).optional(),
};

export const createCustomerTicketBody = z
  .strictObject({
    assetNo: z.string().trim().min(1).max(64),
    centerSiteId: id,
    /** An existing customer, or `newCustomer` to create one on the spot (exactly one of them). */
    customerId: id.optional(),
    newCustomer: ticketNewCustomer.optional(),
    operationType: z.enum(ticketOperationTypes),
    /** swapped: the asset the customer got instead (AssetNoSwappedInvalid). */
    swappedAssetNo: z.string().trim().min(1).max(64).optional(),
    /** return: the open order the asset comes back from (OrderMismatch). */
    orderId: id.optional(),
    issues: z.array(z.string()).min(1, { message: 'Please select at least one item' }).max(ticketIssues.length),
    comment: optionalText(2000).optional(),
    checkInNote: optionalText(2000).optional(),
    ...ticketContactFields,
  })
  .refine((b) => (b.customerId === undefined) !== (b.newCustomer === undefined), {
    message: 'Choose a customer or create one',
    path: ['customerId'],
  });
export type CreateCustomerTicketBody = z.infer<typeof createCustomerTicketBody>;

export const inspectTicketAssetBody = z.strictObject({
  assetNo: z.string().trim().min(1).max(64),
  operationType: z.enum(ticketOperationTypes).optional(),
  swappedAssetNo: z.string().trim().min(1).max(64).optional(),
  orderId: id.optional(),
});
/** What the new-ticket form shows once the asset is found (refusals are the codes of CUSTOMER_TICKET_ERRORS). */
export const ticketAssetInspection = z.object({
  asset: z.object({
    id,
    no: z.string(),
    category: ref,
    partner: ref,
    lifeCycleState: assetLifeCycleState,
    usageMode: z.string(),
  }),
  /** The asset's open order: a return ticket belongs to it; the customer is proposed from it. */
  openOrder: z
    .object({ id, orderNo: z.string(), customer: z.object({ id, name: z.string(), phoneNo: z.string() }) })
    .nullable(),
  currency: z.string(),
});
export type TicketAssetInspection = z.infer<typeof ticketAssetInspection>;

export const customerTicketSortKeys = ['createdAt', 'updatedAt', 'ticketNo', 'status'] as const;
const idListQuery = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(id).max(100).optional(),
);
const listOfEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
    z.array(z.enum(values)).optional(),
  );
export const customerTicketFilters = z.object({
  view: z.enum(ticketViews).default('all'),
  /** Ticket number, asset number, customer phone or contact name. */
  search: z.string().trim().max(100).optional(),
  statusIn: listOfEnum(customerTicketStatuses),
  mechanicUserId: id.optional(),
  centerSiteIdIn: idListQuery,
  partnerIdIn: idListQuery,
  /** Tickets of one asset (exact number): the asset detail's Service tab. */
  assetNo: z.string().trim().max(64).optional(),
  customerId: id.optional(),
  issue: z.enum(ticketIssues).optional(),
  operationType: z.enum(ticketOperationTypes).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  sort: sortQuery(customerTicketSortKeys),
});
export const customerTicketListQuery = pageQuery.extend(customerTicketFilters.shape);
export type CustomerTicketListQuery = z.infer<typeof customerTicketListQuery>;
export const customerTicketExportQuery = customerTicketFilters;
/** The counts of every view under the same filters (the tabs' badges). */
export const customerTicketCounts = z.object({
  ...(Object.fromEntries(ticketViews.map((v) => [v, z.number().int()])) as Record<TicketView, z.ZodNumber>),
  /** Views whose count is the planner's estimate: `all` above TICKET_EXACT_COUNT_MAX (show it as "about"). */
  estimated: z.array(z.enum(ticketViews)).optional(),
});
/** Counts are exact up to this many tickets; above it `all` is the planner's estimate (flagged). */
export const TICKET_EXACT_COUNT_MAX = 10_000;
/** A page of a view with its count; `countIsEstimate` when the count passed TICKET_EXACT_COUNT_MAX. */
export const customerTicketPage = listOf(customerTicketSummary).extend({ countIsEstimate: z.boolean().optional() });

export const pauseTicketBody = z.strictObject({
  pauseReason: z.enum(ticketPauseReasons, { message: 'A pause reason is required' }),
  note: optionalText(1000).optional(),
});
export const failTicketBody = z.strictObject({
  reason: z.string().trim().min(1, { message: 'A reason is required' }).max(1000),
});
export const assignTicketBody = z.strictObject({ mechanicUserId: id });
export const commentTicketBody = z.strictObject({ comment: optionalText(2000) });
export const ticketContactInfoBody = z.strictObject(ticketContactFields);
export const ticketCheckInNoteBody = z.strictObject({ checkInNote: optionalText(2000) });
export const exemptOrRefundTicketBody = z.strictObject({
  amount: money.refine((v) => v > 0, { message: 'Amount must be more than 0' }),
  reason: z.string().trim().min(1, { message: 'A reason is required' }).max(500),
});
export const ticketRecordParams = z.strictObject({ id, recordId: id });
/** Staff who may work a ticket of this partner (the assign picker). */
export const ticketMechanicsQuery = z.object({ partnerId: id });

export const CUSTOMER_TICKET_ERRORS = {
  InvalidTicketStatus: 'The ticket cannot do this in its current status',
  ChecklistRecordAlreadyExcluded: "The record is already excluded from the ticket's fees",
  PaymentProviderError: 'The payment provider refused or failed the charge',
  CustomerEmailMissing: 'The customer has no e-mail address: add one and charge again',
  CustomerEmailInvalid: "The customer's e-mail address is invalid: fix it and charge again",
  TicketSendInvoiceFailed: 'The invoice was issued but could not be e-mailed',
  TaxGroupIncomplete: "The service centre's tax group has no rate for service hardware or service labour",
  PartnerConfigIncomplete: "The partner's operation settings are incomplete",
  PartnerNotOpenToJoin: 'The partner does not accept new customers',
  TicketAlreadyExists: 'The asset already has an open ticket',
  OrderMismatch: 'The asset is not on this open order',
  CustomerNameInvalid: "The customer's name is invalid",
  ContactEmailInUsed: 'This e-mail is already used by another customer',
  EmailInUse: 'This e-mail is already used by another customer',
  AssetUsageModeInvalid: 'Only assets rented to customers get B2C service tickets',
  AssetNoSwappedInvalid: 'The swapped asset is missing, the same asset, or not of this partner',
  IssueInvalid: 'Unknown issue category',
  CustomerTicketHasOwedFee: 'The customer still owes fees on this ticket',
  TooManyRequests: 'The charge can be sent again once 24 hours have passed',
  AssetHasOngoingOrder: 'The asset is rented out on an order; open a return ticket for that order',
  SupportCustomerTicketNotAssigned: 'The ticket is assigned to another mechanic',
} as const;

/** One ticket's action of a kind's endpoint set: POST `<base>/:id/<path>`, answering the ticket. */
export const ticketActionOf =
  (base: string, tag: string) =>
  <B extends z.ZodType | undefined = undefined>(path: string, summary: string, requirement: Requirement, body?: B) =>
    endpoint({
      method: 'POST',
      path: `${base}/:id/${path}`,
      summary,
      tag,
      requires: requirement,
      params: idParams,
      body: body as B,
      response: dataOf(customerTicket),
    });

const tag = 'customer-tickets';
const ticketAction = ticketActionOf('/support/customerTickets', tag);

export const customerTicketEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/support/customerTickets',
    summary: 'Service tickets of the partners in scope, one list view, filtered, sorted and paged',
    tag,
    requires: requires('support.customer_ticket.read'),
    query: customerTicketListQuery,
    response: customerTicketPage,
  }),
  counts: endpoint({
    method: 'GET',
    path: '/support/customerTickets/$counts',
    summary: 'How many tickets each list view holds under the same filters',
    tag,
    requires: requires('support.customer_ticket.read'),
    query: customerTicketFilters.omit({ view: true, sort: true }),
    response: dataOf(customerTicketCounts),
  }),
  export: endpoint({
    method: 'GET',
    path: '/support/customerTickets/$export',
    summary: `The tickets of a view matching the filters as CSV, at most ${TICKET_EXPORT_MAX} (422 ExportTooLarge)`,
    tag,
    requires: [['support.customer_ticket.read', 'support.customer_ticket.export_data']],
    query: customerTicketExportQuery,
    response: z.unknown(),
  }),
  mechanics: endpoint({
    method: 'GET',
    path: '/support/customerTickets/$mechanics',
    summary: 'Staff who may work tickets of a partner (the assign picker)',
    tag,
    requires: requires('support.customer_ticket.assign', 'support.customer_ticket.read'),
    query: ticketMechanicsQuery,
    response: dataOf(z.array(ref)),
  }),
  inspectAsset: endpoint({
    method: 'POST',
    path: '/support/customerTickets/$inspectAsset',
    summary: 'Check an asset before a ticket is opened for it',
    tag,
    requires: requires('support.customer_ticket.create'),
    body: inspectTicketAssetBody,
    response: dataOf(ticketAssetInspection),
  }),
  create: endpoint({
    method: 'POST',
    path: '/support/customerTickets',
    summary: 'Open a service ticket for an asset (and a new customer when asked)',
    tag,
    requires: requires('support.customer_ticket.create'),
    body: createCustomerTicketBody,
    response: dataOf(customerTicket),
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/support/customerTickets/:id',
    summary: 'One ticket with its fees, payments, invoice, history and the actions the caller may take',
    tag,
    requires: requires('support.customer_ticket.read_detail'),
    params: idParams,
    response: dataOf(customerTicket),
  }),
  comment: endpoint({
    method: 'PATCH',
    path: '/support/customerTickets/:id',
    summary: "Change the ticket's comment",
    tag,
    requires: work,
    params: idParams,
    body: commentTicketBody,
    response: dataOf(customerTicket),
  }),
  contactInfo: endpoint({
    method: 'PATCH',
    path: '/support/customerTickets/:id/contactInfo',
    summary: "Change the ticket's contact name, e-mail or phone",
    tag,
    requires: work,
    params: idParams,
    body: ticketContactInfoBody,
    response: dataOf(customerTicket),
  }),
  checkInNote: endpoint({
    method: 'PATCH',
    path: '/support/customerTickets/:id/checkInNote',
    summary: "Change the ticket's check-in note",
    tag,
    requires: [['support.customer_ticket.check_in'], ...work],
    params: idParams,
    body: ticketCheckInNoteBody,
    response: dataOf(customerTicket),
  }),
  checkIn: ticketAction(
    '$checkIn',
    'Check the asset in (new → checked-in)',
    requires('support.customer_ticket.check_in'),
  ),
  start: ticketAction(
    '$start',
    'Start work (checked-in → processing); assigns an unassigned ticket to the caller',
    work,
  ),
  pause: ticketAction('$pause', 'Pause work with a reason (processing → paused)', work, pauseTicketBody),
  resume: ticketAction('$resume', 'Resume work (paused → processing)', work),
  finish: ticketAction(
    '$finish',
    'Finish (→ Ready): finalizes the records, charges the fees to the customer card and issues the invoice',
    work,
  ),
  complete: ticketAction(
    '$complete',
    'Complete a Ready ticket with nothing owed (422 CustomerTicketHasOwedFee otherwise)',
    requires('support.customer_ticket.complete'),
  ),
  fail: ticketAction('$fail', 'Close the ticket as unsuccessful, with a reason', work, failTicketBody),
  assign: ticketAction(
    '$assign',
    'Assign the ticket to a mechanic',
    requires('support.customer_ticket.assign'),
    assignTicketBody,
  ),
  charge: ticketAction(
    '$charge',
    'Charge the owed fee again (once per 24 h per ticket: 429 TooManyRequests with data.retryAt)',
    requires('support.customer_ticket.charge_owed_fee'),
  ),
  exemptOrRefund: ticketAction(
    '$exemptOrRefund',
    'Exempt part of the owed fee, or refund part of what was paid (never more than owed or paid)',
    requires('support.customer_ticket.exempt_refund'),
    exemptOrRefundTicketBody,
  ),
  sendInvoice: ticketAction(
    'invoice/$send',
    'E-mail the invoice to the customer again (502 TicketSendInvoiceFailed when it cannot be sent; the invoice stays)',
    requires('support.customer_ticket.charge_owed_fee', 'support.customer_ticket.complete'),
  ),
  excludeRecord: endpoint({
    method: 'POST',
    path: '/support/customerTickets/:id/checklist-records/:recordId/$exclude',
    summary: "Take a checklist record off the ticket's fees",
    tag,
    requires: work,
    params: ticketRecordParams,
    response: dataOf(customerTicket),
  }),
};
