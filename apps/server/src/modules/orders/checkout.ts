import { randomUUID } from 'node:crypto';
import type { CheckoutFailureCode, PaymentPlanUnit } from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Job, JobHandler, JobOutcome } from '../../jobs/queue.ts';
import { faultPoint } from '../../lib/fault.ts';
import { setLeasedTurnover } from '../assets/asset-leasing.ts';
import { writeFieldLogs } from '../audit/audit.repo.ts';
import { addPeriod } from '../billing/periods.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { issueInvoices } from '../invoicing/invoicing.service.ts';
import type { IotControlService } from '../iot/control.service.ts';
import { notifyByPermission } from '../notifications/notify.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import { settleIntentOf } from '../renting-intents/renting-intents.service.ts';
import * as repo from './orders.repo.ts';

/**
 * The checkout of a new order as a list of steps, each with its undo (Medusa's workflows): deposit, first rent,
 * unlock. Every step is idempotent — ledger keys `order:<id>:deposit` and `order-fee:<fee>:1`, the lease remembers
 * its unlock record — so the request and the `renting.checkout` job may both walk it, one at a time (a short lease
 * on the order row, `advancing_until`, instead of a transaction held across provider calls), as often as needed,
 * after any crash. A step that fails aborts the order and walks back the undos: "no charge without a lease, no lease
 * without a charge".
 */

export const CHECKOUT_JOB = 'renting.checkout';
export const checkoutKey = (orderId: string) => `${CHECKOUT_JOB}:${orderId}`;
/** How long one worker may hold a checkout (provider calls included) before another may take it over. */
export const ADVANCE_CLAIM_MS = 60_000;
/** How soon the job looks again at a checkout that waits for a payment answer or the device. */
export const CHECKOUT_POLL_MS = 500;
/** The checkout acts for the whole account: the request that started it was checked against the caller's scope. */
const ALL = '*';
const ENTITY = 'order';
const UNDO_REASON = 'Checkout undone: no lease started';

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const cents = (v: string | number | null) => Math.round(num(v) * 100);

/** What a step did this time: go on to the next, wait for an answer (the job looks again), or fail the checkout. */
type StepResult = 'next' | 'waiting' | { failed: CheckoutFailureCode; message: string };

/** What the steps share while the checkout is walked once. */
interface CheckoutRun {
  order: repo.OrderRow;
  /** The customer's payment method as the provider knows it. */
  paymentMethod: string;
}

/** One step of the checkout: `run` is idempotent; `undo` gives back what it did, true once nothing is left waiting. */
interface CheckoutStep {
  name: 'deposit' | 'rent' | 'unlock';
  run(checkout: CheckoutRun): Promise<StepResult>;
  undo(order: repo.OrderRow): Promise<boolean>;
}

/** Records a status change of an order in its field log. */
export const logOrderStatus = (
  tx: Parameters<typeof writeFieldLogs>[0],
  orderId: string,
  userId: string | null,
  from: string,
  to: string,
) =>
  writeFieldLogs(tx, {
    entityType: ENTITY,
    entityId: orderId,
    userId,
    changes: [{ field: 'status', before: from, after: to }],
  });

export function createCheckout(deps: {
  db: Db;
  payments: PaymentService;
  control: IotControlService;
  log: FastifyBaseLogger;
}) {
  const { db, payments, control } = deps;

  /**
   * Gives back what is left of a charge that succeeded (all of it, unless staff refunded part); a charge that failed
   * or never was needs nothing. The fixed key makes a second undo find the first one's refund.
   */
  async function refundWhole(chargeId: string, key: string): Promise<{ status: string }> {
    const charge = await payments.byId(chargeId);
    if (charge?.status === 'Pending') return charge;
    if (charge?.status !== 'Succeeded') return { status: 'Succeeded' };
    const left = cents(charge.amount) - (await payments.refundedCents(chargeId));
    const again = await payments.byKey(`refund:${key}`);
    if (again) return again;
    if (left <= 0) return { status: 'Succeeded' };
    return payments.refund({ chargeId, amount: left / 100, reason: UNDO_REASON, key });
  }

  const depositKey = (order: repo.OrderRow) => ({
    id: randomUUID(),
    customerId: order.customerId,
    partnerId: order.partnerId,
    assetCategoryId: order.assetCategoryId,
    currency: order.currency,
  });

  /** The deposit, when the order asks for one: charged, then counted on the customer's deposit row once. */
  const deposit: CheckoutStep = {
    name: 'deposit',
    async run({ order, paymentMethod }) {
      if (order.depositAmount === null) return 'next';
      const row = await repo.depositRow(db, ALL, depositKey(order));
      const charge = await payments.charge({
        customerId: order.customerId,
        subjectType: 'deposit',
        subjectId: row.id,
        amount: num(order.depositAmount),
        currency: order.currency,
        paymentMethod,
        key: `order:${order.id}:deposit`,
        description: `Deposit, order ${order.orderNo}`,
      });
      if (order.depositPaymentId !== charge.id)
        await repo.updateOrder(db, ALL, order.id, { depositPaymentId: charge.id });
      if (charge.status === 'Pending') return 'waiting';
      if (charge.status === 'Failed')
        return { failed: 'DepositPaymentFailed', message: charge.failureMessage ?? 'The deposit payment failed' };
      await db.transaction(async (tx) => {
        if (await repo.markDepositCredited(tx, ALL, order.id, true))
          await repo.creditDeposit(tx, ALL, row.id, 1, num(order.depositAmount));
      });
      return 'next';
    },
    async undo(order) {
      const refund = order.depositPaymentId
        ? await refundWhole(order.depositPaymentId, `order:${order.id}:deposit:undo`)
        : { status: 'Succeeded' };
      if (order.depositCreditedAt) {
        await db.transaction(async (tx) => {
          if (await repo.markDepositCredited(tx, ALL, order.id, false)) {
            const row = await repo.depositRow(tx, ALL, depositKey(order));
            await repo.creditDeposit(tx, ALL, row.id, -1, -num(order.depositAmount));
          }
        });
      }
      return refund.status !== 'Pending';
    },
  };

  /** The first period's rent (none when the plan costs nothing), charged with the key of its first attempt. */
  const rent: CheckoutStep = {
    name: 'rent',
    async run({ order, paymentMethod }) {
      const [fee] = await repo.feesOf(db, ALL, order.id);
      if (!fee || fee.status === 'Paid') return 'next';
      const charge = await payments.charge({
        customerId: order.customerId,
        subjectType: 'order-fee',
        subjectId: fee.id,
        amount: num(fee.amount),
        currency: order.currency,
        paymentMethod,
        key: `order-fee:${fee.id}:1`,
        description: `Rent, order ${order.orderNo}, period 1`,
      });
      const status = charge.status === 'Succeeded' ? 'Paid' : charge.status === 'Failed' ? 'Owed' : 'Processing';
      await repo.updateFee(db, ALL, order.id, fee.id, {
        paymentId: charge.id,
        status,
        attempts: 1,
        updatedAt: new Date(),
      });
      if (charge.status === 'Pending') return 'waiting';
      if (charge.status === 'Failed')
        return { failed: 'RentPaymentFailed', message: charge.failureMessage ?? 'The rent payment failed' };
      return 'next';
    },
    async undo(order) {
      const fees = await repo.feesOf(db, ALL, order.id);
      const refunds = await Promise.all(
        fees.flatMap((fee) => (fee.paymentId ? [refundWhole(fee.paymentId, `order-fee:${fee.id}:undo`)] : [])),
      );
      return refunds.every((r) => r.status !== 'Pending');
    },
  };

  const sendForOrder = (order: repo.OrderRow, assetNo: string, command: 'device.turn_on' | 'device.turn_off') =>
    control.commandForOrder({
      userId: order.createdBy,
      assetNo,
      command,
      customerId: order.customerId,
      orderId: order.id,
    });

  /** The asset's device told to unlock (an asset without one is handed over at the counter). */
  const unlock: CheckoutStep = {
    name: 'unlock',
    async run({ order }) {
      const [lease] = await repo.leasesOf(db, ALL, order.id);
      if (!lease?.device_no) return 'next';
      let recordId = lease.unlockRecordId;
      if (!recordId) {
        recordId = (await sendForOrder(order, lease.asset_no, 'device.turn_on')).id;
        await repo.updateLease(db, ALL, order.id, lease.id, { unlockRecordId: recordId });
      }
      const [record] = await control.recordsByIds([recordId]);
      if (record?.status === 'pending') return 'waiting';
      if (record?.status === 'successful') return 'next';
      return {
        failed: 'AssetUnlockFailed',
        message: `The asset did not unlock (${record?.failedReason ?? record?.status ?? 'no record'})`,
      };
    },
    /** A device that answers after the deadline may still have opened: it is told to lock, once, as nobody rents it. */
    async undo(order) {
      const [lease] = await repo.leasesOf(db, ALL, order.id);
      if (!lease?.device_no || !lease.unlockRecordId) return true;
      if (await repo.lockRecordOf(db, ALL, order.id)) return true;
      await sendForOrder(order, lease.asset_no, 'device.turn_off').catch((error) =>
        deps.log.warn({ err: error, orderId: order.id }, 'lock after a failed unlock not sent'),
      );
      return true;
    },
  };

  const steps: readonly CheckoutStep[] = [deposit, rent, unlock];

  /** Walks the undos back, last step first; true once every refund is answered. */
  async function undoAll(orderId: string): Promise<boolean> {
    const order = (await repo.byId(db, ALL, orderId)) as repo.OrderRow;
    let settled = true;
    for (const step of [...steps].reverse()) settled = (await step.undo(order)) && settled;
    return settled;
  }

  /**
   * Gives up a checkout: the order is canceled and its lease with it (the asset is free again, and the
   * order still names it), its fees canceled and its intent let go; then the steps are undone.
   */
  async function abort(order: repo.OrderRow, code: CheckoutFailureCode, message: string) {
    await db.transaction(async (tx) => {
      const current = await repo.byId(tx, ALL, order.id, { lock: true });
      if (current?.checkoutState !== 'InProgress') return;
      const now = new Date();
      await repo.updateOrder(tx, ALL, order.id, {
        status: 'Canceled',
        checkoutState: 'Aborted',
        failureCode: code,
        failureMessage: message,
        updatedAt: now,
      });
      // Only an active lease holds an asset: canceled at once, the asset is free again.
      await repo.cancelAllLeases(tx, ALL, order.id, now);
      await repo.updateFees(tx, ALL, order.id, { status: 'Canceled', updatedAt: now });
      await settleIntentOf(tx, ALL, order.id, false);
      await logOrderStatus(tx, order.id, null, current.status, 'Canceled');
      await notifyByPermission(
        tx,
        { permission: 'order.read', partnerId: current.partnerId },
        {
          kind: 'checkoutUndone',
          title: `The checkout of order ${current.orderNo} was undone`,
          body: message,
          link: `/renting/order/detail/${order.id}`,
          params: { orderNo: current.orderNo, code },
        },
      );
    });
    return undoAll(order.id);
  }

  /** Everything is paid and the asset unlocked: the order opens, its first period starts now, the asset is out. */
  async function complete(order: repo.OrderRow) {
    const now = new Date();
    await db.transaction(async (tx) => {
      const current = await repo.byId(tx, ALL, order.id, { lock: true });
      if (current?.checkoutState !== 'InProgress') return;
      const [lease] = await repo.leasesOf(tx, ALL, order.id);
      if (!lease) throw new Error(`order ${order.id} has no lease to start`);
      const periodEnd = addPeriod(now, current.planFrequency ?? 1, current.planUnit as PaymentPlanUnit);
      await repo.updateOrder(tx, ALL, order.id, {
        status: 'Open',
        checkoutState: 'Completed',
        startTime: now,
        nextPaymentTime: periodEnd,
        updatedAt: now,
      });
      await repo.updateFees(tx, ALL, order.id, { periodStart: now, periodEnd, updatedAt: now });
      await repo.updateLease(tx, ALL, order.id, lease.id, { startedAt: now, updatedAt: now });
      await setLeasedTurnover(tx, ALL, null, lease.assetId, 'RentingOut', now);
      await settleIntentOf(tx, ALL, order.id, true);
      await logOrderStatus(tx, order.id, null, current.status, 'Open');
    });
  }

  /** Walks the steps as far as they go now; completes the order when all went through. */
  async function walk(order: repo.OrderRow): Promise<'waiting' | 'done'> {
    const method = order.paymentMethodId ? await customersRepo.paymentMethodById(db, order.paymentMethodId) : undefined;
    const checkout: CheckoutRun = { order, paymentMethod: method?.providerRef ?? '' };
    for (const step of steps) {
      if (step === unlock) faultPoint('checkout.afterCharge');
      const result = await step.run(checkout);
      if (result === 'waiting') return 'waiting';
      if (result !== 'next') {
        await abort(order, result.failed, result.message);
        return 'done';
      }
    }
    await complete(order);
    // The first period is paid: its invoice, when invoicing is on, comes now rather than with the next billing round.
    await issueInvoices(db).catch((error) =>
      deps.log.warn({ err: error, orderId: order.id }, 'invoice not issued yet'),
    );
    return 'done';
  }

  /**
   * Moves a checkout as far as it can go now and answers whether it is over: an aborted one is undone until every
   * refund is answered. One worker at a time holds the order's short lease; the others answer 'waiting'.
   */
  async function advance(orderId: string): Promise<'waiting' | 'done'> {
    const order = await repo.claimAdvance(db, ALL, orderId, ADVANCE_CLAIM_MS);
    if (!order) return 'waiting';
    try {
      if (order.checkoutState === 'Completed') return 'done';
      if (order.checkoutState === 'Aborted') return (await undoAll(order.id)) ? 'done' : 'waiting';
      return await walk(order);
    } finally {
      await repo.releaseAdvance(db, ALL, orderId);
    }
  }

  /** The `renting.checkout` job: advances the order again every CHECKOUT_POLL_MS until its checkout is over. */
  function jobHandlers(): Record<string, JobHandler> {
    return {
      [CHECKOUT_JOB]: async (job: Job): Promise<JobOutcome> => {
        const state = await advance(String(job.payload.orderId));
        return state === 'done' ? undefined : { runAt: new Date(Date.now() + CHECKOUT_POLL_MS) };
      },
    };
  }

  return { advance, jobHandlers };
}

export type Checkout = ReturnType<typeof createCheckout>;
