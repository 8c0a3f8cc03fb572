import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agencyClients } from '../../db/schema/index.ts';
import { rows, uuidList } from '../../db/sql.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { isAll, type Scope } from '../../lib/scope.ts';

/**
 * An agency client is shared by the partners it reads: a caller reaches it only when its whole scope lies inside
 * the caller's ("*" clients only with scope "*"). Any other client is absent for that caller.
 */
function within(scope: Scope) {
  if (isAll(scope)) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`(not c.all_partners and c.partner_ids <@ array[${uuidList(scope)}])`;
}

export interface AgencyClientRow {
  id: string;
  name: string;
  all_partners: boolean;
  partner_ids: string[];
  partners: { id: string; name: string }[];
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  created_at: Date | string;
}

export async function insert(
  db: DbOrTx,
  c: {
    id: string;
    name: string;
    allPartners: boolean;
    partnerIds: string[];
    tokenHash: string;
    expiresAt: Date | null;
    createdBy: string;
  },
) {
  await db.insert(agencyClients).values(c);
}

/** A page of the clients within the scope, newest first, and how many there are. */
export async function list(db: DbOrTx, scope: Scope, page: { limit: number; offset: number }) {
  const found = await rows<AgencyClientRow & { total: number }>(
    db,
    sql`select c.id, c.name, c.all_partners, c.partner_ids, c.expires_at, c.revoked_at, c.last_used_at, c.created_at,
          coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name)
            from partners p where p.id = any(c.partner_ids)), '[]'::json) as partners,
          count(*) over ()::int as total
        from agency_clients c
        where ${within(scope)}
        order by c.created_at desc, c.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
  return found;
}

/** How many clients lie within the scope (for a page past the end, which has no row to carry the total). */
export async function count(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from agency_clients c where ${within(scope)}`,
  );
  return row?.n ?? 0;
}

/** Revokes a client within the scope (again: unchanged). Its id, or nothing when the scope does not reach it. */
export async function revoke(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await rows<{ id: string; revoked_before: boolean }>(
    db,
    sql`update agency_clients c set revoked_at = coalesce(c.revoked_at, now()), updated_at = now()
        where c.id = ${id} and ${within(scope)}
        returning c.id, (c.revoked_at < now()) as revoked_before`,
  );
  return row;
}

/** What a Provider request needs about its client, by token hash: one indexed read (prepared, every request runs it). */
export async function findByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await clientByHash(db).execute({ tokenHash });
  return row;
}

const clientByHash = preparedPerDb((db: DbOrTx) =>
  db
    .select({
      id: agencyClients.id,
      allPartners: agencyClients.allPartners,
      partnerIds: agencyClients.partnerIds,
      expiresAt: agencyClients.expiresAt,
      revokedAt: agencyClients.revokedAt,
      lastUsedAt: agencyClients.lastUsedAt,
    })
    .from(agencyClients)
    .where(eq(agencyClients.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_agency_client'),
);

/** Marks a client used; the guard throttles this to once a minute. */
export async function touch(db: DbOrTx, id: string) {
  await db.update(agencyClients).set({ lastUsedAt: sql`now()` }).where(eq(agencyClients.id, id));
}
