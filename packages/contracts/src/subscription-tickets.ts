import { z } from 'zod';
import { assetLifeCycleState } from './assets.ts';
import {
  dataOf,
  email,
  emptyResponse,
  id,
  idParams,
  isoDateTime,
  optionalText,
  pageQuery,
  phoneNo,
  sortQuery,
} from './common.ts';
import {
  assignTicketBody,
  commentTicketBody,
  customerTicket,
  customerTicketCounts,
  customerTicketPage,
  customerTicketSortKeys,
  customerTicketStatuses,
  exemptOrRefundTicketBody,
  failTicketBody,
  pauseTicketBody,
  ticketActionOf,
  ticketCheckInNoteBody,
  ticketIssues,
  ticketMechanicsQuery,
  ticketRecordParams,
  ticketViews,
} from './customer-tickets.ts';
import { endpoint } from './endpoint.ts';
import { MECHANIC, type Requirement, requires } from './permissions.ts';
import { money } from './pricing.ts';

/**
 * B2B service tickets (issue 24; document 1 §2.3 "Subscription service tickets", "Service management", §6.2
 * support.ticket and super_user.support.ticket): a subscribing partner's staff report a broken subscribed asset,
 * the operator's workshop works it with the B2C engine (the same state machine, checklists and records), and its
 * fee goes to the subscription order as a `service` trade (owed, then charged with the order's next trade).
 *
 * Who does what (docs/decisions.md "B2B service tickets"):
 * - the partner's staff: support.ticket read / read_detail / create / update / delete — open a ticket, change or
 *   withdraw it while it is new (not yet checked in);
 * - the workshop mechanic: the operation-app permission support.ticket.mechanic (the only one of its kind) — every
 *   workshop action on B2B tickets and none on B2C ones;
 * - the operator: super_user.support.ticket read / read_detail (the service management screens), edit_charge (the
 *   fee billed, before it is charged) and exempt_refund.
 */

const mechanic: Requirement = requires(MECHANIC);
const read: Requirement = [['support.ticket.read'], ['super_user.support.ticket.read'], [MECHANIC]];
const readDetail: Requirement = [['support.ticket.read_detail'], ['super_user.support.ticket.read_detail'], [MECHANIC]];

const contactFields = {
  contactName: optionalText(100).optional(),
  contactEmail: z.union([email, z.literal('')]).optional(),
  contactPhone: z.union([phoneNo, z.literal('')]).optional(),
};
const issues = z.array(z.string()).min(1, { message: 'Please select at least one item' }).max(ticketIssues.length);

/** What the partner's staff report: the subscribed asset, the issues, a description and whom to call. */
export const createSubscriptionTicketBody = z.strictObject({
  assetNo: z.string().trim().min(1).max(64),
  issues,
  /** The description of the problem (the ticket's comment). */
  comment: optionalText(2000).optional(),
  ...contactFields,
});
export type CreateSubscriptionTicketBody = z.infer<typeof createSubscriptionTicketBody>;

/** The partner's change of a ticket still new; what is left out stays. */
export const updateSubscriptionTicketBody = z.strictObject({
  issues: issues.optional(),
  comment: optionalText(2000).optional(),
  ...contactFields,
});
export type UpdateSubscriptionTicketBody = z.infer<typeof updateSubscriptionTicketBody>;

export const inspectSubscriptionTicketAssetBody = z.strictObject({ assetNo: z.string().trim().min(1).max(64) });
/** What the new-ticket form shows once the asset is found: the asset and the subscription holding it. */
export const subscriptionTicketAssetInspection = z.object({
  asset: z.object({
    id,
    no: z.string(),
    category: z.object({ id, name: z.string() }),
    partner: z.object({ id, name: z.string() }),
    lifeCycleState: assetLifeCycleState,
  }),
  subscriptionOrder: z.object({ id, orderNo: z.string() }),
});
export type SubscriptionTicketAssetInspection = z.infer<typeof subscriptionTicketAssetInspection>;

/** B2B check-in: the workshop names the service centre the asset is brought to (a live service-centre site). */
export const checkInSubscriptionTicketBody = z.strictObject({ centerSiteId: id });

/** The fee billed to the subscription, changed by the operator before it is charged (0 bills nothing). */
export const editTicketChargeBody = z.strictObject({
  amount: money,
  reason: z.string().trim().min(1, { message: 'A reason is required' }).max(500),
});

const idListQuery = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(id).max(100).optional(),
);
const statusListQuery = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(z.enum(customerTicketStatuses)).optional(),
);
export const subscriptionTicketFilters = z.object({
  view: z.enum(ticketViews).default('all'),
  /** Ticket number, asset number or the start of the contact name. */
  search: z.string().trim().max(100).optional(),
  statusIn: statusListQuery,
  mechanicUserId: id.optional(),
  centerSiteIdIn: idListQuery,
  partnerIdIn: idListQuery,
  assetNo: z.string().trim().max(64).optional(),
  subscriptionOrderId: id.optional(),
  issue: z.enum(ticketIssues).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  sort: sortQuery(customerTicketSortKeys),
});
export const subscriptionTicketListQuery = pageQuery.extend(subscriptionTicketFilters.shape);
export type SubscriptionTicketListQuery = z.infer<typeof subscriptionTicketListQuery>;

/** Photos a report may carry (JPEG or PNG, each ≤ 5 MB like the records' images). */
export const TICKET_PHOTOS_MAX = 6;
export const ticketPhotoParams = z.strictObject({ id, photoId: id });

export const SUBSCRIPTION_TICKET_MESSAGES = {
  AssetNotSubscribed: 'The asset is not held by a subscription of its partner',
  ServiceCenterRequired: 'Choose the service centre the asset is checked in at',
  TicketChargeLocked: 'The fee is being charged or already paid: exempt or refund it instead',
  TooManyPhotos: `A ticket holds at most ${TICKET_PHOTOS_MAX} photos`,
  PhotoImagesOnly: 'Only JPEG or PNG photos are accepted',
} as const;

const tag = 'subscription-tickets';
const action = ticketActionOf('/support/tickets', tag);

/**
 * The B2B ticket calls. The keys the B2C set also has (get, list, counts, mechanics, the status actions, assign,
 * comment, checkInNote, exemptOrRefund, excludeRecord) take and answer the same shapes, so one console workbench
 * serves both kinds.
 */
export const subscriptionTicketEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/support/tickets',
    summary: 'B2B service tickets of the partners in scope, one list view, filtered, sorted and paged',
    tag,
    requires: read,
    query: subscriptionTicketListQuery,
    response: customerTicketPage,
  }),
  counts: endpoint({
    method: 'GET',
    path: '/support/tickets/$counts',
    summary: 'How many B2B tickets each list view holds under the same filters',
    tag,
    requires: read,
    query: subscriptionTicketFilters.omit({ view: true, sort: true }),
    response: dataOf(customerTicketCounts),
  }),
  mechanics: endpoint({
    method: 'GET',
    path: '/support/tickets/$mechanics',
    summary: 'Staff who may work B2B tickets of a partner (holders of support.ticket.mechanic; the assign picker)',
    tag,
    requires: mechanic,
    query: ticketMechanicsQuery,
    response: dataOf(z.array(z.object({ id, name: z.string() }))),
  }),
  inspectAsset: endpoint({
    method: 'POST',
    path: '/support/tickets/$inspectAsset',
    summary: 'Check that an asset is subscribed before a B2B ticket is opened for it',
    tag,
    requires: requires('support.ticket.create'),
    body: inspectSubscriptionTicketAssetBody,
    response: dataOf(subscriptionTicketAssetInspection),
  }),
  create: endpoint({
    method: 'POST',
    path: '/support/tickets',
    summary: 'Report a broken subscribed asset: opens a B2B service ticket on its subscription order',
    tag,
    requires: requires('support.ticket.create'),
    body: createSubscriptionTicketBody,
    response: dataOf(customerTicket),
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/support/tickets/:id',
    summary: 'One B2B ticket with its fee, its trade, history and the actions the caller may take',
    tag,
    requires: readDetail,
    params: idParams,
    response: dataOf(customerTicket),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/support/tickets/:id',
    summary: "Change a new ticket's issues, description or contact (409 InvalidTicketStatus once checked in)",
    tag,
    requires: requires('support.ticket.update'),
    params: idParams,
    body: updateSubscriptionTicketBody,
    response: dataOf(customerTicket),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/support/tickets/:id',
    summary: 'Withdraw a ticket the workshop has not checked in yet (409 InvalidTicketStatus after)',
    tag,
    requires: requires('support.ticket.delete'),
    params: idParams,
    response: emptyResponse,
  }),
  addPhoto: endpoint({
    method: 'POST',
    path: '/support/tickets/:id/photos',
    summary: `Attach a photo (JPEG/PNG ≤ 5 MB, multipart "file") to a new ticket; at most ${TICKET_PHOTOS_MAX}`,
    tag,
    requires: requires('support.ticket.create', 'support.ticket.update'),
    params: idParams,
    multipart: true,
    response: dataOf(customerTicket),
    status: 201,
  }),
  photoFile: endpoint({
    method: 'GET',
    path: '/support/tickets/:id/photos/:photoId/file',
    summary: 'The bytes of one photo of the ticket (private, no-store)',
    tag,
    requires: readDetail,
    params: ticketPhotoParams,
    response: z.unknown(),
  }),
  deletePhoto: endpoint({
    method: 'DELETE',
    path: '/support/tickets/:id/photos/:photoId',
    summary: 'Remove a photo from a ticket still new',
    tag,
    requires: requires('support.ticket.update'),
    params: ticketPhotoParams,
    response: dataOf(customerTicket),
  }),
  comment: endpoint({
    method: 'PATCH',
    path: '/support/tickets/:id/comment',
    summary: "The workshop's change of the ticket's comment",
    tag,
    requires: mechanic,
    params: idParams,
    body: commentTicketBody,
    response: dataOf(customerTicket),
  }),
  checkInNote: endpoint({
    method: 'PATCH',
    path: '/support/tickets/:id/checkInNote',
    summary: "Change the ticket's check-in note",
    tag,
    requires: mechanic,
    params: idParams,
    body: ticketCheckInNoteBody,
    response: dataOf(customerTicket),
  }),
  checkIn: action(
    '$checkIn',
    'Check the asset in at a service centre (new → checked-in)',
    mechanic,
    checkInSubscriptionTicketBody,
  ),
  start: action('$start', 'Start work (checked-in → processing); assigns an unassigned ticket to the caller', mechanic),
  pause: action('$pause', 'Pause work with a reason (processing → paused)', mechanic, pauseTicketBody),
  resume: action('$resume', 'Resume work (paused → processing)', mechanic),
  finish: action(
    '$finish',
    'Finish (→ Ready): finalizes the records and bills the fee to the subscription order as a service trade',
    mechanic,
  ),
  complete: action('$complete', 'Complete a Ready ticket (the fee is the subscription order’s to pay)', mechanic),
  fail: action('$fail', 'Close the ticket as unsuccessful, with a reason', mechanic, failTicketBody),
  assign: action('$assign', 'Assign the ticket to a B2B mechanic', mechanic, assignTicketBody),
  editCharge: action(
    '$editCharge',
    'Change the fee billed to the subscription before it is charged (409 TicketChargeLocked after)',
    requires('super_user.support.ticket.edit_charge'),
    editTicketChargeBody,
  ),
  exemptOrRefund: action(
    '$exemptOrRefund',
    'Exempt part of the fee still to pay, or refund part of what the subscription paid for it',
    requires('super_user.support.ticket.exempt_refund'),
    exemptOrRefundTicketBody,
  ),
  excludeRecord: endpoint({
    method: 'POST',
    path: '/support/tickets/:id/checklist-records/:recordId/$exclude',
    summary: "Take a checklist record off the ticket's fee",
    tag,
    requires: mechanic,
    params: ticketRecordParams,
    response: dataOf(customerTicket),
  }),
};
