import { z } from 'zod';
import {
  dataOf,
  emptyResponse,
  id,
  idParams,
  isoDateTime,
  listOf,
  pageQuery,
  partnerScope,
  partnerScopeOut,
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/**
 * Open data, MDS half (issue 25): the MDS 2.0 Provider API for agencies (cities, regulators). Staff with
 * `open_data.agency_client.*` create a client per agency (its partners, an expiry); the agency calls the Provider
 * endpoints with the client's bearer token, and sees only the vehicles, trips, events and telemetry of its partners.
 */
export const MDS_VERSION = '2.0';
/** The `version` field of every answer: the schema wants major.minor.patch. */
export const MDS_RESPONSE_VERSION = '2.0.0';
export const MDS_MEDIA_TYPE = `application/vnd.mds+json;version=${MDS_VERSION}`;
export const MDS_NOT_ACCEPTABLE_MESSAGE = 'Only MDS version 2.0 is served';
export const AGENCY_CLIENT_EXPIRY_PAST_MESSAGE = 'The expiry must be in the future';
/** Items per page of a Provider answer; an agency may ask for fewer or more (up to the maximum) with `limit`. */
export const MDS_PAGE_SIZE = 1000;
export const MDS_PAGE_SIZE_MAX = 5000;

export const AGENCY_CLIENT_NAME_MAX = 80;

export const agencyClientInput = z.strictObject({
  name: trimmedText(AGENCY_CLIENT_NAME_MAX),
  /** "*" for every partner (a caller with scope all only), else the partners the agency may read. */
  partnerScope,
  /** After it the token is refused; absent: until revoked. */
  expiresAt: isoDateTime.optional(),
});
export type AgencyClientInput = z.infer<typeof agencyClientInput>;

export const agencyClientStates = ['active', 'expired', 'revoked'] as const;

export const agencyClient = z.object({
  id,
  name: z.string(),
  partnerScope: partnerScopeOut,
  /** Names of the partners in the scope (empty for "*"). */
  partners: z.array(z.object({ id, name: z.string() })),
  state: z.enum(agencyClientStates),
  expiresAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type AgencyClient = z.infer<typeof agencyClient>;

export const agencyClientEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/mds/clients',
    summary: "Agency clients of the MDS Provider API whose partners lie within the caller's scope",
    tag: 'mds',
    requires: requires('open_data.agency_client.read'),
    query: pageQuery,
    response: listOf(agencyClient),
  }),
  create: endpoint({
    method: 'POST',
    path: '/mds/clients',
    summary: 'Create an agency client; its token is in this answer only (stored hashed)',
    tag: 'mds',
    requires: requires('open_data.agency_client.create'),
    body: agencyClientInput,
    response: dataOf(z.object({ id, token: z.string() })),
    status: 201,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/mds/clients/:id',
    summary: 'Revoke an agency client: its next call is refused',
    tag: 'mds',
    requires: requires('open_data.agency_client.delete'),
    params: idParams,
    response: emptyResponse,
  }),
};

/** An MDS answer as served; its body is the one the Provider API's OpenAPI document defines. */
const mdsDocument = z.looseObject({ version: z.string() });
// Checked by the service, so a malformed id is answered with MDS's own 400 (`bad_param`), not ours.
const deviceParams = z.strictObject({ device_id: z.string() });

/**
 * The Provider API's query parameters, for the OpenAPI document: strings the service checks itself (so its refusals
 * are MDS's `missing_param` / `bad_param`); other parameters are ignored.
 */
const mdsParam = (description: string) => z.string().optional().describe(description);
const paging = {
  limit: mdsParam(`Items a page, 1 to ${MDS_PAGE_SIZE_MAX} (default ${MDS_PAGE_SIZE})`),
  cursor: mdsParam('Where a page starts: from the `links.next` of the previous page'),
};
const pagedQuery = z.looseObject(paging);
const hourQuery = (name: string, description: string) =>
  z.looseObject({ [name]: mdsParam(`Required: ${description}, YYYY-MM-DDTHH (UTC)`), ...paging });

const provider = (path: string, summary: string) => ({
  method: 'GET' as const,
  path: `/mds${path}`,
  summary: `MDS ${MDS_VERSION} Provider: ${summary} (agency bearer token)`,
  tag: 'mds',
  requires: 'agency' as const,
  response: mdsDocument,
});

/** The Provider API, declared for the OpenAPI document; agencies call it, the console never does. */
export const mdsProviderEndpoints = {
  vehicles: endpoint({ ...provider('/vehicles', "vehicles of the agency's partners"), query: pagedQuery }),
  vehicle: endpoint({ ...provider('/vehicles/:device_id', 'one vehicle'), params: deviceParams }),
  vehiclesStatus: endpoint({
    ...provider('/vehicles/status', 'the current status of every vehicle'),
    query: pagedQuery,
  }),
  vehicleStatus: endpoint({
    ...provider('/vehicles/status/:device_id', 'the current status of one vehicle'),
    params: deviceParams,
  }),
  trips: endpoint({
    ...provider('/trips', 'trips that ended in an hour (?end_time=YYYY-MM-DDTHH)'),
    query: hourQuery('end_time', 'the hour the trips ended in'),
  }),
  telemetry: endpoint({
    ...provider('/telemetry', 'telemetry of an hour (?telemetry_time=YYYY-MM-DDTHH)'),
    query: hourQuery('telemetry_time', 'the hour of the fixes'),
  }),
  eventsHistorical: endpoint({
    ...provider('/events/historical', 'events of an hour (?event_time=YYYY-MM-DDTHH)'),
    query: hourQuery('event_time', 'the hour of the events'),
  }),
  eventsRecent: endpoint({
    ...provider('/events/recent', 'events between start_time and end_time (ms), within the last 2 weeks'),
    query: z.looseObject({
      start_time: mdsParam('Required: events at or after it, ms since 1970, at most two weeks ago'),
      end_time: mdsParam('Required: events before it, ms since 1970'),
      ...paging,
    }),
  }),
};
