import { randomUUID } from 'node:crypto';
import {
  AGENCY_CLIENT_EXPIRY_PAST_MESSAGE,
  type AgencyClient,
  type AgencyClientInput,
  type PageQuery,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { offsetOf } from '../../lib/paging.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertScopeWithin, type Scope } from '../../lib/scope.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as partnersRepo from '../partners/partners.repo.ts';
import * as repo from './agency-clients.repo.ts';

/** The agency behind a Provider API request: its client and the partners it may read. */
export interface AgencyCaller {
  clientId: string;
  scope: Scope;
}

/** `last_used_at` is written at most this often per client, as sessions do. */
const TOUCH_EVERY_MS = 60_000;

function toClient(r: repo.AgencyClientRow, now = Date.now()): AgencyClient {
  const expired = r.expires_at !== null && new Date(r.expires_at).getTime() <= now;
  return {
    id: r.id,
    name: r.name,
    partnerScope: r.all_partners ? '*' : r.partner_ids,
    partners: r.partners,
    state: r.revoked_at !== null ? 'revoked' : expired ? 'expired' : 'active',
    expiresAt: toIsoOrNull(r.expires_at),
    revokedAt: toIsoOrNull(r.revoked_at),
    lastUsedAt: toIsoOrNull(r.last_used_at),
    createdAt: toIso(r.created_at),
  };
}

/** Agency clients of the MDS Provider API (issue 25): created, listed and revoked by staff, used by agencies. */
export function createAgencyClientService({ db }: { db: Db }) {
  return {
    /** Clients whose partners all lie within the caller's scope, newest first. */
    async list(caller: Caller, query: PageQuery) {
      const found = await repo.list(db, caller.scope, { limit: query.pageSize, offset: offsetOf(query) });
      const count = found[0]?.total ?? (await repo.count(db, caller.scope));
      return { data: found.map((r) => toClient(r)), count };
    },

    /** Creates a client for an agency; the token is returned here only, and stored as its SHA-256. */
    async create(caller: Caller, input: AgencyClientInput) {
      // The scope first: a partner user learns nothing about partners outside it, not even whether they exist.
      assertScopeWithin(caller.scope, input.partnerScope);
      const partnerIds = input.partnerScope === '*' ? [] : [...new Set(input.partnerScope)];
      const fields: Record<string, string> = {};
      const known = await partnersRepo.existingIds(db, partnerIds);
      if (known.length !== partnerIds.length) fields.partnerScope = 'Unknown partner';
      const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
      if (expiresAt && expiresAt.getTime() <= Date.now()) fields.expiresAt = AGENCY_CLIENT_EXPIRY_PAST_MESSAGE;
      if (Object.keys(fields).length) throw validationError(fields);

      const id = randomUUID();
      const token = newToken();
      const values = { name: input.name, allPartners: input.partnerScope === '*', partnerIds, expiresAt };
      await db.transaction(async (tx) => {
        await repo.insert(tx, { id, ...values, tokenHash: sha256(token), createdBy: caller.userId });
        await logChange(tx, caller, 'agency-client', id, null, { ...values, expiresAt: toIsoOrNull(expiresAt) });
      });
      return { id, token };
    },

    /** Revokes a client: its next call is refused. Outside the caller's reach it is 404, as a missing one. */
    async revoke(caller: Caller, id: string) {
      await db.transaction(async (tx) => {
        const row = await repo.revoke(tx, caller.scope, id);
        if (!row) throw notFound();
        if (!row.revoked_before)
          await logChange(tx, caller, 'agency-client', id, { revoked: false }, { revoked: true });
      });
    },

    /** The agency a bearer token belongs to, or undefined when unknown, revoked or expired. */
    async authenticate(token: string): Promise<AgencyCaller | undefined> {
      const row = await repo.findByTokenHash(db, sha256(token));
      if (!row || row.revokedAt !== null) return undefined;
      const now = Date.now();
      if (row.expiresAt !== null && row.expiresAt.getTime() <= now) return undefined;
      if (row.lastUsedAt === null || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) await repo.touch(db, row.id);
      return { clientId: row.id, scope: row.allPartners ? '*' : row.partnerIds };
    },
  };
}

export type AgencyClientService = ReturnType<typeof createAgencyClientService>;
