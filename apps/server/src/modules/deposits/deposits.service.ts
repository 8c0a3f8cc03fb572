import { randomUUID } from 'node:crypto';
import {
  type CustomerDeposit,
  DEPOSIT_MESSAGES,
  type DepositRefundApplication,
  type DepositRefundApplicationQuery,
  type DepositRefundStatus,
  type DepositTransactionQuery,
  type RefundDepositBody,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { customerPartnerCategoryRefs, toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope, partnerInScope } from '../../lib/scope.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import * as repo from './deposits.repo.ts';

const cents = (v: string | number) => Math.round(Number(v) * 100);
const refundable = (d: repo.DepositRow) => Math.max(0, d.paid_quantity - d.payable - d.waiting);

/**
 * The refund status of an approved application, read from the ledger every time (a refund the provider answers
 * later changes it): all given back → Succeeded, something still asked → Pending, some → PartialSucceeded, none → Failed.
 */
export function refundStatusOf(
  amount: number,
  refunds: readonly { status: string; amount: number }[],
): DepositRefundStatus {
  if (refunds.some((r) => r.status === 'Pending')) return 'Pending';
  const given = refunds.filter((r) => r.status === 'Succeeded').reduce((sum, r) => sum + cents(r.amount), 0);
  if (given >= cents(amount) && given > 0) return 'Succeeded';
  return given > 0 ? 'PartialSucceeded' : 'Failed';
}

function toApplication(row: repo.ApplicationRow): DepositRefundApplication {
  const refunds = row.refunds ?? [];
  return {
    id: row.id,
    ...customerPartnerCategoryRefs(row),
    quantity: row.quantity,
    amount: Number(row.amount),
    currency: row.currency,
    appliedAt: toIso(row.created_at),
    status: row.status as DepositRefundApplication['status'],
    refundStatus: row.status === 'Approved' ? refundStatusOf(Number(row.amount), refunds) : null,
    refundedAmount: refunds.filter((r) => r.status === 'Succeeded').reduce((sum, r) => sum + cents(r.amount), 0) / 100,
    reviewer: row.reviewer_id ? { id: row.reviewer_id, name: row.reviewer_name ?? '' } : null,
    reviewedAt: toIsoOrNull(row.reviewed_at),
    note: row.note,
  };
}

export function createDepositService(deps: { db: Db; payments: PaymentService }) {
  const { db, payments } = deps;

  async function visibleCustomer(caller: Caller, customerId: string) {
    const customer = await customersRepo.get(db, caller.scope, customerId);
    if (!customer) throw notFound('Customer not found');
    return customer;
  }

  async function application(caller: Caller, id: string) {
    const row = await repo.applicationById(db, id);
    if (!row || !partnerInScope(caller.scope, row.partner_id)) throw notFound('Application not found');
    return row;
  }

  /**
   * Gives back an approved application's amount from the deposit charges that still hold money, latest first; each
   * refund's key names the application and the charge, so approving twice or a crash never refunds twice.
   */
  async function executeRefund(applicationId: string, depositId: string, amount: number) {
    let left = cents(amount);
    const ids: string[] = [];
    for (const charge of await repo.refundableCharges(db, depositId)) {
      if (left <= 0) break;
      const part = Math.min(left, charge.left_cents);
      if (part <= 0) continue;
      const refund = await payments.refund({
        chargeId: charge.id,
        amount: part / 100,
        reason: 'Deposit refund',
        key: `deposit-refund:${applicationId}:${charge.id}`,
      });
      ids.push(refund.id);
      left -= part;
    }
    await repo.updateApplication(db, applicationId, { refundPaymentIds: ids });
  }

  /** Takes `quantity` deposits off the customer's row for an application, under the row's lock; the amount. */
  async function take(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    key: { customerId: string; partnerId: string; categoryId: string },
    quantity: number,
    exceptWaiting = 0,
    applicationId?: string,
  ) {
    const [deposit] = await repo.depositsOf(tx, '*', key.customerId, {
      partnerId: key.partnerId,
      categoryId: key.categoryId,
    });
    const available = deposit
      ? Math.max(0, deposit.paid_quantity - deposit.payable - (deposit.waiting - exceptWaiting))
      : 0;
    if (!deposit || available < quantity)
      throw new DomainError('NotRefundable', 422, DEPOSIT_MESSAGES.NotRefundable, {
        refundableQuantity: available,
        ...(applicationId ? { applicationId } : {}),
      });
    // Each deposit paid the same (the deposit setting when it was paid may differ: take the average, in cents).
    const amount = Math.round((cents(deposit.paid_amount) * quantity) / deposit.paid_quantity) / 100;
    await repo.takeDeposits(tx, deposit.id, quantity, amount);
    return { deposit, amount };
  }

  return {
    async customerDeposits(caller: Caller, customerId: string): Promise<CustomerDeposit[]> {
      await visibleCustomer(caller, customerId);
      const found = await repo.depositsOf(db, caller.scope, customerId);
      return found.map((d) => ({
        partner: { id: d.partner_id, name: d.partner_name },
        assetCategory: { id: d.category_id, name: d.category_name },
        payableQuantity: d.payable,
        paidQuantity: d.paid_quantity,
        paidAmount: Number(d.paid_amount),
        currency: d.currency,
        refundableQuantity: refundable(d),
      }));
    },

    async orderSummary(caller: Caller, customerId: string) {
      await visibleCustomer(caller, customerId);
      const { counts, owe } = await repo.orderSummary(db, caller.scope, customerId);
      return { ...counts, owe: owe.map((o) => ({ currency: o.currency, amount: Number(o.amount) })) };
    },

    async transactions(caller: Caller, q: DepositTransactionQuery) {
      if (q.partnerId) assertPartnerInScope(caller.scope, q.partnerId);
      const { rows, count } = await repo.transactions(db, caller.scope, q);
      return {
        data: rows.map((r) => ({
          id: r.id,
          ...customerPartnerCategoryRefs(r),
          kind: r.kind as 'charge' | 'refund',
          amount: Number(r.amount),
          currency: r.currency,
          status: r.status as 'Pending' | 'Succeeded' | 'Failed',
          failureMessage: r.failure_message,
          createdAt: toIso(r.created_at),
          settledAt: toIsoOrNull(r.settled_at),
        })),
        count,
      };
    },

    /** Staff refund deposits no asset needs: an application approved at once, then the refunds. */
    async refund(caller: Caller, customerId: string, input: RefundDepositBody): Promise<DepositRefundApplication> {
      assertPartnerInScope(caller.scope, input.partnerId);
      await visibleCustomer(caller, customerId);
      const id = randomUUID();
      const { deposit } = await db.transaction(async (tx) => {
        const taken = await take(
          tx,
          { customerId, partnerId: input.partnerId, categoryId: input.assetCategoryId },
          input.quantity,
        );
        await repo.insertApplication(tx, {
          id,
          customerId,
          partnerId: input.partnerId,
          assetCategoryId: input.assetCategoryId,
          quantity: input.quantity,
          amount: taken.amount,
          currency: taken.deposit.currency,
          status: 'Approved',
          reviewerId: caller.userId,
          reviewedAt: new Date(),
          note: input.note || null,
        });
        return taken;
      });
      const row = (await repo.applicationById(db, id)) as repo.ApplicationRow;
      await executeRefund(id, deposit.id, Number(row.amount));
      return toApplication((await repo.applicationById(db, id)) as repo.ApplicationRow);
    },

    async applications(caller: Caller, q: DepositRefundApplicationQuery) {
      if (q.partnerId) assertPartnerInScope(caller.scope, q.partnerId);
      const { rows, count } = await repo.applications(db, caller.scope, q);
      return { data: rows.map(toApplication), count };
    },

    /**
     * Approves waiting applications, all or none (one not waiting is 409, one out of scope 404, one the deposits no
     * longer cover 422 NotRefundable with its id), then refunds them.
     */
    async approve(caller: Caller, ids: readonly string[]): Promise<DepositRefundApplication[]> {
      const unique = [...new Set(ids)];
      const found = await Promise.all(unique.map((id) => application(caller, id)));
      const notWaiting = found.filter((a) => a.status !== 'Waiting').map((a) => a.id);
      if (notWaiting.length)
        throw new DomainError('ApplicationNotWaiting', 409, DEPOSIT_MESSAGES.ApplicationNotWaiting, {
          ids: notWaiting,
        });
      // All or none: one transaction approves them all under the deposit rows' locks (a refusal rolls back every
      // approval), and the refunds follow, each keyed by its application.
      const deposits = await db.transaction(async (tx) => {
        const taken: { applicationId: string; depositId: string }[] = [];
        for (const a of found) {
          const current = await repo.applicationById(tx, a.id, { lock: true });
          if (current?.status !== 'Waiting')
            throw new DomainError('ApplicationNotWaiting', 409, DEPOSIT_MESSAGES.ApplicationNotWaiting, {
              ids: [a.id],
            });
          // Its own quantity is among the waiting ones the refundable count leaves out.
          const { deposit, amount } = await take(
            tx,
            { customerId: a.customer_id, partnerId: a.partner_id, categoryId: a.category_id },
            a.quantity,
            a.quantity,
            a.id,
          );
          await repo.updateApplication(tx, a.id, {
            status: 'Approved',
            amount,
            reviewerId: caller.userId,
            reviewedAt: new Date(),
          });
          taken.push({ applicationId: a.id, depositId: deposit.id });
        }
        return taken;
      });
      const approved: repo.ApplicationRow[] = [];
      for (const { applicationId, depositId } of deposits) {
        await executeRefund(
          applicationId,
          depositId,
          Number((await repo.applicationById(db, applicationId))?.amount ?? 0),
        );
        approved.push((await repo.applicationById(db, applicationId)) as repo.ApplicationRow);
      }
      return approved.map(toApplication);
    },

    async cancel(caller: Caller, id: string, note: string): Promise<DepositRefundApplication> {
      await application(caller, id);
      await db.transaction(async (tx) => {
        const current = await repo.applicationById(tx, id, { lock: true });
        if (current?.status !== 'Waiting')
          throw new DomainError('ApplicationNotWaiting', 409, DEPOSIT_MESSAGES.ApplicationNotWaiting, { ids: [id] });
        await repo.updateApplication(tx, id, {
          status: 'Canceled',
          note,
          reviewerId: caller.userId,
          reviewedAt: new Date(),
        });
      });
      return toApplication((await application(caller, id)) as repo.ApplicationRow);
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
