import { z } from 'zod';
import { dataOf, id, idParams, isoDateTime, listOf, optionalText, pageQuery, sortQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { partnerRef } from './partners.ts';
import { requires } from './permissions.ts';

/**
 * A renting intent (document 2 §3, "other fields not shown"): a customer asks, in the app or on the partner's web
 * channel, to rent an asset of a category from a partner, picked up at a site within an appointment window. Staff
 * confirm the appointment, cancel it with a reason, or turn it into an order (the order's checkout fulfils it).
 */
export const rentingIntentStatuses = ['Pending', 'Confirmed', 'Fulfilled', 'Canceled'] as const;
export type RentingIntentStatus = (typeof rentingIntentStatuses)[number];
/** Statuses staff may set by PATCH; Fulfilled is set by the order that fulfils the intent. */
export const rentingIntentStaffStatuses = ['Confirmed', 'Canceled'] as const;

export const RENTING_INTENT_MESSAGES = {
  rangeOrder: 'The end of the appointment must be after its start',
  cancelReason: 'A reason is required to cancel',
  notOpen: 'Only a pending or confirmed intent can change',
  siteOfPartner: "The site must be one of the intent partner's sites",
  intentMismatch: 'The intent is for another customer, partner or asset category',
} as const;

export const rentingIntent = z.object({
  id,
  customer: z.object({ id, name: z.string(), phoneNo: z.string() }),
  partner: partnerRef,
  assetCategory: z.object({ id, name: z.string() }),
  site: z.object({ id, name: z.string() }).nullable(),
  appointmentStartFrom: isoDateTime,
  appointmentStartTo: isoDateTime,
  status: z.enum(rentingIntentStatuses),
  /** The appointment window ended while the intent was still pending or confirmed. */
  overdue: z.boolean(),
  order: z.object({ id, orderNo: z.string() }).nullable(),
  note: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type RentingIntent = z.infer<typeof rentingIntent>;

export const rentingIntentSortKeys = ['createdAt', 'appointmentStartFrom'] as const;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const rentingIntentListQuery = pageQuery
  .extend({
    /** Customer phone or name. */
    search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    status: z.enum(rentingIntentStatuses).optional(),
    partnerId: id.optional(),
    assetCategoryId: id.optional(),
    siteId: id.optional(),
    customerId: id.optional(),
    appointmentFrom: isoDateTime.optional(),
    appointmentTo: isoDateTime.optional(),
    sort: sortQuery(rentingIntentSortKeys),
  })
  .refine(
    (q) => !q.appointmentFrom || !q.appointmentTo || Date.parse(q.appointmentTo) >= Date.parse(q.appointmentFrom),
    {
      message: 'The later start must not be before the earlier one',
      path: ['appointmentTo'],
    },
  );
export type RentingIntentListQuery = z.infer<typeof rentingIntentListQuery>;

export const rentingIntentPatch = z
  .strictObject({
    appointmentStartFrom: isoDateTime.optional(),
    appointmentStartTo: isoDateTime.optional(),
    siteId: id.nullable().optional(),
    status: z.enum(rentingIntentStaffStatuses).optional(),
    cancelReason: z.string().trim().max(500).optional(),
    note: optionalText(500).nullable().optional(),
  })
  .refine((v) => v.status !== 'Canceled' || (v.cancelReason ?? '').length > 0, {
    message: RENTING_INTENT_MESSAGES.cancelReason,
    path: ['cancelReason'],
  });
export type RentingIntentPatch = z.infer<typeof rentingIntentPatch>;

export const rentingIntentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/customer/renting/intents',
    summary: 'Renting intents of the partners in scope; newest first unless sorted otherwise',
    tag: 'renting-intents',
    requires: requires('renting_intent.read'),
    query: rentingIntentListQuery,
    response: listOf(rentingIntent),
  }),
  get: endpoint({
    method: 'GET',
    path: '/customer/renting/intents/:id',
    summary: 'One renting intent',
    tag: 'renting-intents',
    requires: requires('renting_intent.read'),
    params: idParams,
    response: dataOf(rentingIntent),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/customer/renting/intents/:id',
    summary:
      'Changes the appointment, the site or the note, confirms or cancels (with a reason) a pending or confirmed intent',
    tag: 'renting-intents',
    requires: [['renting_intent.read', 'renting_intent.update']],
    params: idParams,
    body: rentingIntentPatch,
    response: dataOf(rentingIntent),
  }),
};
