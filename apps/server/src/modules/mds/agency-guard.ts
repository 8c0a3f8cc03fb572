import { MDS_NOT_ACCEPTABLE_MESSAGE, MDS_VERSION } from '@fleetdesk/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../errors.ts';
import type { AgencyGuard } from '../../plugins/auth.ts';
import type { AgencyCaller, AgencyClientService } from './agency-clients.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The agency client behind an MDS Provider request (set by the agency guard). */
    agency?: AgencyCaller;
  }
}

const MDS_TYPE = 'application/vnd.mds+json';

/**
 * Whether an Accept header lets us answer MDS 2.0: absent, any JSON, or the MDS type without a version or with
 * 2.0 (2.0.x too). A header naming only other versions (or other types) is refused with 406, as MDS asks.
 */
export function acceptsMds2(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (type === '*/*' || type === 'application/*' || type === 'application/json') return true;
    if (type !== MDS_TYPE) return false;
    const version = params.find((p) => p.startsWith('version='))?.slice('version='.length);
    return version === undefined || version === MDS_VERSION || version.startsWith(`${MDS_VERSION}.`);
  });
}

/**
 * The guard of the Provider routes: the bearer token of a live agency client (unknown, revoked or expired → 401),
 * then an MDS version we serve (else 406). The client's partner scope goes on the request.
 */
export function agencyGuard(clients: AgencyClientService): AgencyGuard {
  return async (request: FastifyRequest) => {
    const match = request.headers.authorization?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/);
    const agency = match?.[1] ? await clients.authenticate(match[1]) : undefined;
    if (!agency) throw new DomainError('Unauthorized', 401);
    if (!acceptsMds2(request.headers.accept)) throw new DomainError('NotAcceptable', 406, MDS_NOT_ACCEPTABLE_MESSAGE);
    request.agency = agency;
  };
}
