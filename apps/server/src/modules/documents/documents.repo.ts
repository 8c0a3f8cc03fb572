import type { PartnerDocumentListQuery } from '@fleetdesk/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountDocuments, partnerDocuments, partners } from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { offsetOf } from '../../lib/paging.ts';
import { type AllPartners, assertPartnerInScope, type Scope } from '../../lib/scope.ts';

export type StoredContent = { en: string; it?: string; es?: string };
export type AccountDocumentRow = typeof accountDocuments.$inferSelect;
export type PartnerDocumentRow = { document: typeof partnerDocuments.$inferSelect; partnerName: string };

/*
 * Account documents belong to the account (they apply to every partner): reads take no scope, writes take
 * `AllPartners`.
 * Partner documents are partner-owned: every query takes the caller's scope.
 */

export async function listAccount(db: DbOrTx, type?: string): Promise<AccountDocumentRow[]> {
  return db
    .select()
    .from(accountDocuments)
    .where(type ? eq(accountDocuments.type, type) : undefined)
    .orderBy(asc(accountDocuments.type));
}

export async function getAccount(db: DbOrTx, type: string): Promise<AccountDocumentRow | undefined> {
  const [row] = await db.select().from(accountDocuments).where(eq(accountDocuments.type, type));
  return row;
}

/** Creates the document or replaces its content; createdAt stays the first save's. */
export async function upsertAccount(
  db: DbOrTx,
  _scope: AllPartners,
  type: string,
  content: StoredContent,
  userId: string | null,
) {
  const now = new Date();
  await db
    .insert(accountDocuments)
    .values({ type, content, updatedBy: userId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: accountDocuments.type, set: { content, updatedBy: userId, updatedAt: now } });
}

export async function removeAccount(db: DbOrTx, _scope: AllPartners, type: string) {
  await db.delete(accountDocuments).where(eq(accountDocuments.type, type));
}

const partnerColumns = { document: partnerDocuments, partnerName: partners.name };

/** In-scope partner documents matching the filters, one page of them and the total. */
export async function listPartner(db: DbOrTx, scope: Scope, q: PartnerDocumentListQuery) {
  const where = and(
    inScope(scope, partnerDocuments.partnerId),
    q.partnerId ? eq(partnerDocuments.partnerId, q.partnerId) : undefined,
    q.type ? eq(partnerDocuments.type, q.type) : undefined,
  );
  const [page, [total]] = await Promise.all([
    db
      .select(partnerColumns)
      .from(partnerDocuments)
      .innerJoin(partners, eq(partners.id, partnerDocuments.partnerId))
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          { createdAt: partnerDocuments.createdAt, updatedAt: partnerDocuments.updatedAt },
          partnerDocuments.partnerId,
        ),
        asc(partnerDocuments.type),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(partnerDocuments).where(where),
  ]);
  return { rows: page as PartnerDocumentRow[], count: total?.n ?? 0 };
}

export async function getPartner(
  db: DbOrTx,
  scope: Scope,
  partnerId: string,
  type: string,
): Promise<PartnerDocumentRow | undefined> {
  const [row] = await db
    .select(partnerColumns)
    .from(partnerDocuments)
    .innerJoin(partners, eq(partners.id, partnerDocuments.partnerId))
    .where(
      and(
        inScope(scope, partnerDocuments.partnerId),
        eq(partnerDocuments.partnerId, partnerId),
        eq(partnerDocuments.type, type),
      ),
    );
  return row;
}

/** Creates a partner document; a partner outside the scope is refused (403 PartnerOutOfScope). */
export async function insertPartner(
  db: DbOrTx,
  scope: Scope,
  row: { partnerId: string; type: string; content: StoredContent; updatedBy: string | null },
) {
  assertPartnerInScope(scope, row.partnerId);
  const now = new Date();
  await db.insert(partnerDocuments).values({ ...row, createdAt: now, updatedAt: now });
}

export async function updatePartner(
  db: DbOrTx,
  scope: Scope,
  partnerId: string,
  type: string,
  content: StoredContent,
  userId: string | null,
) {
  await db
    .update(partnerDocuments)
    .set({ content, updatedBy: userId, updatedAt: new Date() })
    .where(
      and(
        inScope(scope, partnerDocuments.partnerId),
        eq(partnerDocuments.partnerId, partnerId),
        eq(partnerDocuments.type, type),
      ),
    );
}

export async function removePartner(db: DbOrTx, scope: Scope, partnerId: string, type: string) {
  await db
    .delete(partnerDocuments)
    .where(
      and(
        inScope(scope, partnerDocuments.partnerId),
        eq(partnerDocuments.partnerId, partnerId),
        eq(partnerDocuments.type, type),
      ),
    );
}

/** The in-scope partners that already have a document of this type. */
export async function partnersWithType(db: DbOrTx, scope: Scope, type: string): Promise<string[]> {
  const found = await db
    .select({ partnerId: partnerDocuments.partnerId })
    .from(partnerDocuments)
    .where(and(inScope(scope, partnerDocuments.partnerId), eq(partnerDocuments.type, type)))
    .orderBy(asc(partnerDocuments.partnerId));
  return found.map((r) => r.partnerId);
}

/** Whether the partner exists at all (an unknown id is a 400/404, never a foreign-key 409). */
export async function partnerName(db: DbOrTx, partnerId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId));
  return row?.name;
}
