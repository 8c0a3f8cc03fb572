import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inScopeSql, rows } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';
import type { FeeBasis } from './periods.ts';

/** Recurring rent's SQL: the orders that fell due, their new fees, and the fees claimed, charged and booked. */

const ofOrdersIn = (scope: Scope) => inScopeSql(scope, sql`o.partner_id`) ?? sql`true`;

/** An open order whose next payment time has passed, with what its next fee is computed from. */
export interface DueOrder extends FeeBasis {
  id: string;
  next_payment_time: Date | string;
  last_sequence: number;
}

/** A fee claimed for charging, with what the charge needs. */
export interface ChargeableFee {
  id: string;
  amount: string;
  attempts: number;
  sequence: number;
  customer_id: string;
  currency: string;
  order_no: string;
  payment_method: string | null;
}

/** A new period's fee, as billing writes it. */
export interface NewFee {
  id: string;
  order_id: string;
  sequence: number;
  period_start: string;
  period_end: string;
  amount: number;
  status: string;
}

/** A charge's answer for a claimed fee; booked only while the fee is still on that attempt. */
export interface FeeAnswer {
  id: string;
  attempts: number;
  status: string;
  payment_id: string;
}

/**
 * Locks up to `limit` open orders due by `now`, skipping ones another instance holds: it takes other orders instead
 * of waiting, and the unique (order, sequence) index still makes a period billed once.
 */
export function lockDueOrders(tx: DbOrTx, scope: Scope, now: Date, limit: number) {
  return rows<DueOrder>(
    tx,
    sql`select o.id, o.next_payment_time, o.plan_frequency, o.plan_unit, o.unit_price, o.price_unit,
          (select coalesce(max(f.sequence), 0) from order_fees f where f.order_id = o.id)::int as last_sequence,
          (select coalesce(sum(f.amount), 0) from order_fees f where f.order_id = o.id and f.status <> 'Canceled') as billed,
          po.customer_max_payment_amount as max_amount
        from orders o left join partner_operations po on po.partner_id = o.partner_id
        where o.status = 'Open' and o.next_payment_time <= ${now.toISOString()}::timestamptz and ${ofOrdersIn(scope)}
        order by o.next_payment_time limit ${limit} for update of o skip locked`,
  );
}

/** Writes each due order's next fee (a period already billed is left alone) and moves its next payment time. */
export async function insertFeesAndAdvance(tx: DbOrTx, scope: Scope, fees: readonly NewFee[]) {
  const json = JSON.stringify(fees);
  await tx.execute(sql`
    insert into order_fees (id, order_id, sequence, period_start, period_end, amount, status)
    select v.id, v.order_id, v.sequence, v.period_start, v.period_end, v.amount, v.status
    from json_to_recordset(${json}::json)
      as v(id uuid, order_id uuid, sequence int, period_start timestamptz, period_end timestamptz, amount numeric, status text)
    join orders o on o.id = v.order_id
    where ${ofOrdersIn(scope)}
    on conflict (order_id, sequence) do nothing`);
  await tx.execute(sql`
    update orders o set next_payment_time = v.period_end, updated_at = now()
    from json_to_recordset(${json}::json) as v(order_id uuid, period_end timestamptz)
    where o.id = v.order_id and ${ofOrdersIn(scope)}`);
}

/**
 * Takes up to `limit` fees to ask the provider for — new ones, refused ones on open orders last tried before
 * `retryBefore`, and ones claimed before `staleBefore` that never reached the ledger — and marks them Processing
 * with their attempt number, so that another instance takes other fees (skip locked) instead of the same ones.
 */
export function claimFees(db: DbOrTx, scope: Scope, opts: { retryBefore: string; staleBefore: string; limit: number }) {
  return rows<ChargeableFee>(
    db,
    sql`with picked as (
          select f.id from order_fees f join orders o on o.id = f.order_id
          where o.checkout_state = 'Completed' and f.amount > 0 and ${ofOrdersIn(scope)}
            and (f.status = 'Pending'
              or (f.status = 'Owed' and o.status = 'Open' and f.updated_at <= ${opts.retryBefore}::timestamptz)
              or (f.status = 'Processing' and f.payment_id is null and f.updated_at <= ${opts.staleBefore}::timestamptz))
          order by f.period_start limit ${opts.limit} for update of f skip locked)
        update order_fees f
        set status = 'Processing', updated_at = now(),
            -- A stale claim keeps its attempt: its key may already be in the ledger.
            attempts = case when f.status = 'Processing' then f.attempts else f.attempts + 1 end
        from picked, orders o left join customer_payment_methods pm on pm.id = o.payment_method_id and pm.deleted_at is null
        where f.id = picked.id and o.id = f.order_id
        returning f.id, f.amount, f.attempts, f.sequence, o.customer_id, o.currency, o.order_no,
          pm.provider_ref as payment_method`,
  );
}

/** Books a batch's answers in one statement; an answer for an attempt the fee has moved past is ignored. */
export async function bookFees(db: DbOrTx, scope: Scope, answers: readonly FeeAnswer[]) {
  await db.execute(sql`
    update order_fees f set status = v.status, payment_id = v.payment_id, updated_at = now()
    from json_to_recordset(${JSON.stringify(answers)}::json) as v(id uuid, attempts int, status text, payment_id uuid),
      orders o
    where f.id = v.id and f.attempts = v.attempts and o.id = f.order_id and ${ofOrdersIn(scope)}`);
}

/** Fees whose charge was answered later (the reconcile job, a webhook) take the answer. */
export async function settleProcessingFees(db: DbOrTx, scope: Scope) {
  await db.execute(sql`
    update order_fees f set status = case p.status when 'Succeeded' then 'Paid' else 'Owed' end, updated_at = now()
    from payments p, orders o
    where p.id = f.payment_id and f.status = 'Processing' and p.status <> 'Pending'
      and o.id = f.order_id and ${ofOrdersIn(scope)}`);
}
