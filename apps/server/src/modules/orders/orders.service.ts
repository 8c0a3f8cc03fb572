import { randomInt, randomUUID } from 'node:crypto';
import {
  CHECKOUT_REFUSALS,
  type CreateOrderBody,
  INSPECTION_MESSAGES,
  type LeaseStatus,
  ORDER_ERRORS,
  ORDER_EXPORT_MAX,
  type Order,
  type OrderListQuery,
  REPLACEMENT_REFUSALS,
  type RefundOrExemptBody,
  type ReplaceAssetBody,
  type ReplacementRefusal,
} from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { DomainError, editConflict, exportTooLarge } from '../../errors.ts';
import { enqueueJobs } from '../../jobs/queue.ts';
import type { Caller } from '../../lib/caller.ts';
import { toCsv } from '../../lib/csv.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { setLeasedTurnover } from '../assets/asset-leasing.ts';
import * as assetsRepo from '../assets/assets.repo.ts';
import { fieldLogsOf, writeFieldLogs } from '../audit/audit.repo.ts';
import { addPeriod, nextFee } from '../billing/periods.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { createDepositService } from '../deposits/deposits.service.ts';
import type { IotControlService } from '../iot/control.service.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import * as pricingRepo from '../pricing/pricing.repo.ts';
import * as rentingRepo from '../renting/renting.repo.ts';
import type { RentingService } from '../renting/renting.service.ts';
import { claimIntent } from '../renting-intents/renting-intents.service.ts';
import {
  ADVANCE_CLAIM_MS,
  CHECKOUT_JOB,
  CHECKOUT_POLL_MS,
  checkoutKey,
  createCheckout,
  logOrderStatus,
} from './checkout.ts';
import { createOrderReturns } from './order-returns.ts';
import { cents, createOrderDetail, feesOf, money, orderNotFound, toSummary } from './order-view.ts';
import * as repo from './orders.repo.ts';

const ENTITY = 'order';

/**
 * Orders (issue 6): the list and its export, the detail, a new order and its checkout (`checkout.ts`), the end and
 * the returns (`order-returns.ts`), refunds and exemptions, and replacing the leased asset.
 */
export function createOrderService(deps: {
  db: Db;
  renting: RentingService;
  payments: PaymentService;
  control: IotControlService;
  log: FastifyBaseLogger;
}) {
  const { db, payments, control } = deps;
  const checkout = createCheckout(deps);
  const detail = createOrderDetail(deps);
  const returns = createOrderReturns({ ...deps, deposits: createDepositService(deps), detail });

  /** The order in the caller's scope; 404 when it is missing or outside it. */
  async function orderInScope(caller: Caller, id: string) {
    const order = await repo.byId(db, caller.scope, id);
    if (!order) throw orderNotFound();
    return order;
  }

  return {
    /** A page of the orders in the caller's scope matching the filters. */
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

    /** One order in the caller's scope, in detail. */
    get: (caller: Caller, id: string) => detail(caller.scope, id),

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
      const rentSiteId =
        input.rentSiteId ?? (await assetsRepo.getByNo(db, caller.scope, input.assetNo))?.asset.siteId ?? null;
      const program = await pricingRepo.programOf(db, caller.scope, partnerId, categoryId);
      const [pricing] = (await pricingRepo.pricingOf(db, caller.scope, program ? [program.id] : [])).parts;
      // The first period is billed like every later one, the partner's maximum payment per order included.
      const firstFee = nextFee({
        unit_price: String(plan.unitPrice),
        price_unit: offer.priceUnit,
        plan_frequency: plan.frequency,
        plan_unit: plan.unit,
        billed: '0',
        max_amount: await repo.maxPaymentAmount(db, caller.scope, partnerId),
      });
      const existingDeposit = await repo.depositHeld(db, caller.scope, {
        customerId: input.customerId,
        partnerId,
        assetCategoryId: categoryId,
      });
      // One deposit per asset held: a customer renting a second asset of the category pays a second one.
      const depositDue = offer.deposit.required && offer.deposit.amount > 0 && existingDeposit < offer.activeLeases + 1;

      const orderId = randomUUID();
      const now = new Date();
      try {
        await db.transaction(async (tx) => {
          await customersRepo.get(tx, '*', input.customerId, { lock: true });
          const held = await rentingRepo.activeLeaseCount(tx, caller.scope, {
            customerId: input.customerId,
            partnerId,
            categoryId,
          });
          if (held >= offer.rentalLimit)
            throw new DomainError('RentalLimitReached', 422, INSPECTION_MESSAGES.RentalLimitReached);
          await repo.insertOrder(tx, caller.scope, {
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
          await repo.insertLease(tx, caller.scope, {
            id: randomUUID(),
            orderId,
            assetId: inspection.asset.id,
            customerId: input.customerId,
            status: 'InUse',
          });
          if (firstFee.amount > 0) {
            await repo.insertFee(tx, caller.scope, {
              id: randomUUID(),
              orderId,
              sequence: 1,
              periodStart: now,
              periodEnd: addPeriod(now, plan.frequency, plan.unit),
              amount: firstFee.amount,
            });
          }
          if (input.intentId)
            await claimIntent(tx, caller.scope, input.intentId, {
              id: orderId,
              customerId: input.customerId,
              partnerId,
              assetCategoryId: categoryId,
            });
          await logOrderStatus(tx, orderId, caller.userId, '', 'New');
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
      await checkout.advance(orderId);
      return detail(caller.scope, orderId);
    },

    end: returns.end,
    returnLease: returns.returnLease,
    confirmReturn: returns.confirmReturn,

    /**
     * A refund gives back part of what was paid (spread over the period charges, latest first; the ledger's row
     * lock bounds each); an exemption forgives part of what is owed. Neither can exceed its amount.
     */
    async refundOrExempt(caller: Caller, id: string, input: RefundOrExemptBody): Promise<Order> {
      const order = await orderInScope(caller, id);
      // A checkout still running, or undone, settles its own charges: staff step in once it completed.
      if (order.checkoutState !== 'Completed')
        throw new DomainError('CheckoutNotCompleted', 409, ORDER_ERRORS.CheckoutNotCompleted, {
          checkout: order.checkoutState,
        });
      const asked = cents(input.amount);
      if (input.type === 'exempt') {
        await db.transaction(async (tx) => {
          await repo.byId(tx, caller.scope, id, { lock: true });
          const fresh = feesOf((await repo.listRow(tx, caller.scope, id)) as repo.OrderListRow);
          if (asked > cents(fresh.owe))
            throw new DomainError('ExemptExceedsOwed', 422, ORDER_ERRORS.ExemptExceedsOwed, { owe: fresh.owe });
          await repo.insertExemption(tx, caller.scope, {
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
        return detail(caller.scope, id);
      }
      // One refund of an order at a time: it may span several charges, so the ledger's per-charge lock is not enough.
      if (!(await repo.claimAdvance(db, caller.scope, id, ADVANCE_CLAIM_MS))) throw editConflict();
      try {
        const fresh = feesOf((await repo.listRow(db, caller.scope, id)) as repo.OrderListRow);
        const refundable = cents(fresh.paid) - cents(fresh.refunded);
        if (asked > refundable)
          throw new DomainError('RefundExceedsPaid', 422, ORDER_ERRORS.RefundExceedsPaid, {
            refundable: money(refundable),
          });
        const charges = (await repo.paymentsOf(db, caller.scope, order))
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
        await repo.releaseAdvance(db, caller.scope, id);
      }
      await writeFieldLogs(db, {
        entityType: ENTITY,
        entityId: id,
        userId: caller.userId,
        changes: [{ field: 'refund', before: null, after: { amount: money(asked), reason: input.reason } }],
      });
      return detail(caller.scope, id);
    },

    /**
     * Moves an open order's lease from one asset to another of the same partner and category (document 2 §8
     * "replacement"): the old lease is returned and the new one starts in one transaction — the active-lease index
     * refuses an asset another order holds — then the old device is told to lock and the new one to unlock.
     */
    async replaceAsset(caller: Caller, id: string, assetNo: string, input: ReplaceAssetBody): Promise<Order> {
      const order = await orderInScope(caller, id);
      const refuse = (code: ReplacementRefusal, status = 422) =>
        new DomainError(code, status, REPLACEMENT_REFUSALS[code]);
      const found = await assetsRepo.getByNo(db, caller.scope, input.newAssetNo);
      if (!found) throw refuse('AssetNotFound', 404);
      const next = found.asset;
      if (next.usageMode === 'partner-subscription') throw refuse('SubscriptionAssetNeedsB2BOrder');
      if (next.partnerId !== order.partnerId) throw refuse('AssetPartnerMismatch');
      if (next.categoryId !== order.assetCategoryId) throw refuse('AssetCategoryMismatch');
      if (next.usageMode !== 'customer-rental' || next.lifeCycleState !== 'Ready')
        throw refuse('RetailAssetNotLeasable');
      // Out on a rental the registry knows of (as the inspection says "already rented out"), lease or not.
      if (next.turnoverState === 'RentingOut') throw refuse('AssetInUseByAnotherOrder', 409);
      const newLeaseId = randomUUID();
      let old: repo.LeaseWithAsset;
      try {
        old = await db.transaction(async (tx) => {
          const current = await repo.byId(tx, caller.scope, id, { lock: true });
          const held = (await repo.leasesOf(tx, caller.scope, id)).find(
            (l) => l.asset_no === assetNo && l.status === 'InUse' && l.returnSubmittedAt === null,
          );
          if (current?.status !== 'Open' || !held) throw refuse('ReplacementNotApplicable', 409);
          const now = new Date();
          await repo.updateLease(tx, caller.scope, id, held.id, {
            status: 'Returned',
            returnedAt: now,
            updatedAt: now,
          });
          await repo.insertLease(tx, caller.scope, {
            id: newLeaseId,
            orderId: id,
            assetId: next.id,
            customerId: current.customerId,
            status: 'InUse',
            startedAt: now,
          });
          await setLeasedTurnover(tx, caller.scope, caller.userId, held.assetId, 'InSite', now);
          await setLeasedTurnover(tx, caller.scope, caller.userId, next.id, 'RentingOut', now);
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
        await repo.updateLease(db, caller.scope, id, newLeaseId, { unlockRecordId: record.id });
      }
      return detail(caller.scope, id);
    },

    /** The assets the order leased (replacements included), with each unlock's record. */
    async assetRecords(caller: Caller, id: string) {
      await orderInScope(caller, id);
      const leaseRows = await repo.leasesOf(db, caller.scope, id);
      const records = await control.recordsByIds(
        leaseRows.flatMap((l) => (l.unlockRecordId ? [l.unlockRecordId] : [])),
      );
      const byId = new Map(records.map((r) => [r.id, r]));
      return leaseRows.map((l) => {
        const unlock = l.unlockRecordId ? byId.get(l.unlockRecordId) : undefined;
        // A canceled lease never started: its checkout was undone.
        const started =
          l.status !== 'Canceled' && (l.status !== 'InUse' || unlock?.status === 'successful' || !l.device_no);
        return {
          id: l.id,
          assetNo: l.asset_no,
          status: l.status as LeaseStatus,
          startedAt: started ? toIso(l.startedAt) : null,
          returnSubmittedAt: toIsoOrNull(l.returnSubmittedAt),
          returnedAt: toIsoOrNull(l.returnedAt),
          unlock: unlock ? { recordId: unlock.id, status: unlock.status, failedReason: unlock.failedReason } : null,
        };
      });
    },

    /** The order's field log, newest first. */
    async fieldLogs(caller: Caller, id: string, page: { pageNo: number; pageSize: number }) {
      await orderInScope(caller, id);
      return fieldLogsOf(db, ENTITY, id, page);
    },

    advance: checkout.advance,
    jobHandlers: checkout.jobHandlers,
  };
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
