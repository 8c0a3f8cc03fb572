import { randomInt, randomUUID } from 'node:crypto';
import {
  CHECKOUT_REFUSALS,
  type CheckoutFailureCode,
  type CheckoutStepStatus,
  type CreateOrderBody,
  INSPECTION_MESSAGES,
  ORDER_ERRORS,
  ORDER_EXPORT_MAX,
  type Order,
  type OrderFees,
  type OrderListQuery,
  type OrderSummary,
  type PaymentPlanUnit,
  type PriceUnit,
  REPLACEMENT_REFUSALS,
  type RefundOrExemptBody,
  type ReplaceAssetBody,
  type ReplacementRefusal,
  type ReturnLeaseBody,
} from '@fleetdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { assets, leases, orderFees, orders } from '../../db/schema/index.ts';
import { DomainError, editConflict, exportTooLarge, notFound } from '../../errors.ts';
import { enqueueJobs, type Job, type JobHandler, type JobOutcome } from '../../jobs/queue.ts';
import type { Caller } from '../../lib/caller.ts';
import { toCsv } from '../../lib/csv.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { partnerInScope } from '../../lib/scope.ts';
import * as assetsRepo from '../assets/assets.repo.ts';
import { fieldLogsOf, writeFieldLogs } from '../audit/audit.repo.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import type { IotControlService } from '../iot/control.service.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import * as pricingRepo from '../pricing/pricing.repo.ts';
import { nextFee } from './billing.ts';
import { claimIntent, settleIntentOf } from './intents.ts';
import { issueInvoices } from './invoices.ts';
import * as repo from './orders.repo.ts';
import { addPeriod } from './periods.ts';
import * as rentingRepo from './renting.repo.ts';
import type { RentingService } from './renting.service.ts';

const ENTITY = 'order';
export const CHECKOUT_JOB = 'renting.checkout';
const checkoutKey = (orderId: string) => `${CHECKOUT_JOB}:${orderId}`;
/** How long one worker may hold a checkout (provider calls included) before another may take it over. */
const ADVANCE_CLAIM_MS = 60_000;
/** How soon the job looks again at a checkout that waits for a payment answer or the device. */
const CHECKOUT_POLL_MS = 500;

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const money = (cents: number) => Math.round(cents) / 100;
const cents = (v: string | number | null) => Math.round(num(v) * 100);

function feesOf(row: repo.OrderListRow): OrderFees {
  const owe = Math.max(0, cents(row.owed) - cents(row.exempt));
  return {
    orderFee: num(row.order_fee),
    paid: num(row.paid),
    pending: num(row.pending),
    processing: num(row.processing),
    owe: money(owe),
    refunded: num(row.refunded),
    exempt: num(row.exempt),
  };
}

function toSummary(row: repo.OrderListRow): OrderSummary {
  return {
    id: row.id,
    orderNo: row.order_no,
    status: row.status as OrderSummary['status'],
    customer: {
      id: row.customer_id,
      name: `${row.customer_first} ${row.customer_last}`.trim(),
      phoneNo: row.customer_phone,
    },
    partner: { id: row.partner_id, name: row.partner_name },
    assetCategory: { id: row.category_id, name: row.category_name },
    assetNo: row.asset_no,
    leaseStatus: row.lease_status as OrderSummary['leaseStatus'],
    rentSite: row.rent_site_id ? { id: row.rent_site_id, name: row.rent_site_name ?? '' } : null,
    returnSite: row.return_site_id ? { id: row.return_site_id, name: row.return_site_name ?? '' } : null,
    paymentPlan: { frequency: row.plan_frequency, unit: row.plan_unit as PaymentPlanUnit },
    unitPrice: num(row.unit_price),
    priceUnit: row.price_unit as PriceUnit,
    currency: row.currency,
    orderTime: toIso(row.created_at),
    startTime: toIsoOrNull(row.start_time),
    returnTime: toIsoOrNull(row.returned_at),
    endTime: toIsoOrNull(row.end_time),
    nextPaymentTime: toIsoOrNull(row.next_payment_time),
    fees: feesOf(row),
  };
}

/** A step's status from its ledger row (or the device record): what staff watch during the checkout. */
function paymentStep(status: string | undefined, undone: boolean): CheckoutStepStatus {
  if (status === undefined) return 'waiting';
  if (status === 'Succeeded') return undone ? 'undone' : 'succeeded';
  return status === 'Failed' ? 'failed' : 'pending';
}

export function createOrderService(deps: {
  db: Db;
  renting: RentingService;
  payments: PaymentService;
  control: IotControlService;
  log: FastifyBaseLogger;
}) {
  const { db, payments, control } = deps;

  async function detail(id: string): Promise<Order> {
    const [row, order, leaseRows, fees, exemptions] = await Promise.all([
      repo.listRow(db, id),
      repo.byId(db, id),
      repo.leasesOf(db, id),
      repo.feesOf(db, id),
      repo.exemptionsOf(db, id),
    ]);
    if (!row || !order) throw notFound('Order not found');
    const ledger = await repo.paymentsOf(db, order);
    // The checkout unlocked the first lease's asset; later ones come from replacements (the asset records).
    const lease = leaseRows[0];
    // Found through the order, not the lease: an undone checkout released its lease but keeps its unlock record.
    const unlockId = lease?.unlockRecordId ?? (await repo.unlockRecordOf(db, id));
    const [unlock] = unlockId ? await control.recordsByIds([unlockId]) : [];
    const deposit = ledger.find((p) => p.id === order.depositPaymentId);
    const depositUndone = ledger.some((p) => p.kind === 'refund' && p.parentId === order.depositPaymentId);
    const firstFee = fees.find((f) => f.sequence === 1);
    const rent = ledger.find((p) => p.kind === 'charge' && p.id === firstFee?.paymentId);
    const rentUndone = ledger.some((p) => p.kind === 'refund' && p.parentId === rent?.id);
    const aborted = order.checkoutState === 'Aborted';
    const unlockStep = (): CheckoutStepStatus => {
      if (unlock?.status === 'successful') return aborted ? 'undone' : 'succeeded';
      if (unlock) return unlock.status === 'pending' ? 'pending' : 'failed';
      // Completed without an unlock: an asset without a device, handed over at the counter.
      return order.checkoutState === 'Completed' ? 'skipped' : 'waiting';
    };
    const depositStatus =
      order.depositAmount === null ? ('skipped' as const) : paymentStep(deposit?.status, depositUndone);
    const userName = order.createdBy ? ((await rentingRepo.userName(db, order.createdBy)) ?? '') : null;
    return {
      ...toSummary(row),
      note: order.note,
      discount:
        order.discountId && order.discountPercent !== null
          ? {
              id: order.discountId,
              // The order was read in the caller's scope; its discount belongs to the same partner.
              name: (await pricingRepo.discountById(db, '*', order.discountId))?.name ?? '',
              discountPercent: num(order.discountPercent),
            }
          : null,
      deposit: order.depositAmount === null ? null : { amount: num(order.depositAmount), status: depositStatus },
      checkout: {
        state: order.checkoutState as Order['checkout']['state'],
        steps: [
          {
            step: 'deposit',
            status: depositStatus,
            amount: order.depositAmount === null ? null : num(order.depositAmount),
            message: deposit?.status === 'Failed' ? deposit.failureMessage : null,
          },
          {
            step: 'rent',
            status: firstFee ? paymentStep(rent?.status, rentUndone) : 'skipped',
            amount: firstFee ? num(firstFee.amount) : null,
            message: rent?.status === 'Failed' ? rent.failureMessage : null,
          },
          {
            step: 'unlock',
            status: unlockStep(),
            amount: null,
            message:
              unlock && unlock.status !== 'successful' && unlock.status !== 'pending'
                ? (unlock.failedReason ?? unlock.status)
                : null,
          },
        ],
        failureCode: order.failureCode as CheckoutFailureCode | null,
        failureMessage: order.failureMessage,
      },
      feeItems: fees.map((f) => ({
        id: f.id,
        sequence: f.sequence,
        periodStart: toIso(f.periodStart),
        periodEnd: toIso(f.periodEnd),
        amount: num(f.amount),
        status: f.status as Order['feeItems'][number]['status'],
      })),
      payments: ledger.map((p) => ({
        id: p.id,
        purpose: p.kind === 'refund' ? 'refund' : p.subject_type === 'deposit' ? 'deposit' : 'rent',
        amount: num(p.amount),
        currency: p.currency,
        status: p.status as 'Pending' | 'Succeeded' | 'Failed',
        failureMessage: p.failureMessage,
        reason: p.reason,
        createdAt: toIso(p.createdAt),
      })),
      exemptions: exemptions.map((x) => ({
        id: x.id,
        amount: num(x.amount),
        reason: x.reason,
        user: x.user_id ? { id: x.user_id, name: x.user_name ?? '' } : null,
        createdAt: toIso(x.created_at),
      })),
      endReason: order.endReason,
      createdBy: order.createdBy ? { id: order.createdBy, name: userName ?? '' } : null,
    };
  }

  async function visibleOrder(caller: Caller, id: string) {
    const order = await repo.byId(db, id);
    if (!order) throw notFound('Order not found');
    if (!partnerInScope(caller.scope, order.partnerId)) throw notFound('Order not found');
    return order;
  }

  /** Records a status change of an order in its field log. */
  const logStatus = (
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

  /**
   * Gives up a checkout: the order is canceled and its lease returned at once (the asset is free again), then what
   * was charged is refunded with fixed keys — done again by the job until every refund is answered.
   */
  async function abort(order: repo.OrderRow, code: CheckoutFailureCode, message: string) {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (current?.checkoutState !== 'InProgress') return;
      await tx
        .update(orders)
        .set({
          status: 'Canceled',
          checkoutState: 'Aborted',
          failureCode: code,
          failureMessage: message,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id));
      // The lease is kept, returned at once, so the order still names the asset it tried to rent; only an active
      // lease holds an asset, so the asset is free again.
      const now = new Date();
      await tx
        .update(leases)
        .set({ status: 'Returned', returnedAt: now, updatedAt: now })
        .where(eq(leases.orderId, order.id));
      await tx
        .update(orderFees)
        .set({ status: 'Canceled', updatedAt: new Date() })
        .where(eq(orderFees.orderId, order.id));
      await settleIntentOf(tx, order.id, false);
      await logStatus(tx, order.id, null, current.status, 'Canceled');
    });
    return undo(order.id);
  }

  /** Refunds what an aborted checkout charged; true once nothing is left waiting for an answer. */
  async function undo(orderId: string): Promise<boolean> {
    const order = (await repo.byId(db, orderId)) as repo.OrderRow;
    const fees = await repo.feesOf(db, orderId);
    const refunds: Promise<{ status: string }>[] = [];
    for (const fee of fees) {
      if (!fee.paymentId) continue;
      refunds.push(refundWhole(fee.paymentId, `order-fee:${fee.id}:undo`, 'Checkout undone: no lease started'));
    }
    if (order.depositPaymentId) {
      refunds.push(
        refundWhole(order.depositPaymentId, `order:${order.id}:deposit:undo`, 'Checkout undone: no lease started'),
      );
    }
    const outcomes = await Promise.all(refunds);
    if (order.depositCreditedAt) {
      await db.transaction(async (tx) => {
        if (await repo.markDepositCredited(tx, order.id, false)) {
          const deposit = await repo.depositRow(tx, {
            id: randomUUID(),
            customerId: order.customerId,
            partnerId: order.partnerId,
            assetCategoryId: order.assetCategoryId,
            currency: order.currency,
          });
          await repo.creditDeposit(tx, deposit.id, -1, -num(order.depositAmount));
        }
      });
    }
    return outcomes.every((o) => o.status !== 'Pending');
  }

  /**
   * Gives back what is left of a charge that succeeded (all of it, unless staff refunded part); a charge that failed
   * or never was needs nothing. The fixed key makes a second undo find the first one's refund.
   */
  async function refundWhole(chargeId: string, key: string, reason: string): Promise<{ status: string }> {
    const charge = await payments.byId(chargeId);
    if (charge?.status === 'Pending') return charge;
    if (charge?.status !== 'Succeeded') return { status: 'Succeeded' };
    const left = cents(charge.amount) - (await payments.refundedCents(chargeId));
    const again = await payments.byKey(`refund:${key}`);
    if (again) return again;
    if (left <= 0) return { status: 'Succeeded' };
    return payments.refund({ chargeId, amount: left / 100, reason, key });
  }

  /**
   * Moves a checkout as far as it can go now — deposit, first rent, unlock — and answers whether it is over.
   * Every step is idempotent (ledger keys, the lease's unlock record), so the request and the job may both run it,
   * one at a time, as often as needed, after any crash.
   */
  async function advance(orderId: string): Promise<'waiting' | 'done'> {
    const order = await repo.claimAdvance(db, orderId, ADVANCE_CLAIM_MS);
    if (!order) return 'waiting';
    try {
      if (order.checkoutState === 'Completed') return 'done';
      if (order.checkoutState === 'Aborted') return (await undo(order.id)) ? 'done' : 'waiting';
      const method = order.paymentMethodId
        ? await customersRepo.paymentMethodById(db, order.paymentMethodId)
        : undefined;
      const paymentMethod = method?.providerRef ?? '';

      if (order.depositAmount !== null) {
        const deposit = await repo.depositRow(db, {
          id: randomUUID(),
          customerId: order.customerId,
          partnerId: order.partnerId,
          assetCategoryId: order.assetCategoryId,
          currency: order.currency,
        });
        const charge = await payments.charge({
          customerId: order.customerId,
          subjectType: 'deposit',
          subjectId: deposit.id,
          amount: num(order.depositAmount),
          currency: order.currency,
          paymentMethod,
          key: `order:${order.id}:deposit`,
          description: `Deposit, order ${order.orderNo}`,
        });
        if (order.depositPaymentId !== charge.id)
          await db.update(orders).set({ depositPaymentId: charge.id }).where(eq(orders.id, order.id));
        if (charge.status === 'Pending') return 'waiting';
        if (charge.status === 'Failed') {
          await abort(order, 'DepositPaymentFailed', charge.failureMessage ?? 'The deposit payment failed');
          return 'done';
        }
        await db.transaction(async (tx) => {
          if (await repo.markDepositCredited(tx, order.id, true))
            await repo.creditDeposit(tx, deposit.id, 1, num(order.depositAmount));
        });
      }

      const [fee] = await repo.feesOf(db, order.id);
      if (fee && fee.status !== 'Paid') {
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
        await db
          .update(orderFees)
          .set({ paymentId: charge.id, status, attempts: 1, updatedAt: new Date() })
          .where(eq(orderFees.id, fee.id));
        if (charge.status === 'Pending') return 'waiting';
        if (charge.status === 'Failed') {
          await abort(order, 'RentPaymentFailed', charge.failureMessage ?? 'The rent payment failed');
          return 'done';
        }
      }

      const [lease] = await repo.leasesOf(db, order.id);
      if (!lease) return 'done';
      if (lease.device_no) {
        let recordId = lease.unlockRecordId;
        if (!recordId) {
          const record = await control.commandForOrder({
            userId: order.createdBy,
            assetNo: lease.asset_no,
            command: 'device.turn_on',
            customerId: order.customerId,
            orderId: order.id,
          });
          recordId = record.id;
          await db.update(leases).set({ unlockRecordId: recordId }).where(eq(leases.id, lease.id));
        }
        const [record] = await control.recordsByIds([recordId]);
        if (record?.status === 'pending') return 'waiting';
        if (record?.status !== 'successful') {
          await abort(
            order,
            'AssetUnlockFailed',
            `The asset did not unlock (${record?.failedReason ?? record?.status ?? 'no record'})`,
          );
          // A device that answers after the deadline may still have opened: tell it to lock, as nobody rents it.
          await control
            .commandForOrder({
              userId: order.createdBy,
              assetNo: lease.asset_no,
              command: 'device.turn_off',
              customerId: order.customerId,
              orderId: order.id,
            })
            .catch((error) => deps.log.warn({ err: error, orderId }, 'lock after a failed unlock not sent'));
          return 'done';
        }
      }
      await complete(order, lease);
      // The first period is paid: its invoice, when invoicing is on, comes now rather than with the next billing round.
      await issueInvoices(db).catch((error) => deps.log.warn({ err: error, orderId }, 'invoice not issued yet'));
      return 'done';
    } finally {
      await repo.releaseAdvance(db, orderId);
    }
  }

  /** Everything is paid and the asset unlocked: the order opens and its first period starts now. */
  async function complete(order: repo.OrderRow, lease: repo.LeaseRow) {
    const now = new Date();
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (current?.checkoutState !== 'InProgress') return;
      const periodEnd = addPeriod(now, current.planFrequency ?? 1, current.planUnit as PaymentPlanUnit);
      await tx
        .update(orders)
        .set({ status: 'Open', checkoutState: 'Completed', startTime: now, nextPaymentTime: periodEnd, updatedAt: now })
        .where(eq(orders.id, order.id));
      await tx
        .update(orderFees)
        .set({ periodStart: now, periodEnd, updatedAt: now })
        .where(eq(orderFees.orderId, order.id));
      await tx.update(leases).set({ startedAt: now, updatedAt: now }).where(eq(leases.id, lease.id));
      await tx.update(assets).set({ turnoverState: 'RentingOut', updatedAt: now }).where(eq(assets.id, lease.assetId));
      await settleIntentOf(tx, order.id, true);
      await logStatus(tx, order.id, null, current.status, 'Open');
    });
  }

  /** The order, locked, when it is open (409 OrderNotOpen otherwise). */
  async function openOrder(tx: Parameters<typeof logStatus>[0], id: string) {
    const order = await repo.byId(tx, id, { lock: true });
    if (order?.status !== 'Open')
      throw new DomainError('OrderNotOpen', 409, ORDER_ERRORS.OrderNotOpen, { status: order?.status });
    return order;
  }

  /** Closes an open order: its leases returned, their assets free, periods not yet asked of the provider dropped. */
  async function close(
    tx: Parameters<typeof logStatus>[0],
    order: repo.OrderRow,
    userId: string,
    end: { reason: string | undefined; returnSiteId: string | null },
  ) {
    const now = new Date();
    const held = await tx
      .update(leases)
      .set({
        status: 'Returned',
        returnSubmittedAt: sql`coalesce(${leases.returnSubmittedAt}, ${now})`,
        returnedAt: now,
        updatedAt: now,
      })
      .where(and(eq(leases.orderId, order.id), sql`${leases.status} <> 'Returned'`))
      .returning({ assetId: leases.assetId });
    for (const { assetId } of held)
      await tx.update(assets).set({ turnoverState: 'InSite', updatedAt: now }).where(eq(assets.id, assetId));
    await tx
      .update(orders)
      .set({
        status: 'Closed',
        endTime: now,
        nextPaymentTime: null,
        returnSiteId: end.returnSiteId,
        // A return's reason stands unless the confirmation gives another.
        endReason: end.reason?.trim() || order.endReason || null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await tx
      .update(orderFees)
      .set({ status: 'Canceled', updatedAt: now })
      .where(and(eq(orderFees.orderId, order.id), eq(orderFees.status, 'Pending')));
    await logStatus(tx, order.id, userId, 'Open', 'Closed');
    return held.map((h) => h.assetId);
  }

  /** Best effort: the record shows whether each device locked; the return stands either way. */
  async function lockAssets(caller: Caller, order: repo.OrderRow, assetIds: readonly string[]) {
    for (const lease of await repo.leasesOf(db, order.id)) {
      if (!lease.device_no || !assetIds.includes(lease.assetId)) continue;
      await control
        .commandForOrder({
          userId: caller.userId,
          assetNo: lease.asset_no,
          command: 'device.turn_off',
          customerId: order.customerId,
          orderId: order.id,
        })
        .catch((error) => deps.log.warn({ err: error, orderId: order.id }, 'lock after the return not sent'));
    }
  }

  const service = {
    async list(caller: Caller, q: OrderListQuery) {
      const { pageNo, pageSize, ...filters } = q;
      const { rows, count } = await repo.list(db, caller.scope, filters, {
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
      });
      return { data: rows.map(toSummary), count };
    },

    /** The orders matching the filters as CSV; more than the export limit is refused, never cut short. */
    async exportCsv(caller: Caller, q: Omit<OrderListQuery, 'pageNo' | 'pageSize'>) {
      const { rows, count } = await repo.list(db, caller.scope, q, { limit: ORDER_EXPORT_MAX, offset: 0 });
      if (count > ORDER_EXPORT_MAX) throw exportTooLarge(count, ORDER_EXPORT_MAX, 'orders');
      const found = rows.map(toSummary);
      const header = [
        'orderNo',
        'status',
        'leaseStatus',
        'customer',
        'phoneNo',
        'partner',
        'assetCategory',
        'assetNo',
        'rentSite',
        'returnSite',
        'orderTime',
        'startTime',
        'returnTime',
        'endTime',
        'currency',
        'orderFee',
        'paid',
        'pending',
        'processing',
        'owe',
        'refunded',
        'exempt',
      ];
      return toCsv(
        header,
        found.map((o) => [
          o.orderNo,
          o.status,
          o.leaseStatus,
          o.customer.name,
          o.customer.phoneNo,
          o.partner.name,
          o.assetCategory.name,
          o.assetNo,
          o.rentSite?.name ?? null,
          o.returnSite?.name ?? null,
          o.orderTime,
          o.startTime,
          o.returnTime,
          o.endTime,
          o.currency,
          o.fees.orderFee,
          o.fees.paid,
          o.fees.pending,
          o.fees.processing,
          o.fees.owe,
          o.fees.refunded,
          o.fees.exempt,
        ]),
      );
    },

    /** 404 unless the order exists in the caller's scope. */
    async assertVisible(caller: Caller, id: string) {
      await visibleOrder(caller, id);
    },

    async get(caller: Caller, id: string) {
      await visibleOrder(caller, id);
      return detail(id);
    },

    /**
     * Opens an order and starts its checkout. What can be refused is refused before anything is written (4xx);
     * the lease is written with the order, so the asset's partial unique index settles two checkouts racing for
     * it and the customer's row lock settles the rental limit. Then the checkout runs as far as it can now; the
     * job finishes it (the device's reply, a late payment answer) and the client follows on the order.
     */
    async create(caller: Caller, input: CreateOrderBody): Promise<Order> {
      const inspection = await deps.renting.inspect(caller, input.assetNo, input.customerId);
      if (inspection.outcome !== 'Leasable' || !inspection.offer) {
        throw new DomainError(
          inspection.outcome,
          inspection.outcome === 'AssetAlreadyRentedOut' ? 409 : 422,
          inspection.message,
          {
            missing: inspection.missing,
          },
        );
      }
      const offer = inspection.offer;
      const plan = offer.plans.find((p) => p.id === input.paymentPlanId);
      if (!plan || (input.quotedUnitPrice !== undefined && cents(input.quotedUnitPrice) !== cents(plan.unitPrice))) {
        throw new DomainError('PlanNoLongerAvailable', 409, CHECKOUT_REFUSALS.PlanNoLongerAvailable, {
          plans: offer.plans,
        });
      }
      const customer = await customersRepo.get(db, caller.scope, input.customerId);
      if (!customer?.email || !customer.email_verified_at)
        throw new DomainError('CustomerEmailIssue', 422, CHECKOUT_REFUSALS.CustomerEmailIssue);
      const method = await customersRepo.paymentMethodById(db, input.paymentMethodId);
      if (!method || method.customerId !== input.customerId || method.deletedAt !== null || !method.valid)
        throw new DomainError('PaymentMethodNotFound', 422, CHECKOUT_REFUSALS.PaymentMethodNotFound);
      const partnerId = inspection.asset.partner.id;
      const categoryId = inspection.asset.assetCategory.id;
      if (input.rentSiteId && !(await rentingRepo.siteOfPartner(db, input.rentSiteId, partnerId)))
        throw new DomainError('RentSiteInvalid', 422, CHECKOUT_REFUSALS.RentSiteInvalid);
      // Rented where the asset is, unless staff say otherwise: the rent site's tax group taxes the invoices.
      const rentSiteId = input.rentSiteId ?? (await assetsRepo.getByNo(db, input.assetNo))?.asset.siteId ?? null;
      const program = await pricingRepo.programOf(db, caller.scope, partnerId, categoryId);
      const [pricing] = (await pricingRepo.pricingOf(db, caller.scope, program ? [program.id] : [])).parts;
      // The first period is billed like every later one, the partner's maximum payment per order included.
      const firstFee = nextFee({
        unit_price: String(plan.unitPrice),
        price_unit: offer.priceUnit,
        plan_frequency: plan.frequency,
        plan_unit: plan.unit,
        billed: '0',
        max_amount: await rentingRepo.maxPaymentAmount(db, partnerId),
      });
      const existingDeposit = await rentingRepo.depositHeld(db, input.customerId, partnerId, categoryId);
      // One deposit per asset held: a customer renting a second asset of the category pays a second one.
      const depositDue = offer.deposit.required && offer.deposit.amount > 0 && existingDeposit < offer.activeLeases + 1;

      const orderId = randomUUID();
      const now = new Date();
      try {
        await db.transaction(async (tx) => {
          await customersRepo.get(tx, '*', input.customerId, { lock: true });
          const held = await rentingRepo.activeLeaseCount(tx, input.customerId, partnerId, categoryId);
          if (held >= offer.rentalLimit)
            throw new DomainError('RentalLimitReached', 422, INSPECTION_MESSAGES.RentalLimitReached);
          await tx.insert(orders).values({
            id: orderId,
            orderNo: orderNumber(now),
            customerId: input.customerId,
            partnerId,
            assetCategoryId: categoryId,
            programId: program?.id ?? null,
            status: 'New',
            rentSiteId,
            paymentPlanId: plan.id,
            planFrequency: plan.frequency,
            planUnit: plan.unit,
            unitPrice: plan.unitPrice,
            priceUnit: offer.priceUnit,
            discountId: plan.discount?.id ?? null,
            discountPercent: plan.discount?.discountPercent ?? null,
            currency: pricing?.currency ?? offer.currency,
            note: input.note?.trim() || null,
            paymentMethodId: method.id,
            depositAmount: depositDue ? offer.deposit.amount : null,
            createdBy: caller.userId,
          });
          await tx.insert(leases).values({
            id: randomUUID(),
            orderId,
            assetId: inspection.asset.id,
            customerId: input.customerId,
            status: 'InUse',
          });
          if (firstFee.amount > 0) {
            await tx.insert(orderFees).values({
              id: randomUUID(),
              orderId,
              sequence: 1,
              periodStart: now,
              periodEnd: addPeriod(now, plan.frequency, plan.unit),
              amount: firstFee.amount,
            });
          }
          if (input.intentId)
            await claimIntent(tx, input.intentId, {
              id: orderId,
              customerId: input.customerId,
              partnerId,
              assetCategoryId: categoryId,
            });
          await logStatus(tx, orderId, caller.userId, '', 'New');
          // Committed with the order: should this process die mid-checkout, the job takes it up.
          await enqueueJobs(tx, [
            {
              kind: CHECKOUT_JOB,
              key: checkoutKey(orderId),
              payload: { orderId },
              runAt: new Date(now.getTime() + CHECKOUT_POLL_MS),
            },
          ]);
        });
      } catch (error) {
        if (uniqueViolation(error) === 'leases_active_asset_key')
          throw new DomainError('AssetAlreadyRentedOut', 409, INSPECTION_MESSAGES.AssetAlreadyRentedOut);
        throw error;
      }
      await advance(orderId);
      return detail(orderId);
    },

    /** Ends an open order: its leases are returned, the asset is free again and its device is told to lock. */
    async end(caller: Caller, id: string, reason: string | undefined): Promise<Order> {
      await visibleOrder(caller, id);
      const { order, returned } = await db.transaction(async (tx) => {
        const current = await openOrder(tx, id);
        return {
          order: current,
          returned: await close(tx, current, caller.userId, { reason, returnSiteId: current.returnSiteId }),
        };
      });
      await lockAssets(caller, order, returned);
      return detail(id);
    },

    /**
     * The asset came back at the counter: the device is told to lock, and the order closes — unless the
     * collect-return rule asks for manual confirmation, when the lease waits as Returning (rent stops, the asset
     * stays held) until staff confirm. A partner that does not take a category back across sites refuses another
     * return site.
     */
    async returnLease(caller: Caller, id: string, input: ReturnLeaseBody): Promise<Order> {
      await visibleOrder(caller, id);
      const { order, assetId } = await db.transaction(async (tx) => {
        const current = await openOrder(tx, id);
        const leased = (await repo.leasesOf(tx, id)).find((l) => l.status === 'InUse');
        if (!leased) throw new DomainError('LeaseNotInUse', 409, ORDER_ERRORS.LeaseNotInUse);
        const returnSiteId = input.returnSiteId ?? current.rentSiteId;
        if (input.returnSiteId && !(await rentingRepo.siteOfPartner(tx, input.returnSiteId, current.partnerId)))
          throw new DomainError('ReturnSiteInvalid', 422, ORDER_ERRORS.ReturnSiteInvalid);
        const [rule] = current.programId ? await pricingRepo.rulesOf(tx, caller.scope, [current.programId]) : [];
        if (rule?.crossSiteReturnPolicy === 'not-allowed' && returnSiteId !== current.rentSiteId)
          throw new DomainError('CrossSiteReturnNotAllowed', 422, ORDER_ERRORS.CrossSiteReturnNotAllowed, {
            rentSiteId: current.rentSiteId,
          });
        if (rule?.manualConfirmationPolicy !== 'required') {
          await close(tx, current, caller.userId, { reason: input.reason, returnSiteId });
          return { order: current, assetId: leased.assetId };
        }
        const now = new Date();
        await tx
          .update(leases)
          .set({ status: 'Returning', returnSubmittedAt: now, updatedAt: now })
          .where(eq(leases.id, leased.id));
        // Rent stops at the return: nothing more is billed while it waits for confirmation.
        await tx
          .update(orders)
          .set({ returnSiteId, nextPaymentTime: null, endReason: input.reason?.trim() || null, updatedAt: now })
          .where(eq(orders.id, id));
        await tx
          .update(orderFees)
          .set({ status: 'Canceled', updatedAt: now })
          .where(and(eq(orderFees.orderId, id), eq(orderFees.status, 'Pending')));
        await writeFieldLogs(tx, {
          entityType: ENTITY,
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'leaseStatus', before: 'InUse', after: 'Returning' }],
        });
        return { order: current, assetId: leased.assetId };
      });
      await lockAssets(caller, order, [assetId]);
      return detail(id);
    },

    /** Staff checked the returned asset: the lease waiting as Returning is Returned and the order closes. */
    async confirmReturn(caller: Caller, id: string, reason: string | undefined): Promise<Order> {
      await visibleOrder(caller, id);
      await db.transaction(async (tx) => {
        const current = await openOrder(tx, id);
        if (!(await repo.leasesOf(tx, id)).some((l) => l.status === 'Returning'))
          throw new DomainError('ReturnNotSubmitted', 409, ORDER_ERRORS.ReturnNotSubmitted);
        await close(tx, current, caller.userId, { reason, returnSiteId: current.returnSiteId });
      });
      return detail(id);
    },

    /**
     * A refund gives back part of what was paid (spread over the period charges, latest first; the ledger's row
     * lock bounds each); an exemption forgives part of what is owed. Neither can exceed its amount.
     */
    async refundOrExempt(caller: Caller, id: string, input: RefundOrExemptBody): Promise<Order> {
      const order = await visibleOrder(caller, id);
      // A checkout still running, or undone, settles its own charges: staff step in once it completed.
      if (order.checkoutState !== 'Completed')
        throw new DomainError('CheckoutNotCompleted', 409, ORDER_ERRORS.CheckoutNotCompleted, {
          checkout: order.checkoutState,
        });
      const asked = cents(input.amount);
      if (input.type === 'exempt') {
        await db.transaction(async (tx) => {
          await repo.byId(tx, id, { lock: true });
          const fresh = feesOf((await repo.listRow(tx, id)) as repo.OrderListRow);
          if (asked > cents(fresh.owe))
            throw new DomainError('ExemptExceedsOwed', 422, ORDER_ERRORS.ExemptExceedsOwed, { owe: fresh.owe });
          await repo.insertExemption(tx, {
            id: randomUUID(),
            orderId: id,
            amount: money(asked),
            reason: input.reason,
            userId: caller.userId,
          });
          await writeFieldLogs(tx, {
            entityType: ENTITY,
            entityId: id,
            userId: caller.userId,
            changes: [{ field: 'exemption', before: null, after: { amount: money(asked), reason: input.reason } }],
          });
        });
        return detail(id);
      }
      // One refund of an order at a time: it may span several charges, so the ledger's per-charge lock is not enough.
      if (!(await repo.claimAdvance(db, id, ADVANCE_CLAIM_MS))) throw editConflict();
      try {
        const fresh = feesOf((await repo.listRow(db, id)) as repo.OrderListRow);
        const refundable = cents(fresh.paid) - cents(fresh.refunded);
        if (asked > refundable)
          throw new DomainError('RefundExceedsPaid', 422, ORDER_ERRORS.RefundExceedsPaid, {
            refundable: money(refundable),
          });
        const charges = (await repo.paymentsOf(db, (await repo.byId(db, id)) as repo.OrderRow))
          .filter((p) => p.kind === 'charge' && p.subject_type === 'order-fee' && p.status === 'Succeeded')
          .reverse();
        let left = asked;
        const requestId = randomUUID();
        for (const charge of charges) {
          const part = Math.min(left, cents(charge.amount) - (await payments.refundedCents(charge.id)));
          if (part <= 0) continue;
          await payments.refund({
            chargeId: charge.id,
            amount: money(part),
            reason: input.reason,
            key: `order:${id}:refund:${requestId}:${charge.id}`,
          });
          left -= part;
          if (left === 0) break;
        }
      } finally {
        await repo.releaseAdvance(db, id);
      }
      await writeFieldLogs(db, {
        entityType: ENTITY,
        entityId: id,
        userId: caller.userId,
        changes: [{ field: 'refund', before: null, after: { amount: money(asked), reason: input.reason } }],
      });
      return detail(id);
    },

    /**
     * Moves an open order's lease from one asset to another of the same partner and category (document 2 §8
     * "replacement"): the old lease is returned and the new one starts in one transaction — the active-lease index
     * refuses an asset another order holds — then the old device is told to lock and the new one to unlock.
     */
    async replaceAsset(caller: Caller, id: string, assetNo: string, input: ReplaceAssetBody): Promise<Order> {
      const order = await visibleOrder(caller, id);
      const refuse = (code: ReplacementRefusal, status = 422) =>
        new DomainError(code, status, REPLACEMENT_REFUSALS[code]);
      const found = await assetsRepo.getByNo(db, input.newAssetNo);
      if (!found || !partnerInScope(caller.scope, found.asset.partnerId)) throw refuse('AssetNotFound', 404);
      const next = found.asset;
      if (next.usageMode === 'partner-subscription') throw refuse('SubscriptionAssetNeedsB2BOrder');
      if (next.partnerId !== order.partnerId) throw refuse('AssetPartnerMismatch');
      if (next.categoryId !== order.assetCategoryId) throw refuse('AssetCategoryMismatch');
      if (next.usageMode !== 'customer-rental' || next.lifeCycleState !== 'Ready')
        throw refuse('RetailAssetNotLeasable');
      // Out on a rental the registry knows of (as the inspection says "already rented out"), lease or not.
      if (next.turnoverState === 'RentingOut') throw refuse('AssetInUseByAnotherOrder', 409);
      const newLeaseId = randomUUID();
      let old: repo.LeaseRow & { asset_no: string; device_no: string | null };
      try {
        old = await db.transaction(async (tx) => {
          const current = await repo.byId(tx, id, { lock: true });
          const held = (await repo.leasesOf(tx, id)).find(
            (l) => l.asset_no === assetNo && l.status === 'InUse' && l.returnSubmittedAt === null,
          );
          if (current?.status !== 'Open' || !held) throw refuse('ReplacementNotApplicable', 409);
          const now = new Date();
          await tx
            .update(leases)
            .set({ status: 'Returned', returnedAt: now, updatedAt: now })
            .where(eq(leases.id, held.id));
          await tx.insert(leases).values({
            id: newLeaseId,
            orderId: id,
            assetId: next.id,
            customerId: current.customerId,
            status: 'InUse',
            startedAt: now,
          });
          await tx.update(assets).set({ turnoverState: 'InSite', updatedAt: now }).where(eq(assets.id, held.assetId));
          await tx.update(assets).set({ turnoverState: 'RentingOut', updatedAt: now }).where(eq(assets.id, next.id));
          await writeFieldLogs(tx, {
            entityType: ENTITY,
            entityId: id,
            userId: caller.userId,
            changes: [
              { field: 'assetNo', before: assetNo, after: next.no },
              // The contract takes a reason for the replacement; the field log is where it is kept.
              ...(input.reason?.trim() ? [{ field: 'replaceReason', before: null, after: input.reason.trim() }] : []),
            ],
          });
          return held;
        });
      } catch (error) {
        if (uniqueViolation(error) === 'leases_active_asset_key') throw refuse('AssetInUseByAnotherOrder', 409);
        throw error;
      }
      const send = (no: string, command: 'device.turn_on' | 'device.turn_off') =>
        control.commandForOrder({
          userId: caller.userId,
          assetNo: no,
          command,
          customerId: order.customerId,
          orderId: id,
        });
      if (old.device_no)
        await send(old.asset_no, 'device.turn_off').catch((error) =>
          deps.log.warn({ err: error }, 'lock of a replaced asset not sent'),
        );
      if (next.iotDeviceNo) {
        const record = await send(next.no, 'device.turn_on');
        await db.update(leases).set({ unlockRecordId: record.id }).where(eq(leases.id, newLeaseId));
      }
      return detail(id);
    },

    async assetRecords(caller: Caller, id: string) {
      await visibleOrder(caller, id);
      const leaseRows = await repo.leasesOf(db, id);
      const records = await control.recordsByIds(
        leaseRows.flatMap((l) => (l.unlockRecordId ? [l.unlockRecordId] : [])),
      );
      const byId = new Map(records.map((r) => [r.id, r]));
      return leaseRows.map((l) => {
        const unlock = l.unlockRecordId ? byId.get(l.unlockRecordId) : undefined;
        const started = l.status !== 'InUse' || unlock?.status === 'successful' || !l.device_no;
        return {
          id: l.id,
          assetNo: l.asset_no,
          status: l.status as 'InUse' | 'Returning' | 'Returned',
          startedAt: started ? toIso(l.startedAt) : null,
          returnSubmittedAt: toIsoOrNull(l.returnSubmittedAt),
          returnedAt: toIsoOrNull(l.returnedAt),
          unlock: unlock ? { recordId: unlock.id, status: unlock.status, failedReason: unlock.failedReason } : null,
        };
      });
    },

    async fieldLogs(caller: Caller, id: string, page: { pageNo: number; pageSize: number }) {
      await visibleOrder(caller, id);
      return fieldLogsOf(db, ENTITY, id, page);
    },

    advance,

    jobHandlers(): Record<string, JobHandler> {
      return {
        [CHECKOUT_JOB]: async (job: Job): Promise<JobOutcome> => {
          const state = await advance(String(job.payload.orderId));
          return state === 'done' ? undefined : { runAt: new Date(Date.now() + CHECKOUT_POLL_MS) };
        },
      };
    },
  };
  return service;
}

const ORDER_NO_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/**
 * `R` + the day + six random characters without I and O: short enough to read out over the phone, 1.5 billion a
 * day, so a collision (the unique index refuses it and the request is tried again) is rare.
 */
export function orderNumber(now: Date) {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const random = Array.from({ length: 6 }, () => ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)]).join('');
  return `R${day}${random}`;
}

export type OrderService = ReturnType<typeof createOrderService>;
