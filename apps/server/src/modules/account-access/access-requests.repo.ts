import { randomUUID } from 'node:crypto';
import type { AccessRequestListQuery, AccessRequestStatus } from '@fleetdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessRequests } from '../../db/schema/index.ts';
import { rows, whereOf } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';

// Access requests are account-wide: no partner owns one until an approval puts its user in a scope. Reads take no
// scope; the decision's scope rules are those of the user it creates (users.service createStaff).

export interface AccessRequestRow {
  id: string;
  name: string;
  email: string;
  partner_name: string;
  message: string | null;
  status: AccessRequestStatus;
  decided_by: { id: string; name: string } | null;
  decided_at: Date | string | null;
  user: { id: string; username: string } | null;
  created_at: Date | string;
}

const columns = sql`r.id, r.name, r.email, r.partner_name, r.message, r.status, r.decided_at, r.created_at,
  (select json_build_object('id', d.id, 'name', d.name) from users d where d.id = r.decided_by) as decided_by,
  (select json_build_object('id', u.id, 'username', u.username) from users u where u.id = r.user_id) as "user"`;

/** Stores a pending request; nothing when this e-mail already waits for an answer (case-insensitive). */
export async function insert(
  db: DbOrTx,
  r: { name: string; email: string; partnerName: string; message: string | null },
): Promise<void> {
  await db
    .insert(accessRequests)
    .values({ id: randomUUID(), ...r })
    .onConflictDoNothing();
}

export async function list(db: DbOrTx, q: AccessRequestListQuery) {
  const term = q.search ? likePattern(q.search) : undefined;
  const where = whereOf([
    q.status ? sql`r.status = ${q.status}` : undefined,
    term ? sql`(r.name ilike ${term} or r.email ilike ${term} or r.partner_name ilike ${term})` : undefined,
  ]);
  const [data, [total]] = await Promise.all([
    rows<AccessRequestRow>(
      db,
      sql`select ${columns} from access_requests r${where}
        order by r.created_at ${q.sort.direction === 'asc' ? sql`asc` : sql`desc`}, r.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ count: number }>(db, sql`select count(*)::int as count from access_requests r${where}`),
  ]);
  return { rows: data, count: total?.count ?? 0 };
}

export async function get(db: DbOrTx, id: string): Promise<AccessRequestRow | undefined> {
  const [row] = await rows<AccessRequestRow>(db, sql`select ${columns} from access_requests r where r.id = ${id}`);
  return row;
}

/**
 * Decides a pending request: one UPDATE guarded by `status = 'pending'`, so of two decisions at once only one
 * passes. False when the request is not pending (any more).
 */
export async function decide(
  db: DbOrTx,
  id: string,
  d: { status: 'approved' | 'declined'; decidedBy: string; userId?: string },
): Promise<boolean> {
  const changed = await db
    .update(accessRequests)
    .set({
      status: d.status,
      decidedBy: d.decidedBy,
      decidedAt: sql`now()`,
      userId: d.userId ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'pending')))
    .returning({ id: accessRequests.id });
  return changed.length > 0;
}
