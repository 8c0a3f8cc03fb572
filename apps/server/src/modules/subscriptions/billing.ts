import { randomUUID } from 'node:crypto';
import type { PlanDurationUnit } from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobHandler, JobInput } from '../../jobs/queue.ts';
import { toIso } from '../../lib/rows.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import * as repo from './billing.repo.ts';
import { advanceFixed, insertPeriods, type NewPeriod, releaseAssets } from './orders.repo.ts';
import { basicFeeOf, fixTimeBefore, fullLengthMs, nextPeriod, usageFeeOf } from './periods.ts';

/**
 * Subscription billing (docs/decisions.md "Subscriptions"): fixes the next periods (their basic trades), makes the
 * usage trade of each period whose usage is final, finishes ended orders and charges what is claimable. Every step
 * takes rows `for update skip locked` and writes under unique keys, so instances running at once do each thing once.
 */
export const SUBSCRIPTION_BILLING_JOB = 'subscriptions.billing';
/** Document 2 §9: unpaid fees are tried again daily. */
export const RETRY_FAILED_AFTER_MS = 24 * 3_600_000;
/** A trade taken for charging and not booked after this was taken by a worker that died: it is taken again. */
const STALE_CLAIM_MS = 10 * 60_000;
const BATCH = 500;
/** Periods one order catches up in one transaction; more wait for the next batch. */
const MAX_FIX_PER_ORDER = 500;
const ALL = '*';

export interface SubscriptionBillingOptions {
  db: Db;
  payments: PaymentService;
  /** How long after a period's end its usage is final (trips may land up to 48 h late). */
  usageLagMs: number;
  /** How often the job runs. */
  everyMs?: number;
  concurrency?: number;
}

const num = Number;

export function createSubscriptionBilling(deps: SubscriptionBillingOptions) {
  const { db, payments } = deps;
  const concurrency = deps.concurrency ?? 8;

  /** Fixes the next period of up to BATCH orders whose fix time has come; the count. */
  async function fixBatch(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await repo.lockOrdersToFix(tx, ALL, now, BATCH);
      if (due.length === 0) return 0;
      const periods: NewPeriod[] = [];
      const advances: Parameters<typeof advanceFixed>[2][number][] = [];
      for (const o of due) {
        const plan = { durationUnit: o.next_unit as PlanDurationUnit, durationQuantity: o.next_quantity };
        let previous = {
          startsAt: new Date(o.last_starts_at),
          endsAt: new Date(o.last_ends_at),
          anchorAt: new Date(o.last_anchor_at),
          anchorOffset: o.last_anchor_offset,
          plan: { durationUnit: o.last_unit as PlanDurationUnit, durationQuantity: o.last_quantity },
        };
        let sequence = o.fixed_through;
        let after: ReturnType<typeof followUp>;
        const basicFee = num(o.next_basic_fee);
        // Every period due by now in one go: an order that missed several (a stopped server) catches up here, and
        // an instance that finds it locked knows the holder fixes all of them.
        do {
          const next = nextPeriod(previous, plan, o.timezone);
          sequence += 1;
          periods.push({
            id: randomUUID(),
            orderId: o.id,
            sequence,
            startsAt: next.startsAt.toISOString(),
            endsAt: next.endsAt.toISOString(),
            planId: o.next_plan,
            basicFee,
            usageFee: num(o.next_usage_fee),
            usageFeeUpperLimit: num(o.next_usage_fee_upper_limit),
            deductible: o.next_deductible,
            anchorAt: next.anchorAt.toISOString(),
            anchorOffset: next.anchorOffset,
            closesAt: new Date(next.endsAt.getTime() + deps.usageLagMs).toISOString(),
            basicAmount: basicFeeOf(basicFee, next, fullLengthMs(next.startsAt, plan, o.timezone)),
            basicTradeId: randomUUID(),
          });
          after = followUp(o, next);
          previous = { ...next, plan };
        } while (
          after.nextFixAt !== null &&
          Date.parse(after.nextFixAt) <= now.getTime() &&
          sequence - o.fixed_through < MAX_FIX_PER_ORDER
        );
        advances.push({ id: o.id, planId: o.next_plan, fixedThrough: sequence, ...after });
      }
      await insertPeriods(tx, ALL, periods);
      await advanceFixed(tx, ALL, advances);
      return due.length;
    });
  }

  /** Makes the usage trade of up to BATCH periods whose usage is final (one order's, for a forced close). */
  async function closeBatch(now: Date, orderId?: string): Promise<number> {
    return db.transaction(async (tx) => closePeriods(tx, now, orderId));
  }

  async function closePeriods(tx: DbOrTx, now: Date, orderId?: string): Promise<number> {
    const locked = await repo.lockPeriodsToClose(tx, ALL, now, BATCH, orderId);
    if (locked.length === 0) return 0;
    const counted = await repo.countUsage(
      tx,
      ALL,
      locked.map((p) => p.id),
    );
    await repo.insertUsageTrades(
      tx,
      ALL,
      counted.map((p) => {
        const fee = usageFeeOf(p.seconds, {
          usageFee: num(p.usage_fee),
          usageFeeUpperLimit: num(p.usage_fee_upper_limit),
          deductible: p.deductible,
        });
        return {
          id: randomUUID(),
          periodId: p.id,
          orderId: p.order_id,
          amount: fee.amount,
          usageSeconds: p.seconds,
          deductedSeconds: fee.deductedSeconds,
          deducted: fee.deducted,
        };
      }),
      now,
    );
    return locked.length;
  }

  /** Finishes orders whose end has come and gives back assets whose membership is over. */
  async function finishBatch(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const ending = await repo.lockOrdersToFinish(tx, ALL, now, BATCH);
      for (const o of ending) {
        await repo.finishOrder(tx, ALL, o.id);
        await releaseAssets(tx, { orderId: o.id, toSite: o.asset_transfer_site_id });
      }
      await repo.releaseDeparted(tx, ALL, now);
      return ending.length;
    });
  }

  /** Charges one claimed trade once per attempt (the key). */
  async function chargeTrade(t: repo.ClaimedTrade): Promise<repo.TradeAnswer> {
    const payment = await payments.charge({
      customerId: null,
      subjectType: 'subscription-trade',
      subjectId: t.id,
      amount: num(t.due),
      currency: t.currency,
      paymentMethod: t.payment_method,
      key: `subscription-trade:${t.id}:${t.attempts}`,
      description: `Subscription ${t.order_no}, period ${t.sequence}, ${t.fee_type} fee`,
    });
    const state = payment.status === 'Succeeded' ? 'Succeeded' : payment.status === 'Failed' ? 'Failed' : 'Processing';
    return {
      id: t.id,
      attempts: t.attempts,
      state,
      payment_id: payment.id,
      failure_message: payment.failureMessage ?? null,
    };
  }

  /** Charges what is claimable (all of one order's, for a payoff); the count. */
  async function charge(now: Date, orderId?: string): Promise<number> {
    await repo.settleProcessingTrades(db, ALL);
    let charged = 0;
    for (;;) {
      const trades = await repo.claimTrades(db, ALL, {
        now,
        retryBefore: new Date(now.getTime() - RETRY_FAILED_AFTER_MS),
        staleBefore: new Date(now.getTime() - STALE_CLAIM_MS),
        limit: BATCH,
        ...(orderId ? { orderId } : {}),
      });
      if (trades.length === 0) break;
      let next = 0;
      const answers: repo.TradeAnswer[] = [];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, trades.length) }, async () => {
          while (next < trades.length) answers.push(await chargeTrade(trades[next++] as repo.ClaimedTrade));
        }),
      );
      await repo.bookTrades(db, ALL, answers);
      charged += answers.length;
      // A payoff charges each trade once, not again after its own failure.
      if (orderId) break;
    }
    return charged;
  }

  const repeat = async (step: () => Promise<number>) => {
    let total = 0;
    for (;;) {
      const n = await step();
      total += n;
      if (n === 0) return total;
    }
  };

  /** A round's bookkeeping before any charge: fix periods, start trades, close usage, finish orders. */
  async function prepare(now: Date) {
    const fixed = await repeat(() => fixBatch(now));
    await repo.startTrades(db, ALL, now);
    const closed = await repeat(() => closeBatch(now));
    const finished = await repeat(() => finishBatch(now));
    return { fixed, closed, finished };
  }

  /** One round: the bookkeeping, then the charges. Answers what each step did. */
  async function run(now = new Date()) {
    const done = await prepare(now);
    return { ...done, charged: await charge(now) };
  }

  const everyMs = deps.everyMs ?? 60_000;
  const handlers: Record<string, JobHandler> = {
    [SUBSCRIPTION_BILLING_JOB]: async () => {
      await run();
      return { runAt: new Date(Date.now() + everyMs) };
    },
  };
  const initial: JobInput[] = [{ kind: SUBSCRIPTION_BILLING_JOB, key: SUBSCRIPTION_BILLING_JOB }];
  return { run, prepare, charge, closePeriods, handlers, initial, usageLagMs: deps.usageLagMs };
}

export type SubscriptionBilling = ReturnType<typeof createSubscriptionBilling>;

/**
 * After fixing a period: when the next one is to be fixed, and when the order ends. End at term: the period in which
 * the terminate time falls is the last.
 */
export function followUp(
  o: { renew_strategy: string; terminate_time: Date | string | null; status?: string },
  period: { startsAt: Date; endsAt: Date },
): { nextFixAt: string | null; endsAt: string | null } {
  const terminate = o.terminate_time === null ? null : new Date(o.terminate_time);
  if (o.renew_strategy === 'end-at-term' && terminate !== null && terminate.getTime() <= period.endsAt.getTime())
    return { nextFixAt: null, endsAt: toIso(period.endsAt) };
  return { nextFixAt: fixTimeBefore(period.startsAt, period.endsAt).toISOString(), endsAt: null };
}
