import type { PaymentMethodListQuery } from '@fleetdesk/contracts';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { partnerPaymentMethods, partners } from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { offsetOf } from '../../lib/paging.ts';
import type { Scope } from '../../lib/scope.ts';

export type PaymentMethodValues = Omit<typeof partnerPaymentMethods.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PaymentMethodRow = { method: typeof partnerPaymentMethods.$inferSelect; partnerName: string };

function selectMethods(db: DbOrTx) {
  return db
    .select({ method: partnerPaymentMethods, partnerName: partners.name })
    .from(partnerPaymentMethods)
    .innerJoin(partners, eq(partners.id, partnerPaymentMethods.partnerId));
}

/**
 * Methods of in-scope partners of the given types (the types the caller may read), filtered and paged. An
 * empty `types` list finds nothing rather than everything.
 */
export async function list(
  db: DbOrTx,
  scope: Scope,
  types: readonly string[],
  q: PaymentMethodListQuery,
): Promise<{ rows: PaymentMethodRow[]; count: number }> {
  const where: SQL | undefined = and(
    inScope(scope, partnerPaymentMethods.partnerId),
    inArray(partnerPaymentMethods.type, types.length ? [...types] : ['']),
    q.partnerId ? eq(partnerPaymentMethods.partnerId, q.partnerId) : undefined,
    q.type ? eq(partnerPaymentMethods.type, q.type) : undefined,
  );
  const [page, [total]] = await Promise.all([
    selectMethods(db)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          { createdAt: partnerPaymentMethods.createdAt, updatedAt: partnerPaymentMethods.updatedAt },
          partnerPaymentMethods.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(partnerPaymentMethods).where(where),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

/** One method of one partner in scope; out of scope reads as missing. */
export async function get(
  db: DbOrTx,
  scope: Scope,
  partnerId: string,
  id: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await selectMethods(db).where(
    and(
      eq(partnerPaymentMethods.id, id),
      eq(partnerPaymentMethods.partnerId, partnerId),
      inScope(scope, partnerPaymentMethods.partnerId),
    ),
  );
  return row;
}

/** Whether a partner in scope already has a method of this type (one per type and partner). */
export async function typeTaken(db: DbOrTx, scope: Scope, partnerId: string, type: string): Promise<boolean> {
  const [row] = await db
    .select({ id: partnerPaymentMethods.id })
    .from(partnerPaymentMethods)
    .where(
      and(
        eq(partnerPaymentMethods.partnerId, partnerId),
        eq(partnerPaymentMethods.type, type),
        inScope(scope, partnerPaymentMethods.partnerId),
      ),
    );
  return row !== undefined;
}

export async function partnerExists(db: DbOrTx, partnerId: string): Promise<boolean> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  return row !== undefined;
}

/** Writes a new method; the service has refused a partner outside the caller's scope (403) before. */
export async function insert(db: DbOrTx, id: string, values: PaymentMethodValues) {
  await db.insert(partnerPaymentMethods).values({ id, ...values });
}

/** Changes a method of a partner in scope; false when there is none. */
export async function update(db: DbOrTx, scope: Scope, id: string, values: Partial<PaymentMethodValues>) {
  const updated = await db
    .update(partnerPaymentMethods)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(partnerPaymentMethods.id, id), inScope(scope, partnerPaymentMethods.partnerId)))
    .returning({ id: partnerPaymentMethods.id });
  return updated.length === 1;
}

/** Removes a method of a partner in scope; false when there is none. */
export async function remove(db: DbOrTx, scope: Scope, id: string) {
  const removed = await db
    .delete(partnerPaymentMethods)
    .where(and(eq(partnerPaymentMethods.id, id), inScope(scope, partnerPaymentMethods.partnerId)))
    .returning({ id: partnerPaymentMethods.id });
  return removed.length === 1;
}
