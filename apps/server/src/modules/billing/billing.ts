import { randomUUID } from 'node:crypto';
import type { PaymentPlanUnit } from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import type { JobHandler, JobInput } from '../../jobs/queue.ts';
import { faultPoint } from '../../lib/fault.ts';
import { issueInvoices } from '../invoicing/invoicing.service.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import * as repo from './billing.repo.ts';
import { addPeriod, nextFee } from './periods.ts';

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
/** Billing acts for the whole account. */
const ALL = '*';

export function createBilling(deps: { db: Db; payments: PaymentService; concurrency?: number }) {
  const { db, payments } = deps;
  const concurrency = deps.concurrency ?? 8;

  /** Writes the fee of the next period for up to BATCH due orders and moves their next payment time; the count. */
  async function billBatch(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await repo.lockDueOrders(tx, ALL, now, BATCH);
      if (due.length === 0) return 0;
      const fees = due.map((o) => {
        const start = new Date(o.next_payment_time);
        const end = addPeriod(start, o.plan_frequency, o.plan_unit as PaymentPlanUnit);
        return {
          id: randomUUID(),
          order_id: o.id,
          sequence: o.last_sequence + 1,
          period_start: start.toISOString(),
          period_end: end.toISOString(),
          ...nextFee(o),
        };
      });
      await repo.insertFeesAndAdvance(tx, ALL, fees);
      return due.length;
    });
  }

  /** Takes up to BATCH fees to ask the provider for (see the repo for which), marked Processing with their attempt. */
  function claimFees(now: Date) {
    return repo.claimFees(db, ALL, {
      retryBefore: new Date(now.getTime() - RETRY_OWED_AFTER_MS).toISOString(),
      staleBefore: new Date(now.getTime() - STALE_CLAIM_MS).toISOString(),
      limit: BATCH,
    });
  }

  /** Charges one claimed fee once per attempt (the key); the answer is booked with the batch's. */
  async function chargeFee(fee: repo.ChargeableFee): Promise<repo.FeeAnswer> {
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
    faultPoint('billing.afterCharge');
    const status = payment.status === 'Succeeded' ? 'Paid' : payment.status === 'Failed' ? 'Owed' : 'Processing';
    return { id: fee.id, attempts: fee.attempts, status, payment_id: payment.id };
  }

  /**
   * Books a batch's answers in one statement. Should the process die before, the fees stay Processing without a
   * payment and are claimed again later with the same attempt, whose key finds the ledger row: no second charge.
   */
  async function book(answers: repo.FeeAnswer[]) {
    if (answers.length === 0) return;
    await repo.bookFees(db, ALL, answers);
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
    await repo.settleProcessingFees(db, ALL);
    let charged = 0;
    for (;;) {
      const fees = await claimFees(now);
      if (fees.length === 0) break;
      let next = 0;
      const answers: repo.FeeAnswer[] = [];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, fees.length) }, async () => {
          while (next < fees.length) {
            answers.push(await chargeFee(fees[next++] as repo.ChargeableFee));
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
