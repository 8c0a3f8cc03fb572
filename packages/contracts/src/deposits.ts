import { z } from 'zod';
import { dataOf, id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { partnerRef } from './partners.ts';
import { requires } from './permissions.ts';
import { paymentRefundStates } from './renting.ts';

/**
 * Deposits (document 2 §3 "Deposit, refund, transaction"): a customer pays one deposit per asset of a partner's
 * category they hold; what is not needed by an asset held can be refunded, on the customer's application approved
 * by staff, or directly by staff ("refund by partner and category").
 */

/** Document 2 §4. */
export const depositRefundApplicationStatuses = ['Waiting', 'Approved', 'Canceled'] as const;
export type DepositRefundApplicationStatus = (typeof depositRefundApplicationStatuses)[number];
export const depositRefundStatuses = ['Pending', 'Succeeded', 'PartialSucceeded', 'Failed'] as const;
export type DepositRefundStatus = (typeof depositRefundStatuses)[number];

const categoryRef = z.object({ id, name: z.string() });
const personRef = z.object({ id, name: z.string() });

export const customerDeposit = z.object({
  partner: partnerRef,
  assetCategory: categoryRef,
  /** Deposits the customer must hold: one per asset of the category held now (leases in use or returning). */
  payableQuantity: z.number().int(),
  paidQuantity: z.number().int(),
  paidAmount: z.number(),
  currency: z.string(),
  /** Paid and not needed, less what waiting applications already ask for. */
  refundableQuantity: z.number().int(),
});
export type CustomerDeposit = z.infer<typeof customerDeposit>;

/** What staff see of a customer's renting at a glance on the customer detail. */
export const customerOrderSummary = z.object({
  open: z.number().int(),
  closed: z.number().int(),
  canceled: z.number().int(),
  /** What the customer owes over all their orders, per currency. */
  owe: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
export type CustomerOrderSummary = z.infer<typeof customerOrderSummary>;

export const depositTransaction = z.object({
  id,
  customer: z.object({ id, name: z.string(), phoneNo: z.string() }),
  partner: partnerRef,
  assetCategory: categoryRef,
  /** A deposit paid (charge) or given back (refund). */
  kind: z.enum(['charge', 'refund']),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['Pending', 'Succeeded', 'Failed']),
  failureMessage: z.string().nullable(),
  createdAt: isoDateTime,
  settledAt: isoDateTime.nullable(),
  /** A refund: the deposit payment it gives back. */
  refundOf: id.nullable(),
  /** A deposit payment some or all of which was given back (Stripe's words); null otherwise. */
  refundState: z.enum(paymentRefundStates).nullable(),
});
export type DepositTransaction = z.infer<typeof depositTransaction>;

export const depositTransactionQuery = pageQuery.extend({
  customerId: id.optional(),
  partnerId: id.optional(),
  assetCategoryId: id.optional(),
  status: z.enum(['Pending', 'Succeeded', 'Failed']).optional(),
});
export type DepositTransactionQuery = z.infer<typeof depositTransactionQuery>;

export const depositRefundApplication = z.object({
  id,
  customer: z.object({ id, name: z.string(), phoneNo: z.string() }),
  partner: partnerRef,
  assetCategory: categoryRef,
  quantity: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  appliedAt: isoDateTime,
  status: z.enum(depositRefundApplicationStatuses),
  refundStatus: z.enum(depositRefundStatuses).nullable(),
  /** What the provider gave back so far. */
  refundedAmount: z.number(),
  reviewer: personRef.nullable(),
  reviewedAt: isoDateTime.nullable(),
  note: z.string().nullable(),
});
export type DepositRefundApplication = z.infer<typeof depositRefundApplication>;

export const depositRefundApplicationQuery = pageQuery.extend({
  status: z.enum(depositRefundApplicationStatuses).optional(),
  refundStatus: z.enum(depositRefundStatuses).optional(),
  partnerId: id.optional(),
  customerId: id.optional(),
  appliedFrom: isoDateTime.optional(),
  appliedTo: isoDateTime.optional(),
});
export type DepositRefundApplicationQuery = z.infer<typeof depositRefundApplicationQuery>;

export const refundDepositBody = z.strictObject({
  partnerId: id,
  assetCategoryId: id,
  quantity: z.number().int().min(1, { message: 'Refund at least one deposit' }).max(100),
  note: z.string().trim().max(500).optional(),
});
export type RefundDepositBody = z.infer<typeof refundDepositBody>;

export const approveRefundRequestsBody = z.strictObject({
  ids: z.array(id).min(1, { message: 'Please select at least one item' }).max(100),
});
export const cancelRefundRequestBody = z.strictObject({ note: z.string().trim().min(1).max(500) });

export const DEPOSIT_MESSAGES = {
  NotRefundable: 'The customer does not hold that many deposits that no asset needs',
  ApplicationNotWaiting: 'Only a waiting application can be approved or canceled',
} as const;

const customerParams = z.strictObject({ customerId: id });

export const depositEndpoints = {
  customerDeposits: endpoint({
    method: 'GET',
    path: '/renting/customers/:customerId/deposits',
    summary: "A customer's deposits per partner and asset category: payable, paid, refundable",
    tag: 'deposits',
    requires: requires('customer.read_detail'),
    params: customerParams,
    response: z.object({ data: z.array(customerDeposit) }),
  }),
  customerOrderSummary: endpoint({
    method: 'GET',
    path: '/renting/customers/:customerId/orderSummary',
    summary: "A customer's orders by status and what they owe",
    tag: 'deposits',
    requires: [['customer.read', 'order.read']],
    params: customerParams,
    response: dataOf(customerOrderSummary),
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/renting/deposits/$all/transactions',
    summary: 'Deposit payments and refunds, newest first (page 1, size 10 unless asked)',
    tag: 'deposits',
    requires: requires('customer.read_detail'),
    query: depositTransactionQuery,
    response: listOf(depositTransaction),
  }),
  refund: endpoint({
    method: 'POST',
    path: '/renting/customers/:customerId/deposits/$refund',
    summary: 'Refunds deposits of a partner and category that no asset needs (an application approved at once)',
    tag: 'deposits',
    requires: requires('customer.refund_deposit'),
    params: customerParams,
    body: refundDepositBody,
    response: dataOf(depositRefundApplication),
  }),
  applications: endpoint({
    method: 'GET',
    path: '/renting/deposits/refundRequests',
    summary: 'Deposit refund applications, waiting first, newest first',
    tag: 'deposits',
    requires: requires('deposit_refund_application.read'),
    query: depositRefundApplicationQuery,
    response: listOf(depositRefundApplication),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/renting/deposits/refundRequests/$approve',
    summary: 'Approves waiting applications and refunds them; each answers its refund status',
    tag: 'deposits',
    requires: [['deposit_refund_application.read', 'deposit_refund_application.confirm']],
    body: approveRefundRequestsBody,
    response: z.object({ data: z.array(depositRefundApplication) }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/renting/deposits/refundRequests/:id/$cancel',
    summary: 'Cancels a waiting application, with the reason told to the customer',
    tag: 'deposits',
    requires: [['deposit_refund_application.read', 'deposit_refund_application.confirm']],
    params: idParams,
    body: cancelRefundRequestBody,
    response: dataOf(depositRefundApplication),
  }),
};
