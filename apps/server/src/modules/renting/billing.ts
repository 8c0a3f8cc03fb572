import { randomUUID } from 'node:crypto';
import { type PaymentPlanUnit, type PriceUnit, periodRent } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobHandler, JobInput } from '../../jobs/queue.ts';
import { rows } from '../../lib/rows.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import { addPeriod } from './periods.ts';

/**
 * Recurring rent (issue 6 "payments that never charge twice"). Every period that falls due on an open order becomes
 * a fee row — unique per order and sequence — and each fee is charged with a key made of the fee and the attempt.
 * Two instances billing at once, or a crash between the charge and its bookkeeping, therefore end in one fee and
 * one charge: the unique index and the ledger's idempotency key decide, not the job lock.
 */
export const BILLING_JOB = 'renting.billing';
const BILLING_EVERY_MS = 60_000;
/** Document 2 §9: unpaid fees are tried again daily on open orders. */
export const RETRY_OWED_AFTER_MS = 24 * 3_600_000;
const BATCH = 1000;

interface DueOrder {
  id: string;
  next_payment_time: Date | string;
  plan_frequency: number;
  plan_unit: string;
  unit_price: string;
  price_unit: string;
  last_sequence: number;
  billed: string;
  max_amount: string | null;
}

interface ChargeableFee {
  id: string;
  amount: string;
  attempts: number;
  sequence: number;
  customer_id: string;
  currency: string;
  order_no: string;
  payment_method: string | null;
}

const cents = (v: string | number) => Math.round(Number(v) * 100);

/**
 * The fee of the next period: the rent, cut to what is left under the partner's maximum payment per order
 * (document 2 §9 "customer max payment amount per order stops further charges"); nothing left is a Capped fee.
 */
export function nextFee(
  order: Pick<DueOrder, 'unit_price' | 'price_unit' | 'plan_frequency' | 'plan_unit' | 'billed' | 'max_amount'>,
) {
  const rent = cents(
    periodRent(
      Number(order.unit_price),
      order.price_unit as PriceUnit,
      order.plan_frequency,
      order.plan_unit as PaymentPlanUnit,
    ),
  );
  if (order.max_amount === null) return { amount: rent / 100, status: rent > 0 ? 'Pending' : 'Paid' };
  const left = Math.max(0, cents(order.max_amount) - cents(order.billed));
  const amount = Math.min(rent, left);
  return { amount: amount / 100, status: amount > 0 ? 'Pending' : rent > 0 ? 'Capped' : 'Paid' };
}

export function createBilling(deps: { db: Db; payments: PaymentService; concurrency?: number }) {
  const { db, payments } = deps;
  const concurrency = deps.concurrency ?? 8;

  /** Writes the fee of the next period for up to BATCH due orders and moves their next payment time; the count. */
  async function billBatch(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      // skip locked: a second instance takes other orders instead of waiting; the unique (order, sequence) index
      // is what makes a period billed once even so.
      const due = await rows<DueOrder>(
        tx,
        sql`select o.id, o.next_payment_time, o.plan_frequency, o.plan_unit, o.unit_price, o.price_unit,
              (select coalesce(max(f.sequence), 0) from order_fees f where f.order_id = o.id)::int as last_sequence,
              (select coalesce(sum(f.amount), 0) from order_fees f where f.order_id = o.id and f.status <> 'Canceled') as billed,
              po.customer_max_payment_amount as max_amount
            from orders o left join partner_operations po on po.partner_id = o.partner_id
            where o.status = 'Open' and o.next_payment_time <= ${now.toISOString()}::timestamptz
            order by o.next_payment_time limit ${BATCH} for update of o skip locked`,
      );
      if (due.length === 0) return 0;
      const fees = due.map((o) => {
        const start = new Date(o.next_payment_time);
        const end = addPeriod(start, o.plan_frequency, o.plan_unit as PaymentPlanUnit);
        return { id: randomUUID(), orderId: o.id, sequence: o.last_sequence + 1, start, end, ...nextFee(o) };
      });
      const json = JSON.stringify(
        fees.map((f) => ({
          id: f.id,
          order_id: f.orderId,
          sequence: f.sequence,
          period_start: f.start.toISOString(),
          period_end: f.end.toISOString(),
          amount: f.amount,
          status: f.status,
        })),
      );
      await tx.execute(sql`
        insert into order_fees (id, order_id, sequence, period_start, period_end, amount, status)
        select id, order_id, sequence, period_start, period_end, amount, status
        from json_to_recordset(${json}::json)
          as v(id uuid, order_id uuid, sequence int, period_start timestamptz, period_end timestamptz, amount numeric, status text)
        on conflict (order_id, sequence) do nothing`);
      await tx.execute(sql`
        update orders o set next_payment_time = v.period_end, updated_at = now()
        from json_to_recordset(${json}::json) as v(order_id uuid, period_end timestamptz)
        where o.id = v.order_id`);
      return due.length;
    });
  }

  /** Fees to ask the provider for: new ones, and refused ones whose last attempt is a day old. */
  function chargeable(now: Date) {
    return rows<ChargeableFee>(
      db,
      sql`select f.id, f.amount, f.attempts, f.sequence, o.customer_id, o.currency, o.order_no,
            pm.provider_ref as payment_method
          from order_fees f join orders o on o.id = f.order_id
          left join customer_payment_methods pm on pm.id = o.payment_method_id and pm.deleted_at is null
          where o.checkout_state = 'Completed' and f.amount > 0
            and (f.status = 'Pending'
              or (f.status = 'Owed' and o.status = 'Open'
                  and f.updated_at <= ${new Date(now.getTime() - RETRY_OWED_AFTER_MS).toISOString()}::timestamptz))
          order by f.period_start limit ${BATCH}`,
    );
  }

  /** Charges one fee once per attempt (the key) and books the answer on the fee. */
  async function chargeFee(fee: ChargeableFee) {
    const attempt = fee.attempts + 1;
    const payment = await payments.charge({
      customerId: fee.customer_id,
      subjectType: 'order-fee',
      subjectId: fee.id,
      amount: Number(fee.amount),
      currency: fee.currency,
      paymentMethod: fee.payment_method ?? '',
      key: `order-fee:${fee.id}:${attempt}`,
      description: `Rent, order ${fee.order_no}, period ${fee.sequence}`,
    });
    const status = payment.status === 'Succeeded' ? 'Paid' : payment.status === 'Failed' ? 'Owed' : 'Processing';
    await db.execute(sql`update order_fees set status = ${status}, payment_id = ${payment.id}, attempts = ${attempt},
      updated_at = now() where id = ${fee.id} and attempts < ${attempt}`);
  }

  /** Fees whose charge was answered later (the reconcile job, a webhook) take the answer. */
  async function settleProcessing() {
    await db.execute(sql`
      update order_fees f set status = case p.status when 'Succeeded' then 'Paid' else 'Owed' end, updated_at = now()
      from payments p where p.id = f.payment_id and f.status = 'Processing' and p.status <> 'Pending'`);
  }

  /** One round: bill what fell due, then charge. Answers how many periods were billed and fees charged. */
  async function run(now = new Date()) {
    let billed = 0;
    for (;;) {
      // Again until nothing is due: an order that missed several periods gets one more each pass.
      const n = await billBatch(now);
      billed += n;
      if (n === 0) break;
    }
    await settleProcessing();
    let charged = 0;
    const seen = new Set<string>();
    for (;;) {
      const fees = (await chargeable(now)).filter((f) => !seen.has(f.id));
      if (fees.length === 0) break;
      for (const f of fees) seen.add(f.id);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(concurrency, fees.length) }, async () => {
          while (next < fees.length) {
            const fee = fees[next++] as ChargeableFee;
            await chargeFee(fee);
            charged += 1;
          }
        }),
      );
    }
    return { billed, charged };
  }

  const handlers: Record<string, JobHandler> = {
    [BILLING_JOB]: async () => {
      await run();
      return { runAt: new Date(Date.now() + BILLING_EVERY_MS) };
    },
  };
  const initial: JobInput[] = [{ kind: BILLING_JOB, key: BILLING_JOB }];
  return { run, handlers, initial };
}

export type Billing = ReturnType<typeof createBilling>;
