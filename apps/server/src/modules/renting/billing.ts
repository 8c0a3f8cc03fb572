import { randomUUID } from 'node:crypto';
import { type PaymentPlanUnit, type PriceUnit, periodRent } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobHandler, JobInput } from '../../jobs/queue.ts';
import { rows } from '../../lib/rows.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import { issueInvoices } from './invoices.ts';
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
/** A fee taken for charging and not booked after this was taken by a worker that died: it is taken again. */
const STALE_CLAIM_MS = 10 * 60_000;

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

  /**
   * Takes up to BATCH fees to ask the provider for — new ones, refused ones whose last attempt is a day old, and
   * ones a crashed worker took without getting to the ledger — and marks them Processing with their attempt
   * number, so that another instance takes other fees (skip locked) instead of the same ones.
   */
  function claimFees(now: Date) {
    const retryBefore = new Date(now.getTime() - RETRY_OWED_AFTER_MS).toISOString();
    const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
    return rows<ChargeableFee>(
      db,
      sql`with picked as (
            select f.id from order_fees f join orders o on o.id = f.order_id
            where o.checkout_state = 'Completed' and f.amount > 0
              and (f.status = 'Pending'
                or (f.status = 'Owed' and o.status = 'Open' and f.updated_at <= ${retryBefore}::timestamptz)
                or (f.status = 'Processing' and f.payment_id is null and f.updated_at <= ${staleBefore}::timestamptz))
            order by f.period_start limit ${BATCH} for update of f skip locked)
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

  /** Charges one claimed fee once per attempt (the key); the answer is booked with the batch's. */
  async function chargeFee(fee: ChargeableFee) {
    const payment = await payments.charge({
      customerId: fee.customer_id,
      subjectType: 'order-fee',
      subjectId: fee.id,
      amount: Number(fee.amount),
      currency: fee.currency,
      paymentMethod: fee.payment_method ?? '',
      key: `order-fee:${fee.id}:${fee.attempts}`,
      description: `Rent, order ${fee.order_no}, period ${fee.sequence}`,
    });
    const status = payment.status === 'Succeeded' ? 'Paid' : payment.status === 'Failed' ? 'Owed' : 'Processing';
    return { id: fee.id, attempts: fee.attempts, status, payment_id: payment.id };
  }

  /**
   * Books a batch's answers in one statement. Should the process die before, the fees stay Processing without a
   * payment and are claimed again later with the same attempt, whose key finds the ledger row: no second charge.
   */
  async function book(answers: Awaited<ReturnType<typeof chargeFee>>[]) {
    if (answers.length === 0) return;
    await db.execute(sql`
      update order_fees f set status = v.status, payment_id = v.payment_id, updated_at = now()
      from json_to_recordset(${JSON.stringify(answers)}::json) as v(id uuid, attempts int, status text, payment_id uuid)
      where f.id = v.id and f.attempts = v.attempts`);
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
    for (;;) {
      const fees = await claimFees(now);
      if (fees.length === 0) break;
      let next = 0;
      const answers: Awaited<ReturnType<typeof chargeFee>>[] = [];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, fees.length) }, async () => {
          while (next < fees.length) {
            answers.push(await chargeFee(fees[next++] as ChargeableFee));
          }
        }),
      );
      await book(answers);
      charged += answers.length;
    }
    await issueInvoices(db);
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
