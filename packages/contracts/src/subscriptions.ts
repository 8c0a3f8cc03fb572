import { z } from 'zod';
import { assetLifeCycleState, assetNo } from './assets.ts';
import {
  dataOf,
  emptyResponse,
  enumListQuery,
  id,
  idListQuery,
  idParams,
  isoDateTime,
  listOf,
  optionalText,
  pageQuery,
  sortQuery,
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { partnerRef } from './partners.ts';
import { requires } from './permissions.ts';
import { money } from './pricing.ts';

/**
 * B2B subscription (document 1 §2.3/§2.5, document 2 §3 "B2B subscription", §4, §5; docs/decisions.md
 * "Subscriptions"). A partner company subscribes to a quota of assets on a package's plan: each period has a basic
 * trade at its start and a usage trade after its close, charged through the payments ledger to the partner's
 * payment method.
 */

/** Document 2 §3 "duration unit (Days, Months, Weeks, Hours, Minutes)". */
export const planDurationUnits = ['minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type PlanDurationUnit = (typeof planDurationUnits)[number];
export const planDurationUnit = z.enum(planDurationUnits, { message: 'Duration unit must be selected' });

export const PACKAGE_NAME_MAX = 100;
export const PACKAGE_DESCRIPTION_MAX = 1000;
export const PACKAGE_PLANS_MAX = 20;
export const PLAN_NAME_MAX = 100;
/** One order reaches at most this many assets (its quota). */
export const SUBSCRIPTION_QUOTA_MAX = 1000;
export const PLAN_DURATION_MAX = 1000;
/** Deductible usage per period, in ride hours. */
export const PLAN_DEDUCTIBLE_MAX = 100_000;

export const SUBSCRIPTION_MESSAGES = {
  untilAfterSince: 'Until must be later than Since',
  cannotBeFirstPlan: 'This plan cannot be the first plan of a subscription',
  planNotValid: 'This plan is not valid at the start of the subscription',
  planNotInPackage: 'The plan is not one of the package plans',
  quotaBelowAssets: 'The asset quota cannot be below the assets already listed',
  assetsAboveQuota: 'More assets than the asset quota',
  siteRequired: 'Site is required',
  terminateRequired: 'Terminate time is required when the subscription ends at term',
  terminateAfterStart: 'Terminate time must be later than the start',
  startInFuture: 'Time must be later than now',
  fixedPatternMonths: 'A fixed billing cycle needs a plan counted in months',
  fixedPatternRequired: 'Day of month is required for a fixed billing cycle',
  paymentMethodFormat: 'Payment method must be a provider payment method id (pm_…)',
  packageNameTaken: 'A package with this name already exists for this partner',
  planNameRepeated: 'Two plans of a package cannot have the same name',
  planInUse: 'A plan that a subscription order uses cannot be removed',
  packageInUse: 'A package that a subscription order uses cannot be deleted',
  categoryDisabled: 'The asset category is disabled',
  categoryLocked: 'The category of a package that a subscription order uses cannot change',
  partnerLocked: 'The partner of a package cannot change',
  noFirstPlan: 'At least one plan must be allowed as the first plan',
} as const;

const planFields = {
  name: trimmedText(PLAN_NAME_MAX),
  /** Charged at the start of each period. */
  basicFee: money,
  /** Per ride hour beyond the deductible (docs/decisions.md "Subscriptions": ride hours, not km). */
  usageFee: money,
  /** The most one period's usage trade can be. */
  usageFeeUpperLimit: money,
  /** How many assets the plan offers at the start: the new order's default quota. */
  initialAvailability: z
    .number({ message: 'Amount must be a number' })
    .int({ message: 'Must be a whole number' })
    .min(1, { message: 'Must be at least 1' })
    .max(SUBSCRIPTION_QUOTA_MAX, { message: `Must be at most ${SUBSCRIPTION_QUOTA_MAX}` }),
  /** Ride hours free of usage fee in each period. */
  deductible: z
    .number({ message: 'Amount must be a number' })
    .min(0, { message: 'Amount must be 0 or more' })
    .max(PLAN_DEDUCTIBLE_MAX, { message: `Amount must be at most ${PLAN_DEDUCTIBLE_MAX}` }),
  durationUnit: planDurationUnit,
  durationQuantity: z
    .number({ message: 'Amount must be a number' })
    .int({ message: 'Must be a whole number' })
    .min(1, { message: 'Must be at least 1' })
    .max(PLAN_DURATION_MAX, { message: `Must be at most ${PLAN_DURATION_MAX}` }),
  validSince: isoDateTime,
  validUntil: isoDateTime,
  /** A plan a subscription can change to but not start with. */
  cannotBeFirstPlan: z.boolean(),
};

export const packagePlanInput = z
  .strictObject({ id: id.optional(), ...planFields })
  .refine((p) => Date.parse(p.validUntil) > Date.parse(p.validSince), {
    message: SUBSCRIPTION_MESSAGES.untilAfterSince,
    path: ['validUntil'],
  });
export type PackagePlanInput = z.infer<typeof packagePlanInput>;

export const subscriptionPackageInput = z
  .strictObject({
    name: trimmedText(PACKAGE_NAME_MAX),
    description: optionalText(PACKAGE_DESCRIPTION_MAX),
    partnerId: id,
    categoryId: id,
    plans: z
      .array(packagePlanInput)
      .min(1, { message: 'Add at least one plan' })
      .max(PACKAGE_PLANS_MAX, { message: `A package has at most ${PACKAGE_PLANS_MAX} plans` }),
  })
  .superRefine((p, ctx) => {
    // An order picks its plan by name in the console: two plans named alike could not be told apart.
    const seen = new Set<string>();
    for (const [index, plan] of p.plans.entries()) {
      const key = plan.name.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          message: SUBSCRIPTION_MESSAGES.planNameRepeated,
          path: ['plans', index, 'name'],
        });
      seen.add(key);
    }
    if (p.plans.length > 0 && p.plans.every((plan) => plan.cannotBeFirstPlan))
      ctx.addIssue({ code: 'custom', message: SUBSCRIPTION_MESSAGES.noFirstPlan, path: ['plans'] });
  });
export type SubscriptionPackageInput = z.infer<typeof subscriptionPackageInput>;

export const packagePlan = z.object({
  id,
  ...planFields,
  name: z.string(),
  /** How many orders are on this plan or changing to it; a plan in use cannot be removed. */
  orderCount: z.number().int(),
});
export type PackagePlan = z.infer<typeof packagePlan>;

export const subscriptionPackage = z.object({
  id,
  name: z.string(),
  description: z.string(),
  partner: partnerRef,
  category: z.object({ id, name: z.string() }),
  plans: z.array(packagePlan),
  orderCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SubscriptionPackage = z.infer<typeof subscriptionPackage>;

export const subscriptionPackageSortKeys = ['createdAt', 'updatedAt', 'name'] as const;
export const subscriptionPackageQuery = z.strictObject({
  ...pageQuery.shape,
  sort: sortQuery(subscriptionPackageSortKeys),
  partnerIdIn: idListQuery,
  categoryIdIn: idListQuery,
  name: z.string().max(100).optional(),
});
export type SubscriptionPackageQuery = z.infer<typeof subscriptionPackageQuery>;

// ---------------------------------------------------------------------------------------------------- orders

export const renewStrategies = ['auto-renew', 'end-at-term'] as const;
export type RenewStrategy = (typeof renewStrategies)[number];
/** rolling: periods follow each other from the start; fixed: they begin on a day of the month (the pattern). */
export const usagePeriodModes = ['rolling', 'fixed'] as const;
export type UsagePeriodMode = (typeof usagePeriodModes)[number];
export const subscriptionOrderStatuses = ['subscribed', 'unsubscribing', 'finished'] as const;
export type SubscriptionOrderStatus = (typeof subscriptionOrderStatuses)[number];
/** Document 2 §4 "B2B: tabs Subscribed and Finished". */
export const subscriptionOrderTabs = ['subscribed', 'finished'] as const;
export type SubscriptionOrderTab = (typeof subscriptionOrderTabs)[number];
export const tabStatuses: Record<SubscriptionOrderTab, readonly SubscriptionOrderStatus[]> = {
  subscribed: ['subscribed', 'unsubscribing'],
  finished: ['finished'],
};

/** Document 2 §3 "Fee types: basic, usage". */
/** basic and usage per period; service: the fee of a B2B service ticket (one trade per ticket). */
export const subscriptionFeeTypes = ['basic', 'usage', 'service'] as const;
export type SubscriptionFeeType = (typeof subscriptionFeeTypes)[number];
/** Document 2 §4 "Subscription trade and payment states". */
export const subscriptionTradeStates = [
  'Pending',
  'Claimable',
  'Processing',
  'Succeeded',
  'Failed',
  'Canceled',
] as const;
export type SubscriptionTradeState = (typeof subscriptionTradeStates)[number];

export const billingPaymentTypes = ['credit-card', 'direct-debit'] as const;
export type BillingPaymentType = (typeof billingPaymentTypes)[number];
/** How the partner pays the operator: a payment method at the provider (Stripe's pm_… ids; test ones locally). */
export const billingPayment = z.strictObject({
  type: z.enum(billingPaymentTypes, { message: 'Payment type must be selected' }),
  paymentMethod: z.string().regex(/^pm_[A-Za-z0-9_]{3,200}$/, { message: SUBSCRIPTION_MESSAGES.paymentMethodFormat }),
});
export type BillingPayment = z.infer<typeof billingPayment>;

/** The billing cycle's fixed pattern: periods begin on this day of the month, on the partner's clock. */
export const billingCycleFixedPattern = z.strictObject({
  dayOfMonth: z
    .number({ message: 'Amount must be a number' })
    .int({ message: 'Must be a whole number' })
    .min(1, { message: 'Must be between 1 and 28' })
    .max(28, { message: 'Must be between 1 and 28' }),
});
export type BillingCycleFixedPattern = z.infer<typeof billingCycleFixedPattern>;
/** Document 2 §5: "the fixed payment cycle closes 2 days before the cycle" — its plan and assets are then fixed. */
export const PERIOD_FIX_LEAD_MS = 2 * 86_400_000;

const quota = z
  .number({ message: 'Amount must be a number' })
  .int({ message: 'Must be a whole number' })
  .min(1, { message: 'Must be at least 1' })
  .max(SUBSCRIPTION_QUOTA_MAX, { message: `Must be at most ${SUBSCRIPTION_QUOTA_MAX}` });
export const subscriptionAssetNos = z
  .array(assetNo)
  .max(SUBSCRIPTION_QUOTA_MAX, { message: SUBSCRIPTION_MESSAGES.assetsAboveQuota });

const orderTermFields = {
  assetQuota: quota,
  assetTransferSiteId: id.nullable().refine((v) => v !== null, { message: SUBSCRIPTION_MESSAGES.siteRequired }),
  renewStrategy: z.enum(renewStrategies, { message: 'Renew strategy must be selected' }),
  terminateTime: isoDateTime.nullable(),
  note: optionalText(500),
  payment: billingPayment,
};

function checkTerm(o: { renewStrategy: RenewStrategy; terminateTime: string | null }, ctx: z.RefinementCtx) {
  if (o.renewStrategy === 'end-at-term' && o.terminateTime === null)
    ctx.addIssue({ code: 'custom', message: SUBSCRIPTION_MESSAGES.terminateRequired, path: ['terminateTime'] });
}

/** The three steps of document 1 §2.5: plan, payment, asset. */
export const subscriptionOrderInput = z
  .strictObject({
    partnerId: id,
    packageId: id,
    planId: id,
    /** Absent: now. */
    startTime: isoDateTime.optional(),
    usagePeriodMode: z.enum(usagePeriodModes, { message: 'Usage period mode must be selected' }),
    billingCycleFixedPattern: billingCycleFixedPattern.nullable(),
    ...orderTermFields,
    assetNos: subscriptionAssetNos,
  })
  .superRefine((o, ctx) => {
    checkTerm(o, ctx);
    if (o.usagePeriodMode === 'fixed' && o.billingCycleFixedPattern === null)
      ctx.addIssue({
        code: 'custom',
        message: SUBSCRIPTION_MESSAGES.fixedPatternRequired,
        path: ['billingCycleFixedPattern', 'dayOfMonth'],
      });
    if (o.assetNos.length > o.assetQuota)
      ctx.addIssue({ code: 'custom', message: SUBSCRIPTION_MESSAGES.assetsAboveQuota, path: ['assetNos'] });
  });
export type SubscriptionOrderInput = z.infer<typeof subscriptionOrderInput>;

/** Edit: the order's terms; plan and assets change through their actions, from the next period. */
export const subscriptionOrderUpdate = z.strictObject(orderTermFields).superRefine(checkTerm);
export type SubscriptionOrderUpdate = z.infer<typeof subscriptionOrderUpdate>;

export const changePlanInput = z.strictObject({ planId: id });
export const changeAssetsInput = z.strictObject({ assetNos: subscriptionAssetNos });
export const exemptRefundInput = z
  .strictObject({
    tradeId: id,
    /** Taken off what is still to pay (Pending, Claimable, Failed). */
    exemptAmount: money.optional(),
    /** Given back from what was paid (Succeeded). */
    refundAmount: money.optional(),
    reason: trimmedText(500),
  })
  .refine((v) => (v.exemptAmount ?? 0) > 0 || (v.refundAmount ?? 0) > 0, {
    message: 'Enter an amount to exempt or refund',
    path: ['exemptAmount'],
  });
export type ExemptRefundInput = z.infer<typeof exemptRefundInput>;

/** Document 2 §3 "fee amounts (total, pending, processing, paid, owe, refunded, exempted, deducted)". */
export const subscriptionFees = z.object({
  total: z.number(),
  pending: z.number(),
  processing: z.number(),
  paid: z.number(),
  owe: z.number(),
  refunded: z.number(),
  exempted: z.number(),
  deducted: z.number(),
});
export type SubscriptionFees = z.infer<typeof subscriptionFees>;

const planRef = z.object({ id, name: z.string() });

export const subscriptionPeriod = z.object({
  id,
  sequence: z.number().int(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  plan: planRef,
  basicFee: z.number(),
  usageFee: z.number(),
  usageFeeUpperLimit: z.number(),
  deductible: z.number(),
  assetCount: z.number().int(),
  /** Set once the usage trade is made (the period's usage is final). */
  closedAt: isoDateTime.nullable(),
});
export type SubscriptionPeriod = z.infer<typeof subscriptionPeriod>;

export const subscriptionOrderSummary = z.object({
  id,
  /** What people call the order (SO-000123): the detail page's title. */
  no: z.string(),
  partner: partnerRef,
  package: z.object({ id, name: z.string() }),
  plan: planRef,
  nextPlan: planRef.nullable(),
  category: z.object({ id, name: z.string() }),
  status: z.enum(subscriptionOrderStatuses),
  assetQuota: z.number().int(),
  assetCount: z.number().int(),
  renewStrategy: z.enum(renewStrategies),
  startTime: isoDateTime,
  terminateTime: isoDateTime.nullable(),
  /** When the current period ends (the next basic trade's time); null once finished. */
  currentPeriodEnd: isoDateTime.nullable(),
  currency: z.string(),
  fees: subscriptionFees,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SubscriptionOrderSummary = z.infer<typeof subscriptionOrderSummary>;

export const subscriptionOrder = subscriptionOrderSummary.extend({
  assetTransferSite: z.object({ id, name: z.string() }),
  note: z.string(),
  usagePeriodMode: z.enum(usagePeriodModes),
  billingCycleFixedPattern: billingCycleFixedPattern.nullable(),
  payment: z.object({ type: z.enum(billingPaymentTypes), paymentMethod: z.string() }),
  timezone: z.string(),
  currentPeriod: subscriptionPeriod.nullable(),
  /** The next period once fixed (2 days before it starts): its plan and assets can no longer change. */
  nextPeriod: subscriptionPeriod.nullable(),
  /** The first period a change of plan or assets reaches. */
  changesFrom: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
});
export type SubscriptionOrder = z.infer<typeof subscriptionOrder>;

export const subscriptionOrderSortKeys = ['createdAt', 'updatedAt'] as const;
export const subscriptionOrderQuery = z.strictObject({
  ...pageQuery.shape,
  sort: sortQuery(subscriptionOrderSortKeys),
  tab: z.enum(subscriptionOrderTabs).default('subscribed'),
  partnerIdIn: idListQuery,
  packageIdIn: idListQuery,
  /** Order number, or part of it. */
  no: z.string().max(50).optional(),
});
export type SubscriptionOrderQuery = z.infer<typeof subscriptionOrderQuery>;

/** Which of the order's asset sets: the current period's, or the one changes go to. */
export const subscriptionAssetSets = ['current', 'next'] as const;
export const subscriptionOrderAssetsQuery = z.strictObject({
  ...pageQuery.shape,
  set: z.enum(subscriptionAssetSets).default('current'),
});
export const subscriptionOrderAsset = z.object({
  id,
  no: z.string(),
  category: z.object({ id, name: z.string() }),
  site: z.object({ id, name: z.string() }).nullable(),
  lifeCycleState: assetLifeCycleState,
  /** From which period the asset is in the order, and until which (null: on). */
  fromPeriod: z.number().int(),
  untilPeriod: z.number().int().nullable(),
});
export type SubscriptionOrderAsset = z.infer<typeof subscriptionOrderAsset>;

/** Assets a partner can subscribe: Ready, of the package's category, not rented and not in another order. */
export const subscribableAssetsQuery = z.strictObject({
  ...pageQuery.shape,
  partnerId: id,
  categoryId: id,
  /** Asset number, or its beginning. */
  no: z.string().max(50).optional(),
  /** An order being edited: its own assets count as available. */
  orderId: id.optional(),
});
export const subscribableAsset = z.object({
  id,
  no: z.string(),
  site: z.object({ id, name: z.string() }).nullable(),
  lifeCycleState: assetLifeCycleState,
});
export type SubscribableAsset = z.infer<typeof subscribableAsset>;

export const subscriptionTrade = z.object({
  id,
  feeType: z.enum(subscriptionFeeTypes),
  state: z.enum(subscriptionTradeStates),
  period: z.object({ sequence: z.number().int(), startsAt: isoDateTime, endsAt: isoDateTime }),
  /** What the trade asks for, before exemptions. */
  amount: z.number(),
  exempted: z.number(),
  refunded: z.number(),
  /** Usage trades: ride hours counted (late trips included), free hours and what they saved. */
  usageHours: z.number().nullable(),
  deductedHours: z.number().nullable(),
  deducted: z.number(),
  /** Claimable from: the period's start (basic) or when its usage is final (usage). */
  claimableAt: isoDateTime,
  attempts: z.number().int(),
  lastAttemptAt: isoDateTime.nullable(),
  failureMessage: z.string().nullable(),
  paidAt: isoDateTime.nullable(),
  currency: z.string(),
  createdAt: isoDateTime,
});
export type SubscriptionTrade = z.infer<typeof subscriptionTrade>;

export const subscriptionTradeQuery = z.strictObject({
  ...pageQuery.shape,
  feeTypeIn: enumListQuery(subscriptionFeeTypes),
  stateIn: enumListQuery(subscriptionTradeStates),
});
export type SubscriptionTradeQuery = z.infer<typeof subscriptionTradeQuery>;
export const subscriptionTradeExportQuery = subscriptionTradeQuery.omit({ pageNo: true, pageSize: true });

/** What an action answers: the order as it now stands. */
const orderResponse = dataOf(subscriptionOrder);
const order = (action: string) => requires(`asset_subscription.order.${action}`);
const pkg = (action: string) => requires(`asset_subscription.package.${action}`);
const tag = 'subscriptions';

export const subscriptionEndpoints = {
  packages: endpoint({
    method: 'GET',
    path: '/subscription/packages',
    summary: 'Subscription packages with their plans',
    tag,
    requires: pkg('read'),
    query: subscriptionPackageQuery,
    response: listOf(subscriptionPackage),
  }),
  package: endpoint({
    method: 'GET',
    path: '/subscription/packages/:id',
    summary: 'One package with its plans',
    tag,
    requires: requires('asset_subscription.package.read', 'asset_subscription.order.read_detail'),
    params: idParams,
    response: dataOf(subscriptionPackage),
  }),
  createPackage: endpoint({
    method: 'POST',
    path: '/subscription/packages',
    summary: 'Create a package and its plans',
    tag,
    requires: pkg('create'),
    body: subscriptionPackageInput,
    response: dataOf(subscriptionPackage),
    status: 201,
  }),
  updatePackage: endpoint({
    method: 'PUT',
    path: '/subscription/packages/:id',
    summary: 'Edit a package; plans keep their id, a plan in use cannot be removed (409 PlanInUse)',
    tag,
    requires: pkg('update'),
    params: idParams,
    body: subscriptionPackageInput,
    response: dataOf(subscriptionPackage),
  }),
  deletePackage: endpoint({
    method: 'DELETE',
    path: '/subscription/packages/:id',
    summary: 'Delete a package no order uses (409 PackageInUse)',
    tag,
    requires: pkg('delete'),
    params: idParams,
    response: emptyResponse,
  }),
  orders: endpoint({
    method: 'GET',
    path: '/subscription/orders',
    summary: 'Subscription orders in the caller partner scope, by tab (Subscribed, Finished)',
    tag,
    requires: order('read'),
    query: subscriptionOrderQuery,
    response: listOf(subscriptionOrderSummary),
  }),
  managementOrders: endpoint({
    method: 'GET',
    path: '/subscription/management/orders',
    summary: "Every partner's subscription orders, for staff whose partner scope is all",
    tag,
    requires: order('manage'),
    query: subscriptionOrderQuery,
    response: listOf(subscriptionOrderSummary),
  }),
  order: endpoint({
    method: 'GET',
    path: '/subscription/orders/:id',
    summary: 'One subscription order with its current and next period',
    tag,
    requires: order('read_detail'),
    params: idParams,
    response: orderResponse,
  }),
  orderAssets: endpoint({
    method: 'GET',
    path: '/subscription/orders/:id/assets',
    summary: "The order's assets in the current period, or in the period changes go to",
    tag,
    requires: order('read_detail'),
    params: idParams,
    query: subscriptionOrderAssetsQuery,
    response: listOf(subscriptionOrderAsset),
  }),
  periods: endpoint({
    method: 'GET',
    path: '/subscription/orders/:id/periods',
    summary: "The order's periods, newest first",
    tag,
    requires: order('read_detail'),
    params: idParams,
    query: pageQuery,
    response: listOf(subscriptionPeriod),
  }),
  trades: endpoint({
    method: 'GET',
    path: '/subscription/orders/:id/trades',
    summary: "The order's trades, newest period first",
    tag,
    requires: order('read_detail'),
    params: idParams,
    query: subscriptionTradeQuery,
    response: listOf(subscriptionTrade),
  }),
  exportTrades: endpoint({
    method: 'GET',
    path: '/subscription/orders/:id/trades/export',
    summary: "The order's trades as CSV",
    tag,
    requires: order('read_detail'),
    params: idParams,
    query: subscriptionTradeExportQuery,
    response: z.string(),
  }),
  subscribableAssets: endpoint({
    method: 'GET',
    path: '/subscription/subscribable-assets',
    summary: "The partner's Ready assets of a category that no order or rental holds",
    tag,
    requires: requires('asset_subscription.order.create', 'asset_subscription.order.change_asset'),
    query: subscribableAssetsQuery,
    response: listOf(subscribableAsset),
  }),
  createOrder: endpoint({
    method: 'POST',
    path: '/subscription/orders',
    summary: 'Subscribe a partner to a plan with its assets (plan, payment, asset)',
    tag,
    requires: order('create'),
    body: subscriptionOrderInput,
    response: orderResponse,
    status: 201,
  }),
  updateOrder: endpoint({
    method: 'PUT',
    path: '/subscription/orders/:id',
    summary: "Edit the order's terms (quota, site, renewal, note, payment)",
    tag,
    requires: order('update'),
    params: idParams,
    body: subscriptionOrderUpdate,
    response: orderResponse,
  }),
  changePlan: endpoint({
    method: 'POST',
    path: '/subscription/orders/:id/change-plan',
    summary: 'Change the plan from the first period not yet fixed',
    tag,
    requires: order('change_plan'),
    params: idParams,
    body: changePlanInput,
    response: orderResponse,
  }),
  changeAssets: endpoint({
    method: 'POST',
    path: '/subscription/orders/:id/change-assets',
    summary: 'Set the assets of the first period not yet fixed',
    tag,
    requires: order('change_asset'),
    params: idParams,
    body: changeAssetsInput,
    response: orderResponse,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/subscription/orders/:id/unsubscribe',
    summary: 'End the subscription at the end of the current period',
    tag,
    requires: order('unsubscribe'),
    params: idParams,
    response: orderResponse,
  }),
  payoff: endpoint({
    method: 'POST',
    path: '/subscription/orders/:id/payoff',
    summary: 'Charge everything owed and due now',
    tag,
    requires: order('payoff'),
    params: idParams,
    response: orderResponse,
  }),
  forceClose: endpoint({
    method: 'POST',
    path: '/subscription/orders/:id/force-close',
    summary: 'End the subscription now: a final usage trade, assets back to the transfer site',
    tag,
    requires: order('force_close'),
    params: idParams,
    response: orderResponse,
  }),
  exemptRefund: endpoint({
    method: 'POST',
    path: '/subscription/orders/:id/exempt-refund',
    summary: 'Exempt part of a trade still to pay, or refund part of a paid one',
    tag,
    requires: order('exempt_refund'),
    params: idParams,
    body: exemptRefundInput,
    response: orderResponse,
  }),
};
