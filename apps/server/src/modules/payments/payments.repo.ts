import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments, paymentWebhookEvents } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Writes the ledger row unless one with the same idempotency key exists; returns the row that holds the key. */
export async function insertOnce(db: DbOrTx, row: NewPayment): Promise<{ row: PaymentRow; created: boolean }> {
  const inserted = await db
    .insert(payments)
    .values(row)
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  return { row: (await byKey(db, row.idempotencyKey)) as PaymentRow, created: false };
}

export async function byId(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function byKey(db: DbOrTx, idempotencyKey: string) {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
  return row;
}

/** Refunds of a charge that still count against it: succeeded, or asked and not yet answered. */
export async function refundedCents(db: DbOrTx, chargeId: string): Promise<number> {
  const [row] = await rows<{ total: number }>(
    db,
    sql`select coalesce(sum(round(amount * 100)), 0)::int as total from payments
        where parent_id = ${chargeId} and kind = 'refund' and status in ('Pending', 'Succeeded')`,
  );
  return row?.total ?? 0;
}

/** Settles a pending row and answers it; a settled row never changes, so late or repeated answers answer nothing. */
export async function settle(
  db: DbOrTx,
  id: string,
  outcome: {
    status: 'Succeeded' | 'Failed';
    providerRef: string | null;
    failureCode?: string;
    failureMessage?: string;
  },
) {
  const updated = await db
    .update(payments)
    .set({
      status: outcome.status,
      providerRef: outcome.providerRef,
      failureCode: outcome.failureCode ?? null,
      failureMessage: outcome.failureMessage ?? null,
      settledAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'Pending')))
    .returning();
  return updated[0];
}

/** Records a webhook event; false when it was already recorded (a redelivery). */
export async function recordEvent(db: DbOrTx, provider: string, eventId: string, type: string) {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length === 1;
}
