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
export const MDS_MEDIA_TYPE = `application/vnd.mds+json;version=${MDS_VERSION}`;

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
const deviceParams = z.strictObject({ device_id: z.string().max(64) });

const provider = (path: string, summary: string, extra: { params?: z.ZodType; query?: z.ZodType } = {}) =>
  endpoint({
    method: 'GET',
    path: `/mds${path}`,
    summary: `MDS ${MDS_VERSION} Provider: ${summary} (agency bearer token)`,
    tag: 'mds',
    requires: 'agency',
    ...extra,
    response: mdsDocument,
  });

/** The Provider API, declared for the OpenAPI document; agencies call it, the console never does. */
export const mdsProviderEndpoints = {
  vehicles: provider('/vehicles', "vehicles of the agency's partners"),
  vehicle: provider('/vehicles/:device_id', 'one vehicle', { params: deviceParams }),
  vehiclesStatus: provider('/vehicles/status', 'the current status of every vehicle'),
  vehicleStatus: provider('/vehicles/status/:device_id', 'the current status of one vehicle', { params: deviceParams }),
  trips: provider('/trips', 'trips that ended in an hour (?end_time=YYYY-MM-DDTHH)'),
  telemetry: provider('/telemetry', 'telemetry of an hour (?telemetry_time=YYYY-MM-DDTHH)'),
  eventsHistorical: provider('/events/historical', 'events of an hour (?event_time=YYYY-MM-DDTHH)'),
  eventsRecent: provider('/events/recent', 'events between start_time and end_time (ms), within the last 2 weeks'),
};
