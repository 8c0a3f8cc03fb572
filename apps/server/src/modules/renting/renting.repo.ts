import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../lib/rows.ts';

/** How many assets of a partner and category the customer holds now (leases in use or returning). */
export async function activeLeaseCount(db: DbOrTx, customerId: string, partnerId: string, categoryId: string) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from leases l join orders o on o.id = l.order_id
        where l.customer_id = ${customerId} and l.status in ('InUse', 'Returning')
          and o.partner_id = ${partnerId} and o.asset_category_id = ${categoryId}`,
  );
  return row?.n ?? 0;
}

/** Whether a lease holds the asset now. */
export async function assetLeased(db: DbOrTx, assetId: string) {
  const [row] = await rows<{ one: number }>(
    db,
    sql`select 1 as one from leases where asset_id = ${assetId} and status in ('InUse', 'Returning') limit 1`,
  );
  return row !== undefined;
}

/** How many deposits the customer has paid for a partner and category. */
export async function depositHeld(db: DbOrTx, customerId: string, partnerId: string, categoryId: string) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select paid_quantity as n from customer_deposits
        where customer_id = ${customerId} and partner_id = ${partnerId} and asset_category_id = ${categoryId}`,
  );
  return row?.n ?? 0;
}

/** Whether a site belongs to a partner and is in use. */
export async function siteOfPartner(db: DbOrTx, siteId: string, partnerId: string) {
  const [row] = await rows<{ one: number }>(
    db,
    sql`select 1 as one from sites where id = ${siteId} and partner_id = ${partnerId} and not is_archived`,
  );
  return row !== undefined;
}

export async function userName(db: DbOrTx, userId: string) {
  const [row] = await rows<{ name: string }>(db, sql`select name from users where id = ${userId}`);
  return row?.name;
}

/** The partner's maximum payment per order (document 2 §9), as text; null when there is none. */
export async function maxPaymentAmount(db: DbOrTx, partnerId: string) {
  const [row] = await rows<{ amount: string | null }>(
    db,
    sql`select customer_max_payment_amount as amount from partner_operations where partner_id = ${partnerId}`,
  );
  return row?.amount ?? null;
}
