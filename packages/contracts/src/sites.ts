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
  phoneNo,
  sortQuery,
  trimmedText,
  url,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/** Document 2 "Site": a service center (workshop, pick-up desk) or a station (where assets are parked). */
export const siteTypes = ['service-center', 'station'] as const;
export const siteType = z.enum(siteTypes, { message: 'Type must be service center or station' });
export type SiteType = z.infer<typeof siteType>;

/** Largest fence radius in metres: a site area wider than 100 km is a region, not a site. */
export const SITE_FENCE_RADIUS_MAX = 100_000;
export const SITE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Document 2 §9: "Sites search up to 100". */
export const SITE_BATCH_MAX = 100;

export const COORDINATES_MESSAGE = 'Coordinates must be "latitude, longitude"';
const COORDINATES_PATTERN = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** "45.4642, 9.19" → { latitude, longitude } when well formed and in range, else null. */
export function parseCoordinates(value: string): { latitude: number; longitude: number } | null {
  const match = COORDINATES_PATTERN.exec(value);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The one way a position is written: "latitude, longitude". */
export const formatCoordinates = (latitude: number, longitude: number) => `${latitude}, ${longitude}`;

/** An optional text: absent or '' both mean "not set" ('' clears it in a PATCH). */
const blankOr = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('')]).optional();

export const coordinates = z.string().refine((v) => parseCoordinates(v) !== null, { message: COORDINATES_MESSAGE });

const siteFields = {
  partnerId: id,
  taxGroupId: id.nullable().optional(),
  name: trimmedText(50),
  region: optionalText(50).optional(),
  type: siteType,
  country: optionalText(2)
    .regex(/^([A-Z]{2})?$/, { message: 'Country must be a two-letter ISO code' })
    .optional(),
  city: trimmedText(50),
  zip: optionalText(10).optional(),
  address: optionalText(100).optional(),
  coordinates: blankOr(coordinates),
  phone: blankOr(phoneNo),
  website: blankOr(url.max(100, { message: 'Must be at most 100 characters' })),
  openingHoursNote: optionalText(200).optional(),
  fenceRadius: z
    .number({ message: 'Fence radius must be a whole number of metres' })
    .int({ message: 'Fence radius must be a whole number of metres' })
    .min(1, { message: `Fence radius must be between 1 and ${SITE_FENCE_RADIUS_MAX} metres` })
    .max(SITE_FENCE_RADIUS_MAX, { message: `Fence radius must be between 1 and ${SITE_FENCE_RADIUS_MAX} metres` })
    .nullable()
    .optional(),
  note: optionalText(150).optional(),
  appointmentUrl: blankOr(url),
  isArchived: z.boolean().optional(),
};

export const siteInput = z.strictObject(siteFields);
export type SiteInput = z.infer<typeof siteInput>;

/** A PATCH changes only the fields it carries. */
export const sitePatch = z.strictObject(siteFields).partial();
export type SitePatch = z.infer<typeof sitePatch>;

/** Batch create (document 1 §2.5): every row is saved or none; errors name the row ("sites.3.zip"). */
export const siteBatchInput = z.strictObject({
  sites: z
    .array(siteInput)
    .min(1, { message: 'Please add at least one site' })
    .max(SITE_BATCH_MAX, { message: `At most ${SITE_BATCH_MAX} sites at once` }),
});
export type SiteBatchInput = z.infer<typeof siteBatchInput>;

export const site = z.object({
  id,
  legacyId: z.number().int().nullable(),
  partner: z.object({ id, name: z.string() }),
  taxGroup: z.object({ id, name: z.string() }).nullable(),
  name: z.string(),
  region: z.string().nullable(),
  type: siteType,
  country: z.string().nullable(),
  city: z.string(),
  zip: z.string().nullable(),
  address: z.string().nullable(),
  coordinates: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  openingHoursNote: z.string().nullable(),
  fenceRadius: z.number().int().nullable(),
  note: z.string().nullable(),
  imageUrl: z.string().nullable(),
  appointmentUrl: z.string().nullable(),
  isArchived: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Site = z.infer<typeof site>;

/** Sites as reference data (pickers in assets, orders, filters). */
export const siteRef = z.object({ id, name: z.string(), partnerId: id, type: siteType });
export type SiteRef = z.infer<typeof siteRef>;

export const siteSortKeys = ['createdAt', 'updatedAt', 'name', 'isArchived'] as const;

/** The site search body; document 1 §7.9: the default filter is non-archived (null shows both). */
export const siteQuery = z.strictObject({
  pageNo: pageQuery.shape.pageNo,
  pageSize: pageQuery.shape.pageSize,
  sort: sortQuery(siteSortKeys),
  partnerIdIn: z.array(id).max(100).optional(),
  typeIn: z.array(siteType).optional(),
  name: z.string().max(100).optional(),
  city: z.string().max(100).optional(),
  isArchived: z.boolean().nullable().default(false),
});
export type SiteQuery = z.infer<typeof siteQuery>;

/** What still points at a site and so blocks its deletion (counts; archive the site instead). */
/** What still points at a site and so blocks its deletion (a SiteInUse refusal's data). */
export const siteReferences = z.object({
  assets: z.number().int(),
  orders: z.number().int(),
  relocationLists: z.number().int().default(0),
});
export type SiteReferences = z.infer<typeof siteReferences>;

export const siteEndpoints = {
  query: endpoint({
    method: 'POST',
    path: '/inventory/sites/$all/query',
    summary: 'Sites in the caller scope, filtered and paged (non-archived unless asked)',
    tag: 'sites',
    requires: requires('site.read'),
    body: siteQuery,
    response: listOf(site),
  }),
  all: endpoint({
    method: 'GET',
    path: '/inventory/sites',
    summary: 'Every non-archived site in scope as reference data',
    tag: 'sites',
    requires: requires('site.read', 'asset.read'),
    response: dataOf(z.array(siteRef)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/inventory/sites/:id',
    summary: 'One site',
    tag: 'sites',
    requires: requires('site.read'),
    params: idParams,
    response: dataOf(site),
  }),
  create: endpoint({
    method: 'POST',
    path: '/inventory/sites',
    summary: 'Create a site for a partner in scope',
    tag: 'sites',
    requires: requires('site.write'),
    body: siteInput,
    response: dataOf(site),
    status: 201,
  }),
  batchCreate: endpoint({
    method: 'POST',
    path: '/inventory/sites/$batch',
    summary: 'Create up to 100 sites in one transaction: all or none',
    tag: 'sites',
    requires: requires('site.write'),
    body: siteBatchInput,
    response: dataOf(z.array(site)),
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/inventory/sites/:id',
    summary: 'Change some fields of a site',
    tag: 'sites',
    requires: requires('site.write'),
    params: idParams,
    body: sitePatch,
    response: dataOf(site),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inventory/sites/:id',
    summary: 'Delete a site no asset, order or relocation list uses (archive it otherwise)',
    tag: 'sites',
    requires: requires('site.write'),
    params: idParams,
    response: emptyResponse,
  }),
  uploadImage: endpoint({
    method: 'PUT',
    path: '/inventory/sites/:id/image',
    summary: 'Upload the site image (multipart field "file"; JPEG or PNG up to 5 MB)',
    tag: 'sites',
    requires: requires('site.write'),
    params: idParams,
    multipart: true,
    response: dataOf(site),
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: '/inventory/sites/:id/image',
    summary: 'Remove the site image',
    tag: 'sites',
    requires: requires('site.write'),
    params: idParams,
    response: dataOf(site),
  }),
};
