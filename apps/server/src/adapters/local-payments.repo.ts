import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { localProviderRequests } from '../db/schema/index.ts';
import { rows } from '../db/sql.ts';

// The local payment provider's own state (what Stripe would keep on its side), not a partner's: no scope.

/** Serialises the requests on one key (an idempotency key or a charge) until the transaction ends, as Stripe does. */
export async function lockKey(tx: DbOrTx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The request remembered under an idempotency key, if any. */
export async function requestOf(tx: DbOrTx, key: string) {
  const [stored] = await tx.select().from(localProviderRequests).where(eq(localProviderRequests.idempotencyKey, key));
  return stored;
}

export async function insertRequest(tx: DbOrTx, row: typeof localProviderRequests.$inferInsert) {
  await tx.insert(localProviderRequests).values(row);
}

/** The amount (cents) of a succeeded charge, and how much of it succeeded refunds already gave back. */
export async function chargeBalance(tx: DbOrTx, chargeRef: string) {
  const [charge] = await rows<{ amount: number }>(
    tx,
    sql`select (params->>'amount')::int as amount from local_provider_requests
        where operation = 'charge' and response->>'ref' = ${chargeRef}
          and response->>'status' = 'succeeded'`,
  );
  const [refunded] = await rows<{ total: number }>(
    tx,
    sql`select coalesce(sum((params->>'amount')::int), 0)::int as total from local_provider_requests
        where operation = 'refund' and params->>'chargeRef' = ${chargeRef}
          and response->>'status' = 'succeeded'`,
  );
  return { charged: charge?.amount ?? null, refunded: refunded?.total ?? 0 };
}
