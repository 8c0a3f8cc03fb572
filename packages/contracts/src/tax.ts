import { z } from 'zod';
import {
  dataOf,
  emptyResponse,
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

/** What a tax rate applies to (document 2 "Tax group"); the database stores the same strings. */
export const taxSubjects = ['rental', 'service-hardware', 'service-labour'] as const;
export const taxSubject = z.enum(taxSubjects);
export type TaxSubject = z.infer<typeof taxSubject>;

/** A rate added after creation must start more than this far ahead (document 2 §5 and §9). */
export const TAX_RATE_LEAD_MINUTES = 10;
export const TAX_RATE_TOO_EARLY = 'The effective time must be more than 10 minutes from now';

/** Refusal codes of document 2 §8 "Tax group" beyond the common ones. */
export const taxErrorCodes = ['TaxGroupNameAlreadyExists', 'TaxGroupHasMembers', 'TaxRateAlreadyExists'] as const;

/** A percentage from 0 to 100 with at most three decimals (the column is numeric(6,3)). */
export const taxRateValue = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'This field is required' : 'The rate must be a number',
  })
  .min(0, { message: 'The rate must be between 0 and 100' })
  .max(100, { message: 'The rate must be between 0 and 100' })
  .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, {
    message: 'The rate has at most 3 decimals',
  });

/** Whether an effective time is far enough ahead to be scheduled; `now` is the checking side's clock. */
export const isBeyondLeadTime = (effectiveAt: string, now = Date.now()) =>
  Date.parse(effectiveAt) > now + TAX_RATE_LEAD_MINUTES * 60_000;

/**
 * A group's first rate of a subject, sent on create: it may start now (the default when effectiveAt is left
 * out) or earlier, so a new group is usable at once (docs/decisions.md "Tax groups").
 */
export const taxRateInput = z.strictObject({
  subject: taxSubject,
  rate: taxRateValue,
  effectiveAt: isoDateTime.optional(),
});
export type TaxRateInput = z.infer<typeof taxRateInput>;

/** A rate appended to an existing group: history is never edited, a change is scheduled > 10 minutes ahead. */
export const taxRateAppend = z.strictObject({
  subject: taxSubject,
  rate: taxRateValue,
  effectiveAt: isoDateTime.refine((v) => isBeyondLeadTime(v), { message: TAX_RATE_TOO_EARLY }),
});
export type TaxRateAppend = z.infer<typeof taxRateAppend>;

const taxGroupFields = {
  name: trimmedText(100),
  displayName: trimmedText(100),
  country: z.string().regex(/^[A-Z]{2}$/, { message: 'Country must be a two-letter ISO code' }),
  note: optionalText(500).optional(),
};

export const taxGroupInput = z
  .strictObject({ ...taxGroupFields, rates: z.array(taxRateInput).max(taxSubjects.length) })
  .superRefine((input, ctx) => {
    for (const subject of taxSubjects) {
      const count = input.rates.filter((r) => r.subject === subject).length;
      if (count !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates'],
          message: 'Each subject (rental, service hardware, service labour) needs exactly one first rate',
        });
        return;
      }
    }
  });
export type TaxGroupInput = z.infer<typeof taxGroupInput>;

/** PATCH: any of the fields, and rates to append to the history. */
export const taxGroupPatch = z.strictObject({
  name: taxGroupFields.name.optional(),
  displayName: taxGroupFields.displayName.optional(),
  country: taxGroupFields.country.optional(),
  note: taxGroupFields.note,
  rates: z.array(taxRateAppend).max(30).optional(),
});
export type TaxGroupPatch = z.infer<typeof taxGroupPatch>;

/** past: replaced by a later rate; current: in force now; scheduled: not yet in force. */
export const taxRateStatus = z.enum(['past', 'current', 'scheduled']);
export type TaxRateStatus = z.infer<typeof taxRateStatus>;

export const taxRate = z.object({
  id,
  subject: taxSubject,
  rate: z.number(),
  effectiveAt: isoDateTime,
  status: taxRateStatus,
  createdAt: isoDateTime,
});
export type TaxRate = z.infer<typeof taxRate>;

export const currentTaxRate = z.object({ rate: z.number(), effectiveAt: isoDateTime }).nullable();
export type CurrentTaxRate = z.infer<typeof currentTaxRate>;

export const taxGroup = z.object({
  id,
  name: z.string(),
  displayName: z.string(),
  country: z.string(),
  note: z.string().nullable(),
  /** The rate in force now per subject, null while a subject has none yet. */
  currentRates: z.object({
    rental: currentTaxRate,
    'service-hardware': currentTaxRate,
    'service-labour': currentTaxRate,
  }),
  /** Every rate, by subject (in taxSubjects order), newest effective time first. */
  rates: z.array(taxRate),
  siteCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type TaxGroup = z.infer<typeof taxGroup>;

export const taxGroupSortKeys = ['createdAt', 'updatedAt', 'name', 'country'] as const;
export const taxGroupListQuery = pageQuery.extend({
  search: z.string().max(100).optional(),
  sort: sortQuery(taxGroupSortKeys),
});
export type TaxGroupListQuery = z.infer<typeof taxGroupListQuery>;

/** The sites that block a tax group's deletion (data of 422 TaxGroupHasMembers). */
export const taxGroupMembers = z.object({ sites: z.array(z.object({ id, name: z.string() })) });
export type TaxGroupMembers = z.infer<typeof taxGroupMembers>;

export const taxGroupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/sale/taxGroups',
    summary: 'Tax groups with their current rates, searched and paged (also for the site form picker)',
    tag: 'tax',
    requires: requires('tax_group.read', 'site.read', 'site.write'),
    query: taxGroupListQuery,
    response: listOf(taxGroup),
  }),
  get: endpoint({
    method: 'GET',
    path: '/sale/taxGroups/:id',
    summary: 'One tax group with its rate history and the current rate of each subject',
    tag: 'tax',
    requires: requires('tax_group.read'),
    params: idParams,
    response: dataOf(taxGroup),
  }),
  create: endpoint({
    method: 'POST',
    path: '/sale/taxGroups',
    summary: 'Create a tax group with a first rate per subject',
    tag: 'tax',
    requires: requires('tax_group.write'),
    body: taxGroupInput,
    response: dataOf(taxGroup),
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/sale/taxGroups/:id',
    summary: 'Change a tax group and append scheduled rates',
    tag: 'tax',
    requires: requires('tax_group.write'),
    params: idParams,
    body: taxGroupPatch,
    response: dataOf(taxGroup),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/sale/taxGroups/:id',
    summary: 'Delete a tax group no site uses',
    tag: 'tax',
    requires: requires('tax_group.write'),
    params: idParams,
    response: emptyResponse,
  }),
};
