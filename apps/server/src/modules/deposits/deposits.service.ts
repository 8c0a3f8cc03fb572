import { randomUUID } from 'node:crypto';
import {
  type CustomerDeposit,
  DEPOSIT_MESSAGES,
  type DepositRefundApplication,
  type DepositRefundApplicationQuery,
  type DepositRefundStatus,
  type DepositTransactionQuery,
  type PaymentRefundState,
  type RefundDepositBody,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { customerPartnerCategoryRefs, toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { notifyByPermission } from '../notifications/notify.ts';
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

/** What the succeeded refunds made of a charge, in cents: partly or wholly given back, or nothing. */
export function refundStateOf(refundedCents: number, amountCents: number): PaymentRefundState | null {
  if (refundedCents <= 0) return null;
  return refundedCents >= amountCents ? 'Refunded' : 'PartiallyRefunded';
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

/**
 * Writes a refund application; a Waiting one (a customer asking) tells the staff who confirm refunds for its partner,
 * in the same transaction. Staff refunding directly write theirs already Approved: nobody needs telling.
 */
export async function recordRefundApplication(
  tx: DbOrTx,
  values: Parameters<typeof repo.insertApplication>[1],
): Promise<void> {
  await repo.insertApplication(tx, values);
  if ((values.status ?? 'Waiting') !== 'Waiting') return;
  await notifyByPermission(
    tx,
    { permission: 'deposit_refund_application.confirm', partnerId: values.partnerId },
    {
      kind: 'depositRefundWaiting',
      title: 'A deposit refund application is waiting for review',
      body: `${values.quantity} deposit(s), ${values.amount} ${values.currency}.`,
      link: '/customer/deposit-refund-application?status=Waiting',
      params: { quantity: values.quantity, amount: Number(values.amount), currency: values.currency },
    },
  );
}

export function createDepositService(deps: { db: Db; payments: PaymentService }) {
  const { db, payments } = deps;

  /** 404 unless the customer is a member of a partner in scope (exactly as for a missing one). */
  async function assertCustomerVisible(caller: Caller, customerId: string) {
    if (!(await customersRepo.inScopeIds(db, caller.scope, [customerId])).length) throw notFound('Customer not found');
  }

  /** An application of a partner in scope, or 404 as for a missing one. */
  async function application(tx: DbOrTx, caller: Caller, id: string, opts: { lock?: boolean } = {}) {
    const row = await repo.applicationById(tx, caller.scope, id, opts);
    if (!row) throw notFound('Application not found');
    return row;
  }

  /**
   * Gives back an approved application's amount from the deposit charges that still hold money, latest first; each
   * refund's key names the application and the charge, so approving twice or a crash never refunds twice.
   */
  async function executeRefund(scope: Scope, applicationId: string, depositId: string, amount: number) {
    let left = cents(amount);
    const ids: string[] = [];
    for (const charge of await repo.refundableCharges(db, scope, depositId)) {
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
    await repo.updateApplication(db, scope, applicationId, { refundPaymentIds: ids });
  }

  /** Takes `quantity` deposits off the customer's row for an application, under the row's lock; the amount. */
  async function take(
    tx: DbOrTx,
    scope: Scope,
    key: { customerId: string; partnerId: string; categoryId: string },
    quantity: number,
    exceptWaiting = 0,
    applicationId?: string,
  ) {
    const [deposit] = await repo.depositsOf(tx, scope, key.customerId, {
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
    await repo.takeDeposits(tx, scope, deposit.id, quantity, amount);
    return { deposit, amount };
  }

  return {
    /** A customer's deposits with partners in scope, with what can be refunded of each. */
    async customerDeposits(caller: Caller, customerId: string): Promise<CustomerDeposit[]> {
      await assertCustomerVisible(caller, customerId);
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

    /** Counts and what is owed of a customer's orders with partners in scope. */
    async orderSummary(caller: Caller, customerId: string) {
      await assertCustomerVisible(caller, customerId);
      const { counts, owe } = await repo.orderSummary(db, caller.scope, customerId);
      return { ...counts, owe: owe.map((o) => ({ currency: o.currency, amount: Number(o.amount) })) };
    },

    /** Deposit charges and refunds of partners in scope. */
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
          refundOf: r.kind === 'refund' ? r.refund_of : null,
          refundState: refundStateOf(r.kind === 'charge' ? cents(r.refunded) : 0, cents(r.amount)),
        })),
        count,
      };
    },

    /** Staff refund deposits no asset needs: an application approved at once, then the refunds. */
    async refund(caller: Caller, customerId: string, input: RefundDepositBody): Promise<DepositRefundApplication> {
      assertPartnerInScope(caller.scope, input.partnerId);
      await assertCustomerVisible(caller, customerId);
      const id = randomUUID();
      const { deposit, amount } = await db.transaction(async (tx) => {
        const taken = await take(
          tx,
          caller.scope,
          { customerId, partnerId: input.partnerId, categoryId: input.assetCategoryId },
          input.quantity,
        );
        await recordRefundApplication(tx, {
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
      await executeRefund(caller.scope, id, deposit.id, amount);
      return toApplication(await application(db, caller, id));
    },

    /** Refund applications of partners in scope, waiting ones first. */
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
      // Locked in one order, so two approvals of overlapping lists wait for each other instead of deadlocking.
      const unique = [...new Set(ids)].sort();
      // All or none: one transaction approves them all under the deposit rows' locks (a refusal rolls back every
      // approval), and the refunds follow, each keyed by its application.
      const taken = await db.transaction(async (tx) => {
        const found: repo.ApplicationRow[] = [];
        for (const id of unique) found.push(await application(tx, caller, id, { lock: true }));
        const notWaiting = found.filter((a) => a.status !== 'Waiting').map((a) => a.id);
        if (notWaiting.length)
          throw new DomainError('ApplicationNotWaiting', 409, DEPOSIT_MESSAGES.ApplicationNotWaiting, {
            ids: notWaiting,
          });
        const approvals: { applicationId: string; depositId: string; amount: number }[] = [];
        for (const a of found) {
          // Its own quantity is among the waiting ones the refundable count leaves out.
          const { deposit, amount } = await take(
            tx,
            caller.scope,
            { customerId: a.customer_id, partnerId: a.partner_id, categoryId: a.category_id },
            a.quantity,
            a.quantity,
            a.id,
          );
          await repo.updateApplication(tx, caller.scope, a.id, {
            status: 'Approved',
            amount,
            reviewerId: caller.userId,
            reviewedAt: new Date(),
          });
          approvals.push({ applicationId: a.id, depositId: deposit.id, amount });
        }
        return approvals;
      });
      const approved: DepositRefundApplication[] = [];
      for (const { applicationId, depositId, amount } of taken) {
        await executeRefund(caller.scope, applicationId, depositId, amount);
        approved.push(toApplication(await application(db, caller, applicationId)));
      }
      return approved;
    },

    /** Cancels a waiting application of a partner in scope, with the reviewer's note. */
    async cancel(caller: Caller, id: string, note: string): Promise<DepositRefundApplication> {
      await db.transaction(async (tx) => {
        const current = await application(tx, caller, id, { lock: true });
        if (current.status !== 'Waiting')
          throw new DomainError('ApplicationNotWaiting', 409, DEPOSIT_MESSAGES.ApplicationNotWaiting, { ids: [id] });
        await repo.updateApplication(tx, caller.scope, id, {
          status: 'Canceled',
          note,
          reviewerId: caller.userId,
          reviewedAt: new Date(),
        });
      });
      return toApplication(await application(db, caller, id));
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
