import { z } from 'zod';
import {
  dataOf,
  email,
  emptyResponse,
  id,
  idParams,
  isoDateTime,
  listOf,
  optionalText,
  pageQuery,
  phoneNo,
  sortQuery,
  trimmedText,
  url,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

export const partnerAddress = z.strictObject({
  country: optionalText(2)
    .regex(/^([A-Z]{2})?$/, { message: 'Country must be a two-letter ISO code' })
    .optional(),
  city: optionalText(50).optional(),
  zip: optionalText(10).optional(),
  line1: optionalText(100).optional(),
  line2: optionalText(100).optional(),
  state: optionalText(50).optional(),
});

export const contactPerson = z.strictObject({
  name: optionalText(100).optional(),
  phone: z.union([phoneNo, z.literal('')]).optional(),
  workEmail: z.union([email, z.literal('')]).optional(),
});

export const attachment = z.strictObject({ url, name: trimmedText(200) });

export const partnerInput = z.strictObject({
  name: trimmedText(100),
  email: z.union([email, z.literal('')]).optional(),
  note: optionalText(500).optional(),
  address: partnerAddress.optional(),
  contactPerson: contactPerson.optional(),
  attachments: z.array(attachment).max(20).optional(),
  /**
   * IANA time zone of the partner's clock (schedules and calendar timers run on it; the server checks the name).
   * Absent: 'UTC' for a new partner, unchanged on a replace.
   */
  timezone: z.string().trim().min(1, { message: 'Please choose a valid time zone' }).max(64).optional(),
});
export type PartnerInput = z.infer<typeof partnerInput>;

export const partner = z.object({
  id,
  legacyId: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  note: z.string().nullable(),
  address: z.object({
    country: z.string().nullable(),
    city: z.string().nullable(),
    zip: z.string().nullable(),
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    state: z.string().nullable(),
  }),
  contactPerson: z.object({
    name: z.string().nullable(),
    phone: z.string().nullable(),
    workEmail: z.string().nullable(),
  }),
  attachments: z.array(z.object({ url: z.string(), name: z.string() })),
  timezone: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Partner = z.infer<typeof partner>;

export const partnerRef = z.object({ id, name: z.string() });
export type PartnerRef = z.infer<typeof partnerRef>;

export const partnerSortKeys = ['createdAt', 'updatedAt', 'name'] as const;
export const partnerListQuery = pageQuery.extend({
  search: z.string().max(100).optional(),
  sort: sortQuery(partnerSortKeys),
});
export type PartnerListQuery = z.infer<typeof partnerListQuery>;

/** What still points at a partner and so blocks its deletion. */
export const partnerReferences = z.object({
  users: z.array(z.object({ id, name: z.string() })),
  sites: z.array(z.object({ id, name: z.string() })),
  assets: z.number().int().default(0),
});
export type PartnerReferences = z.infer<typeof partnerReferences>;

export const partnerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/partners',
    summary: 'Partners in the caller scope, searched and paged',
    tag: 'partners',
    requires: requires('partner.read'),
    query: partnerListQuery,
    response: listOf(partner),
  }),
  all: endpoint({
    method: 'GET',
    path: '/account/partners/$all',
    summary: 'Every partner in scope as reference data (id and name)',
    tag: 'partners',
    requires: [],
    response: dataOf(z.array(partnerRef)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/partners/:id',
    summary: 'One partner',
    tag: 'partners',
    requires: requires('partner.read'),
    params: idParams,
    response: dataOf(partner),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/partners',
    summary: 'Create a partner (account users only)',
    tag: 'partners',
    requires: requires('partner.write'),
    body: partnerInput,
    response: dataOf(partner),
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/partners/:id',
    summary: 'Replace a partner',
    tag: 'partners',
    requires: requires('partner.write'),
    params: idParams,
    body: partnerInput,
    response: dataOf(partner),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/partners/:id',
    summary: 'Delete a partner nothing references any more',
    tag: 'partners',
    requires: requires('partner.write'),
    params: idParams,
    response: emptyResponse,
  }),
};
