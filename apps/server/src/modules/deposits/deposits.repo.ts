import type { DepositRefundApplicationQuery, DepositTransactionQuery } from '@fleetdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { depositRefundApplications } from '../../db/schema/index.ts';
import { inScope, inScopeSql, rows, whereOf } from '../../db/sql.ts';
import { offsetOf } from '../../lib/paging.ts';
import type { CustomerPartnerCategoryNames } from '../../lib/rows.ts';
import type { Scope } from '../../lib/scope.ts';

export interface DepositRow {
  id: string;
  partner_id: string;
  partner_name: string;
  category_id: string;
  category_name: string;
  paid_quantity: number;
  paid_amount: string;
  currency: string;
  payable: number;
  waiting: number;
}

/** A customer's deposit rows in the scope, with the assets held and the quantities waiting applications ask for. */
export async function depositsOf(
  db: DbOrTx,
  scope: Scope,
  customerId: string,
  key?: { partnerId: string; categoryId: string },
) {
  return rows<DepositRow>(
    db,
    sql`select d.id, d.partner_id, p.name as partner_name, d.asset_category_id as category_id, ac.name as category_name,
          d.paid_quantity, d.paid_amount, d.currency,
          (select count(*) from leases l join orders o on o.id = l.order_id
            where l.customer_id = d.customer_id and l.status in ('InUse', 'Returning')
              and o.partner_id = d.partner_id and o.asset_category_id = d.asset_category_id)::int as payable,
          (select coalesce(sum(a.quantity), 0) from deposit_refund_applications a
            where a.customer_id = d.customer_id and a.partner_id = d.partner_id
              and a.asset_category_id = d.asset_category_id and a.status = 'Waiting')::int as waiting
        from customer_deposits d join partners p on p.id = d.partner_id join asset_categories ac on ac.id = d.asset_category_id
        ${whereOf([
          sql`d.customer_id = ${customerId}`,
          inScopeSql(scope, sql`d.partner_id`),
          key ? sql`d.partner_id = ${key.partnerId} and d.asset_category_id = ${key.categoryId}` : undefined,
        ])}
        order by p.name, ac.name${key ? sql` for update of d` : sql``}`,
  );
}

/** Takes `quantity` deposits worth `amount` off a deposit row of a partner in scope. */
export async function takeDeposits(db: DbOrTx, scope: Scope, depositId: string, quantity: number, amount: number) {
  await db.execute(sql`update customer_deposits set paid_quantity = paid_quantity - ${quantity},
    paid_amount = paid_amount - ${amount}, updated_at = now()
    ${whereOf([sql`id = ${depositId}`, inScopeSql(scope, sql`partner_id`)])}`);
}

/** Counts and what is owed of a customer's orders with partners in scope. */
export async function orderSummary(db: DbOrTx, scope: Scope, customerId: string) {
  const where = whereOf([sql`o.customer_id = ${customerId}`, inScopeSql(scope, sql`o.partner_id`)]);
  const [counts] = await rows<{ open: number; closed: number; canceled: number }>(
    db,
    sql`select count(*) filter (where o.status in ('New', 'Open'))::int as open,
          count(*) filter (where o.status = 'Closed')::int as closed,
          count(*) filter (where o.status = 'Canceled')::int as canceled
        from orders o${where}`,
  );
  const owe = await rows<{ currency: string; amount: string }>(
    db,
    sql`select currency, sum(owed) as amount from (
          select o.currency, greatest(0,
            (select coalesce(sum(f.amount), 0) from order_fees f where f.order_id = o.id and f.status = 'Owed')
            - (select coalesce(sum(x.amount), 0) from order_exemptions x where x.order_id = o.id)) as owed
          from orders o${where}) per_order
        group by currency having sum(owed) > 0 order by currency`,
  );
  return { counts: counts ?? { open: 0, closed: 0, canceled: 0 }, owe };
}

export interface TransactionRow extends CustomerPartnerCategoryNames {
  id: string;
  kind: string;
  amount: string;
  currency: string;
  status: string;
  failure_message: string | null;
  refund_of: string | null;
  refunded: string;
  created_at: Date | string;
  settled_at: Date | string | null;
}

/** Deposit charges and refunds of partners in scope, filtered and paged, newest first. */
export async function transactions(db: DbOrTx, scope: Scope, q: DepositTransactionQuery) {
  const from = sql`from payments pm join customer_deposits d on d.id = pm.subject_id
    join customers c on c.id = d.customer_id join partners p on p.id = d.partner_id
    join asset_categories ac on ac.id = d.asset_category_id`;
  const where = whereOf([
    sql`pm.subject_type = 'deposit'`,
    inScopeSql(scope, sql`d.partner_id`),
    q.customerId ? sql`d.customer_id = ${q.customerId}` : undefined,
    q.partnerId ? sql`d.partner_id = ${q.partnerId}` : undefined,
    q.assetCategoryId ? sql`d.asset_category_id = ${q.assetCategoryId}` : undefined,
    q.status ? sql`pm.status = ${q.status}` : undefined,
  ]);
  const [found, [total]] = await Promise.all([
    rows<TransactionRow>(
      db,
      sql`select pm.id, d.customer_id, c.first_name, c.last_name, c.phone_no, d.partner_id, p.name as partner_name,
            d.asset_category_id as category_id, ac.name as category_name, pm.kind, pm.amount, pm.currency, pm.status,
            pm.failure_message, pm.created_at, pm.settled_at, pm.parent_id as refund_of,
            (select coalesce(sum(r.amount), 0) from payments r
              where r.parent_id = pm.id and r.kind = 'refund' and r.status = 'Succeeded') as refunded
          ${from}${where} order by pm.created_at desc, pm.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${from}${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

/**
 * The deposit charges of a deposit row of a partner in scope that still hold money, latest first, with what is
 * left of each.
 */
export async function refundableCharges(db: DbOrTx, scope: Scope, depositId: string) {
  return rows<{ id: string; left_cents: number }>(
    db,
    sql`select pm.id, (round(pm.amount * 100) - coalesce((select sum(round(r.amount * 100)) from payments r
          where r.parent_id = pm.id and r.kind = 'refund' and r.status in ('Pending', 'Succeeded')), 0))::int as left_cents
        from payments pm join customer_deposits d on d.id = pm.subject_id
        ${whereOf([
          sql`pm.subject_type = 'deposit' and pm.subject_id = ${depositId} and pm.kind = 'charge'`,
          sql`pm.status = 'Succeeded'`,
          inScopeSql(scope, sql`d.partner_id`),
        ])}
        order by pm.created_at desc, pm.id`,
  );
}

export interface ApplicationRow extends CustomerPartnerCategoryNames {
  id: string;
  quantity: number;
  amount: string;
  currency: string;
  status: string;
  refund_status: string | null;
  refund_payment_ids: string[];
  reviewer_id: string | null;
  reviewer_name: string | null;
  reviewed_at: Date | string | null;
  note: string | null;
  created_at: Date | string;
  /** The statuses and amounts of the refunds made, as the ledger says now. */
  refunds: { status: string; amount: number }[] | null;
}

const applicationColumns = sql`a.id, a.customer_id, c.first_name, c.last_name, c.phone_no, a.partner_id,
  p.name as partner_name, a.asset_category_id as category_id, ac.name as category_name, a.quantity, a.amount,
  a.currency, a.status, a.refund_status, a.refund_payment_ids, a.reviewer_id, u.name as reviewer_name, a.reviewed_at,
  a.note, a.created_at,
  (select json_agg(json_build_object('status', pm.status, 'amount', pm.amount)) from payments pm
    where pm.id = any(a.refund_payment_ids)) as refunds`;
const fromApplications = sql`from deposit_refund_applications a join customers c on c.id = a.customer_id
  join partners p on p.id = a.partner_id join asset_categories ac on ac.id = a.asset_category_id
  left join users u on u.id = a.reviewer_id`;

/** Refund applications of partners in scope, filtered and paged, waiting ones first. */
export async function applications(db: DbOrTx, scope: Scope, q: DepositRefundApplicationQuery) {
  const where = whereOf([
    inScopeSql(scope, sql`a.partner_id`),
    q.status ? sql`a.status = ${q.status}` : undefined,
    q.refundStatus ? sql`a.refund_status = ${q.refundStatus}` : undefined,
    q.partnerId ? sql`a.partner_id = ${q.partnerId}` : undefined,
    q.customerId ? sql`a.customer_id = ${q.customerId}` : undefined,
    q.appliedFrom ? sql`a.created_at >= ${q.appliedFrom}` : undefined,
    q.appliedTo ? sql`a.created_at <= ${q.appliedTo}` : undefined,
  ]);
  const [found, [total]] = await Promise.all([
    rows<ApplicationRow>(
      db,
      sql`select ${applicationColumns} ${fromApplications}${where}
          order by (a.status = 'Waiting') desc, a.created_at desc, a.id
          limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${fromApplications}${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

/** One refund application of a partner in scope; out of scope reads as missing. */
export async function applicationById(db: DbOrTx, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const [row] = await rows<ApplicationRow>(
    db,
    sql`select ${applicationColumns} ${fromApplications}
        ${whereOf([sql`a.id = ${id}`, inScopeSql(scope, sql`a.partner_id`)])}${opts.lock ? sql` for update of a` : sql``}`,
  );
  return row;
}

/** Writes a new application; the service has refused a partner outside the caller's scope (403) before. */
export async function insertApplication(db: DbOrTx, values: typeof depositRefundApplications.$inferInsert) {
  await db.insert(depositRefundApplications).values(values);
}

/** Changes an application of a partner in scope. */
export async function updateApplication(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: Partial<typeof depositRefundApplications.$inferInsert>,
) {
  await db
    .update(depositRefundApplications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(depositRefundApplications.id, id), inScope(scope, depositRefundApplications.partnerId)));
}
