import type {
  CheckoutFailureCode,
  CheckoutStepStatus,
  DepositEndOutcome,
  Order,
  OrderFees,
  OrderPayment,
  OrderSummary,
  PaymentPlanUnit,
  PriceUnit,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import type { Scope } from '../../lib/scope.ts';
import * as depositsRepo from '../deposits/deposits.repo.ts';
import { refundStateOf } from '../deposits/deposits.service.ts';
import type { IotControlService } from '../iot/control.service.ts';
import * as pricingRepo from '../pricing/pricing.repo.ts';
import * as repo from './orders.repo.ts';

/** How an order reads: the list's summary, its fee amounts, and the detail with its checkout steps. */

export const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
export const money = (cents: number) => Math.round(cents) / 100;
export const cents = (v: string | number | null) => Math.round(num(v) * 100);

/** The order's fee amounts, from the ledger and the fee rows (owe is what was refused less what was exempted). */
export function feesOf(row: repo.OrderListRow): OrderFees {
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

/** An order as the list shows it. */
export function toSummary(row: repo.OrderListRow): OrderSummary {
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

/**
 * A step's status from its ledger row (or the device record): what staff watch during the checkout. Only an aborted
 * checkout undoes its steps: a refund staff give later leaves the step Succeeded (the charge did go through).
 */
function paymentStep(status: string | undefined, aborted: boolean): CheckoutStepStatus {
  if (status === undefined) return 'waiting';
  if (status === 'Succeeded') return aborted ? 'undone' : 'succeeded';
  return status === 'Failed' ? 'failed' : 'pending';
}

type LedgerRow = Awaited<ReturnType<typeof repo.paymentsOf>>[number];

/**
 * The order's ledger as staff read it: each charge with what its succeeded refunds gave back (Partially refunded or
 * Refunded, as Stripe says), each refund naming the charge it gives back.
 */
export function toPayments(ledger: readonly LedgerRow[]): OrderPayment[] {
  const refundedCents = new Map<string, number>();
  for (const p of ledger)
    if (p.kind === 'refund' && p.parentId && p.status === 'Succeeded')
      refundedCents.set(p.parentId, (refundedCents.get(p.parentId) ?? 0) + cents(p.amount));
  return ledger.map((p) => {
    const refunded = p.kind === 'charge' ? (refundedCents.get(p.id) ?? 0) : 0;
    return {
      id: p.id,
      purpose: p.kind === 'refund' ? 'refund' : p.subject_type === 'deposit' ? 'deposit' : 'rent',
      amount: num(p.amount),
      currency: p.currency,
      status: p.status as OrderPayment['status'],
      failureMessage: p.failureMessage,
      reason: p.reason,
      createdAt: toIso(p.createdAt),
      refundOf: p.kind === 'refund' ? p.parentId : null,
      refundedAmount: money(refunded),
      refundState: refundStateOf(refunded, cents(p.amount)),
    };
  });
}

/**
 * What ending an open order does to the deposit the customer holds for its category: one deposit is freed (the
 * order's lease), unless the customer's other leases of the category and waiting applications need every paid one.
 * A partner whose deposit policy is no longer `required` keeps no deposits: it is refunded at once.
 */
export async function depositAtEnd(
  db: Db,
  scope: Scope,
  order: Pick<repo.OrderRow, 'status' | 'customerId' | 'partnerId' | 'assetCategoryId'>,
): Promise<Order['depositAtEnd']> {
  if (order.status !== 'Open') return null;
  const [deposit] = await depositsRepo.depositsOf(db, scope, order.customerId, {
    partnerId: order.partnerId,
    categoryId: order.assetCategoryId,
  });
  if (!deposit || deposit.paid_quantity <= 0) return null;
  const amount = money(cents(deposit.paid_amount) / deposit.paid_quantity);
  // The order's own lease stops needing one when it ends.
  const freed = deposit.paid_quantity - Math.max(0, deposit.payable - 1) - deposit.waiting;
  if (freed <= 0) return { amount, outcome: 'held', refundOffered: false };
  const operation = await pricingRepo.operationOf(db, scope, order.partnerId);
  const outcome: DepositEndOutcome = operation?.depositPolicy === 'required' ? 'kept' : 'refunded';
  return { amount, outcome, refundOffered: outcome === 'kept' };
}

/** An order that is missing or outside the caller's scope: the same 404 either way. */
export const orderNotFound = () => notFound('Order not found');

/** Reads an order's detail. */
export function createOrderDetail(deps: { db: Db; control: IotControlService }) {
  const { db, control } = deps;

  /** The order's detail: its summary, checkout steps, fees, ledger rows and exemptions (as the caller's scope sees it). */
  return async function detail(scope: Scope, id: string): Promise<Order> {
    const [row, order, leaseRows, fees, exemptions] = await Promise.all([
      repo.listRow(db, scope, id),
      repo.byId(db, scope, id),
      repo.leasesOf(db, scope, id),
      repo.feesOf(db, scope, id),
      repo.exemptionsOf(db, scope, id),
    ]);
    if (!row || !order) throw orderNotFound();
    const ledger = await repo.paymentsOf(db, scope, order);
    // The checkout unlocked the first lease's asset; later ones come from replacements (the asset records).
    const lease = leaseRows[0];
    // Found through the order, not the lease: an undone checkout released its lease but keeps its unlock record.
    const unlockId = lease?.unlockRecordId ?? (await repo.unlockRecordOf(db, scope, id));
    const [unlock] = unlockId ? await control.recordsByIds([unlockId]) : [];
    const deposit = ledger.find((p) => p.id === order.depositPaymentId);
    const firstFee = fees.find((f) => f.sequence === 1);
    const rent = ledger.find((p) => p.kind === 'charge' && p.id === firstFee?.paymentId);
    const aborted = order.checkoutState === 'Aborted';
    const unlockStep = (): CheckoutStepStatus => {
      if (unlock?.status === 'successful') return aborted ? 'undone' : 'succeeded';
      if (unlock) return unlock.status === 'pending' ? 'pending' : 'failed';
      // Completed without an unlock: an asset without a device, handed over at the counter.
      return order.checkoutState === 'Completed' ? 'skipped' : 'waiting';
    };
    const depositStatus = order.depositAmount === null ? ('skipped' as const) : paymentStep(deposit?.status, aborted);
    const userName = order.createdBy ? ((await repo.userName(db, order.createdBy)) ?? '') : null;
    return {
      ...toSummary(row),
      note: order.note,
      discount:
        order.discountId && order.discountPercent !== null
          ? {
              id: order.discountId,
              name: (await pricingRepo.discountById(db, scope, order.discountId))?.name ?? '',
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
            status: firstFee ? paymentStep(rent?.status, aborted) : 'skipped',
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
      payments: toPayments(ledger),
      exemptions: exemptions.map((x) => ({
        id: x.id,
        amount: num(x.amount),
        reason: x.reason,
        user: x.user_id ? { id: x.user_id, name: x.user_name ?? '' } : null,
        createdAt: toIso(x.created_at),
      })),
      endReason: order.endReason,
      createdBy: order.createdBy ? { id: order.createdBy, name: userName ?? '' } : null,
      depositAtEnd: await depositAtEnd(db, scope, order),
    };
  };
}
