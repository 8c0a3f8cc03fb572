import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inScopeSql, rows } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';

const orderInScope = (scope: Scope) => inScopeSql(scope, sql`o.partner_id`) ?? sql`true`;

/** How many assets of a partner and category the customer holds now (leases in use or returning). */
export async function activeLeaseCount(
  db: DbOrTx,
  scope: Scope,
  key: { customerId: string; partnerId: string; categoryId: string },
) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from leases l join orders o on o.id = l.order_id
        where l.customer_id = ${key.customerId} and l.status in ('InUse', 'Returning')
          and o.partner_id = ${key.partnerId} and o.asset_category_id = ${key.categoryId} and ${orderInScope(scope)}`,
  );
  return row?.n ?? 0;
}

/** Whether a lease holds the asset now. */
export async function assetLeased(db: DbOrTx, scope: Scope, assetId: string) {
  const [row] = await rows<{ one: number }>(
    db,
    sql`select 1 as one from leases l join orders o on o.id = l.order_id
        where l.asset_id = ${assetId} and l.status in ('InUse', 'Returning') and ${orderInScope(scope)} limit 1`,
  );
  return row !== undefined;
}

/** Whether a site belongs to a partner and is in use. */
export async function siteOfPartner(db: DbOrTx, siteId: string, partnerId: string) {
  const [row] = await rows<{ one: number }>(
    db,
    sql`select 1 as one from sites where id = ${siteId} and partner_id = ${partnerId} and not is_archived`,
  );
  return row !== undefined;
}
