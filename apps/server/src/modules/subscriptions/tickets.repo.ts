import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inScopeSql, rows } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * The subscription side of B2B service tickets (issue 24): which order holds an asset, and the `service` trade that
 * bills a ticket's fee. The ticket rows themselves are the engine's (customer-tickets.repo.ts).
 */

/** The subscription order holding an asset now (its held, not released membership), in the caller's scope. */
export async function holdingOrder(db: DbOrTx, scope: Scope, assetId: string) {
  const [row] = await rows<{ id: string; no: string; partner_id: string; status: string }>(
    db,
    sql`select o.id, o.no, o.partner_id, o.status from subscription_order_assets h
        join subscription_orders o on o.id = h.order_id
        where h.asset_id = ${assetId}::uuid and h.released_at is null and o.status <> 'finished'
          and ${inScopeSql(scope, sql`o.partner_id`) ?? sql`true`}
        limit 1`,
  );
  return row;
}

/**
 * Bills a ticket's fee to its order, once (unique per ticket): a `service` trade on the period running now (else the
 * latest started, else the first). It is owed (orders.repo.ts fee_owe) and becomes claimable with the order's next
 * trade — when the running period ends — or at once on an order that has ended; a payoff charges it at once. A fee
 * of 0 is recorded as settled.
 */
export async function insertServiceTrade(
  tx: DbOrTx,
  t: { id: string; orderId: string; ticketId: string; amount: number; now: Date },
) {
  const now = t.now.toISOString();
  await tx.execute(sql`
    insert into subscription_trades (id, order_id, period_id, fee_type, ticket_id, state, amount, claimable_at, paid_at)
    select ${t.id}::uuid, o.id, p.id, 'service', ${t.ticketId}::uuid,
      case when ${t.amount}::numeric > 0 then 'Pending' else 'Succeeded' end, ${t.amount},
      case when o.status <> 'finished' and p.starts_at <= ${now}::timestamptz and p.ends_at > ${now}::timestamptz
        then p.ends_at else ${now}::timestamptz end,
      case when ${t.amount}::numeric > 0 then null else ${now}::timestamptz end
    from subscription_periods p join subscription_orders o on o.id = p.order_id
    where p.order_id = ${t.orderId}::uuid
    order by (p.starts_at <= ${now}::timestamptz) desc,
      case when p.starts_at <= ${now}::timestamptz then p.starts_at end desc, p.starts_at asc
    limit 1
    on conflict (ticket_id) do nothing`);
}

export interface ServiceTradeRow {
  id: string;
  order_id: string;
  state: string;
  amount: string;
  exempted: string;
  refunded: string;
}

/** A ticket's service trade, locked (the edit of its amount waits for a charge in progress, and the other way). */
export async function lockServiceTrade(tx: DbOrTx, ticketId: string) {
  const [row] = await rows<ServiceTradeRow>(
    tx,
    sql`select id, order_id, state, amount, exempted, refunded from subscription_trades
        where ticket_id = ${ticketId}::uuid for update`,
  );
  return row;
}

/** The operator's new fee for a trade not yet charged (a fee down to what is exempted settles it). */
export async function setServiceTradeAmount(tx: DbOrTx, tradeId: string, amount: number) {
  await tx.execute(sql`update subscription_trades set amount = ${amount},
      state = case when ${amount}::numeric <= exempted then 'Canceled' else state end, updated_at = now()
    where id = ${tradeId}::uuid`);
}

/** The currency an order bills in (its tickets' fees are in it too). */
export async function orderCurrency(db: DbOrTx, orderId: string): Promise<string> {
  const [row] = await rows<{ currency: string }>(
    db,
    sql`select currency from subscription_orders where id = ${orderId}::uuid`,
  );
  return row?.currency ?? '';
}
