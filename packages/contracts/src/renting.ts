import { z } from 'zod';
import { dataOf, id, idParams, isoDateTime, listOf, optionalText, pageQuery, sortQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { partnerRef } from './partners.ts';
import { money, paymentPlan, paymentPlanUnits, priceUnits } from './pricing.ts';

/** Document 2 §4: an order is New, then Open, then Closed or Canceled. */
export const orderStatuses = ['New', 'Open', 'Closed', 'Canceled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/**
 * Document 2 §4: a lease is in use, returning (the return awaits confirmation), then returned. A lease whose checkout
 * was undone never started: it is Canceled with its order, never Returned.
 */
export const leaseStatuses = ['InUse', 'Returning', 'Returned', 'Canceled'] as const;
export type LeaseStatus = (typeof leaseStatuses)[number];
/** Leases that hold their asset: it is rented out while one of them exists. */
export const activeLeaseStatuses = ['InUse', 'Returning'] as const satisfies readonly LeaseStatus[];

/**
 * The outcomes of inspecting an asset for a new order (document 2 §8 "Order inspection"), besides `Leasable`.
 * Each has its own message for staff.
 */
export const inspectionOutcomes = [
  'Leasable',
  'AssetNotAvailable',
  'AssetAlreadyRentedOut',
  'RentalLimitReached',
  'AssetSubscriptionRequired',
  'PartnerSetupIncomplete',
  'CustomerNotJoinedPartner',
] as const;
export type InspectionOutcome = (typeof inspectionOutcomes)[number];

export const INSPECTION_MESSAGES: Record<InspectionOutcome, string> = {
  Leasable: 'The asset can be rented to this customer',
  AssetNotAvailable: 'The asset is not available for rent',
  AssetAlreadyRentedOut: 'The asset is already rented out',
  RentalLimitReached: 'The customer has reached the rental limit for this asset category',
  AssetSubscriptionRequired: 'This asset is rented through a B2B subscription, not to customers',
  PartnerSetupIncomplete: "The partner's setup is incomplete for renting this asset category",
  CustomerNotJoinedPartner: "The customer has not joined the asset's partner",
};

export const inspectionParams = z.strictObject({ assetNo: z.string().min(1).max(64) });
export const inspectionBody = z.strictObject({ customerId: id });

const planOption = paymentPlan.extend({
  /** The price per unit the customer pays under this plan today (the original price less an active discount). */
  unitPrice: z.number(),
  /** The rent of one period of this plan at that price: what the first payment charges. */
  periodRent: z.number(),
  discount: z.object({ id, name: z.string(), discountPercent: z.number(), endTime: isoDateTime.nullable() }).nullable(),
});

export const inspection = z.object({
  outcome: z.enum(inspectionOutcomes),
  message: z.string(),
  /** What is missing when the outcome is PartnerSetupIncomplete (readiness items, `pricing`, `deposit`, `rule`). */
  missing: z.array(z.string()),
  asset: z.object({
    id,
    no: z.string(),
    partner: partnerRef,
    assetCategory: z.object({ id, name: z.string() }),
    lifeCycleState: z.string(),
    turnoverState: z.string(),
    usageMode: z.string(),
  }),
  /** The offer when the asset is leasable: the plans to choose from, the deposit and how many are rented already. */
  offer: z
    .object({
      priceUnit: z.enum(priceUnits),
      currency: z.string(),
      plans: z.array(planOption),
      deposit: z.object({ amount: z.number(), required: z.boolean() }),
      activeLeases: z.number().int(),
      rentalLimit: z.number().int(),
    })
    .nullable(),
});
export type Inspection = z.infer<typeof inspection>;

// ---------------------------------------------------------------------------------------------------------------
// Orders

/**
 * Why a new order cannot even start (answered 4xx, nothing written or charged), besides the inspection outcomes,
 * which are answered with their own code (document 2 §8 "New order and checkout").
 */
export const CHECKOUT_REFUSALS = {
  PaymentMethodNotFound: 'The payment method is not on file for this customer, or is no longer valid',
  CustomerEmailIssue: "The customer's e-mail must be on the profile and verified before renting (receipts go there)",
  PlanNoLongerAvailable: 'The plan or its price changed since the offer; inspect the asset again',
  RentSiteInvalid: "The rent site must be one of the asset partner's sites",
} as const;

/** How a checkout that started can end without a lease (its steps already done are undone). */
export const checkoutFailureCodes = ['DepositPaymentFailed', 'RentPaymentFailed', 'AssetUnlockFailed'] as const;
export type CheckoutFailureCode = (typeof checkoutFailureCodes)[number];

/** A checkout is in progress until the lease starts (Completed) or its steps are undone (Aborted). */
export const checkoutStates = ['InProgress', 'Completed', 'Aborted'] as const;
export type CheckoutState = (typeof checkoutStates)[number];
export const checkoutSteps = ['deposit', 'rent', 'unlock'] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];
/** `undone`: it succeeded, then a later step failed and it was reversed (a refund, the lease released). */
export const checkoutStepStatuses = ['skipped', 'waiting', 'pending', 'succeeded', 'failed', 'undone'] as const;
export type CheckoutStepStatus = (typeof checkoutStepStatuses)[number];

export const orderCheckout = z.object({
  state: z.enum(checkoutStates),
  steps: z.array(
    z.object({
      step: z.enum(checkoutSteps),
      status: z.enum(checkoutStepStatuses),
      /** The money the step charges (deposit, first rent). */
      amount: z.number().nullable(),
      /** The provider's or the device's words when it failed. */
      message: z.string().nullable(),
    }),
  ),
  failureCode: z.enum(checkoutFailureCodes).nullable(),
  failureMessage: z.string().nullable(),
});
export type OrderCheckout = z.infer<typeof orderCheckout>;

/** Document 2 §3 "Order" fee amounts, in the order's currency. */
export const orderFees = z.object({
  /** Everything billed so far (rent periods). */
  orderFee: z.number(),
  paid: z.number(),
  /** Billed, not yet asked of the provider. */
  pending: z.number(),
  /** Asked of the provider, no answer yet. */
  processing: z.number(),
  /** Billed and refused by the provider, less what was exempted. */
  owe: z.number(),
  refunded: z.number(),
  exempt: z.number(),
});
export type OrderFees = z.infer<typeof orderFees>;

const personRef = z.object({ id, name: z.string() });
const siteRef = z.object({ id, name: z.string() }).nullable();

export const orderSummary = z.object({
  id,
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  customer: z.object({ id, name: z.string(), phoneNo: z.string() }),
  partner: partnerRef,
  assetCategory: z.object({ id, name: z.string() }),
  /** The asset of the current lease (the last one when the order is over). */
  assetNo: z.string().nullable(),
  leaseStatus: z.enum(leaseStatuses).nullable(),
  rentSite: siteRef,
  returnSite: siteRef,
  paymentPlan: z.object({ frequency: z.number().int(), unit: z.enum(paymentPlanUnits) }),
  unitPrice: z.number(),
  priceUnit: z.enum(priceUnits),
  currency: z.string(),
  orderTime: isoDateTime,
  startTime: isoDateTime.nullable(),
  returnTime: isoDateTime.nullable(),
  endTime: isoDateTime.nullable(),
  nextPaymentTime: isoDateTime.nullable(),
  fees: orderFees,
});
export type OrderSummary = z.infer<typeof orderSummary>;

/**
 * What ending an order does to its deposit: `held` — another asset of the category the customer still rents needs
 * it; `kept` — it stays on the customer's account until a refund application (the partner's deposit policy is
 * required, so the next rental reuses it); `refunded` — it is given back now (the partner no longer takes
 * deposits, or staff chose to refund it).
 */
export const depositEndOutcomes = ['held', 'kept', 'refunded'] as const;
export type DepositEndOutcome = (typeof depositEndOutcomes)[number];
export const orderPaymentPurposes = ['deposit', 'rent', 'refund'] as const;
/** What the refunds made of a charge (Stripe's words): some of it given back, or all of it. */
export const paymentRefundStates = ['PartiallyRefunded', 'Refunded'] as const;
export type PaymentRefundState = (typeof paymentRefundStates)[number];
export const orderPayment = z.object({
  id,
  purpose: z.enum(orderPaymentPurposes),
  /** Always positive: a refund is money given back by its purpose, not by its sign. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['Pending', 'Succeeded', 'Failed']),
  failureMessage: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: isoDateTime,
  /** A refund: the charge it gives back (null on a charge). */
  refundOf: id.nullable(),
  /** A charge: what its succeeded refunds gave back (0 on a refund). */
  refundedAmount: z.number(),
  /** A charge some or all of which was given back; null when nothing was (and on a refund). */
  refundState: z.enum(paymentRefundStates).nullable(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/** Capped: not charged, the partner's maximum payment per order is reached (document 2 §9). */
export const orderFeeStatuses = ['Pending', 'Processing', 'Paid', 'Owed', 'Capped', 'Canceled'] as const;
export const orderFeeRow = z.object({
  id,
  sequence: z.number().int(),
  periodStart: isoDateTime,
  periodEnd: isoDateTime,
  amount: z.number(),
  status: z.enum(orderFeeStatuses),
});

export const order = orderSummary.extend({
  note: z.string().nullable(),
  discount: z.object({ id, name: z.string(), discountPercent: z.number() }).nullable(),
  deposit: z.object({ amount: z.number(), status: z.enum(checkoutStepStatuses) }).nullable(),
  checkout: orderCheckout,
  feeItems: z.array(orderFeeRow),
  payments: z.array(orderPayment),
  exemptions: z.array(
    z.object({ id, amount: z.number(), reason: z.string(), user: personRef.nullable(), createdAt: isoDateTime }),
  ),
  endReason: z.string().nullable(),
  createdBy: personRef.nullable(),
  /** An open order with a deposit: what ending it does to the deposit (null otherwise). */
  depositAtEnd: z
    .object({
      amount: z.number(),
      outcome: z.enum(depositEndOutcomes),
      /** Whether ending may refund it now instead (staff with `customer.refund_deposit` choose). */
      refundOffered: z.boolean(),
    })
    .nullable(),
});
export type Order = z.infer<typeof order>;

export const orderAssetRecord = z.object({
  id,
  assetNo: z.string(),
  status: z.enum(leaseStatuses),
  startedAt: isoDateTime.nullable(),
  returnSubmittedAt: isoDateTime.nullable(),
  returnedAt: isoDateTime.nullable(),
  /** The device's answer to the unlock that started the lease, when the asset has a device. */
  unlock: z.object({ recordId: id, status: z.string(), failedReason: z.string().nullable() }).nullable(),
});
export type OrderAssetRecord = z.infer<typeof orderAssetRecord>;

/** Document 2 §9: order search covers at most 100 sites. */
export const ORDER_SITES_MAX = 100;
export const ORDER_EXPORT_MAX = 5000;
export const orderSortKeys = ['createdAt', 'startTime', 'endTime', 'orderNo'] as const;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const idList = (max: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
    z.array(id).max(max, { message }).optional(),
  );

const orderFilters = z.object({
  /** Order number, asset number, customer phone or name. */
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  status: z.enum(orderStatuses).optional(),
  leaseStatus: z.enum(leaseStatuses).optional(),
  partnerId: id.optional(),
  assetCategoryId: id.optional(),
  customerId: id.optional(),
  /** Orders that leased this asset (exact number), e.g. the asset detail's Orders card. */
  assetNo: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  rentSiteIdIn: idList(ORDER_SITES_MAX, `Select at most ${ORDER_SITES_MAX} sites`),
  startFrom: isoDateTime.optional(),
  startTo: isoDateTime.optional(),
  sort: sortQuery(orderSortKeys),
});
const startRange = (q: { startFrom?: string | undefined; startTo?: string | undefined }) =>
  !q.startFrom || !q.startTo || Date.parse(q.startTo) >= Date.parse(q.startFrom);
const startRangeIssue = { message: 'The later start must not be before the earlier one', path: ['startTo'] };
export const orderListQuery = pageQuery.extend(orderFilters.shape).refine(startRange, startRangeIssue);
export type OrderListQuery = z.infer<typeof orderListQuery>;
export const orderExportQuery = orderFilters.refine(startRange, startRangeIssue);

export const createOrderBody = z.strictObject({
  customerId: id,
  assetNo: z.string().trim().min(1).max(64),
  paymentPlanId: id,
  paymentMethodId: id,
  /** The unit price the offer showed: a different price today refuses with PlanNoLongerAvailable. */
  quotedUnitPrice: money.optional(),
  rentSiteId: id.optional(),
  note: optionalText(500).optional(),
  /** The renting intent this order fulfils (same customer, partner and category; pending or confirmed). */
  intentId: id.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const endOrderBody = z.strictObject({ reason: optionalText(500).optional() });
/**
 * Ending an order may give back its deposit at once (`refundDeposit`), when the deposit is not held for another
 * asset and the caller may refund deposits; otherwise the deposit follows the order's `depositAtEnd`.
 */
export const endOrderRequest = endOrderBody.extend({ refundDeposit: z.boolean().optional() });
export type EndOrderRequest = z.infer<typeof endOrderRequest>;
/**
 * The customer brings the asset back at the counter. Under the collect-return rule's manual confirmation policy the
 * lease waits as Returning (rent stops) until staff confirm the return; otherwise the order closes at once.
 */
export const returnLeaseBody = z.strictObject({
  /** Where it came back; the rent site when not given. */
  returnSiteId: id.optional(),
  reason: optionalText(500).optional(),
});
export type ReturnLeaseBody = z.infer<typeof returnLeaseBody>;
export const refundOrExemptTypes = ['refund', 'exempt'] as const;
export const refundOrExemptBody = z.strictObject({
  type: z.enum(refundOrExemptTypes),
  amount: money.refine((v) => v > 0, { message: 'Amount must be more than 0' }),
  reason: z.string().trim().min(1, { message: 'A reason is required' }).max(500),
});
export type RefundOrExemptBody = z.infer<typeof refundOrExemptBody>;

export const orderFieldLog = z.object({
  id,
  user: personRef.nullable(),
  createdAt: isoDateTime,
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/** Document 2 §8 "Order inspection and replacement": why an asset cannot replace another on an order. */
export const REPLACEMENT_REFUSALS = {
  ReplacementNotApplicable: 'Only an asset in use on an open order, with no return submitted, can be replaced',
  AssetInUseByAnotherOrder: 'The new asset is in use by another B2C order',
  AssetNotFound: 'The new asset was not found',
  AssetCategoryMismatch: "The new asset is not of the order's asset category",
  AssetPartnerMismatch: "The new asset does not belong to the order's partner",
  SubscriptionAssetNeedsB2BOrder: 'The new asset is a partner subscription asset: it needs a B2B order',
  RetailAssetNotLeasable: 'The new asset cannot be rented out (not leasable, or not Ready)',
} as const;
export type ReplacementRefusal = keyof typeof REPLACEMENT_REFUSALS;

export const replaceAssetParams = z.strictObject({ id, assetNo: z.string().min(1).max(64) });
export const replaceAssetBody = z.strictObject({
  newAssetNo: z.string().trim().min(1, { message: 'Enter the new asset id' }).max(64),
  reason: optionalText(500).optional(),
});
export type ReplaceAssetBody = z.infer<typeof replaceAssetBody>;

export const ORDER_ERRORS = {
  OrderNotOpen: 'Only an open order can be ended',
  RefundExceedsPaid: 'A refund cannot be more than what was paid and not yet refunded',
  ExemptExceedsOwed: 'An exemption cannot be more than what the customer owes',
  CheckoutNotCompleted: 'The checkout of this order has not completed: it settles its own payments',
  LeaseNotInUse: 'Only an asset in use can be returned',
  ReturnNotSubmitted: 'No return of this order is waiting for confirmation',
  ReturnSiteInvalid: "The return site must be one of the partner's sites",
  CrossSiteReturnNotAllowed: 'This partner takes this category back only at the site it was rented from',
} as const;

export const rentingEndpoints = {
  inspect: endpoint({
    method: 'POST',
    path: '/renting/assets/:assetNo/$inspect',
    summary: 'Whether an asset can be rented to a customer, and the offer when it can (new order, step 2)',
    tag: 'renting',
    requires: [['order.create', 'customer.read']],
    params: inspectionParams,
    body: inspectionBody,
    response: dataOf(inspection),
  }),
  listOrders: endpoint({
    method: 'GET',
    path: '/renting/orders',
    summary: 'Renting orders of the partners in scope, newest first unless sorted otherwise',
    tag: 'renting',
    requires: [['order.read']],
    query: orderListQuery,
    response: listOf(orderSummary),
  }),
  exportOrders: endpoint({
    method: 'GET',
    path: '/renting/orders/$export',
    summary: `The orders matching the filters as CSV, at most ${ORDER_EXPORT_MAX} (422 ExportTooLarge above)`,
    tag: 'renting',
    requires: [['order.read', 'order.export_data']],
    query: orderExportQuery,
    response: z.unknown(),
  }),
  getOrder: endpoint({
    method: 'GET',
    path: '/renting/orders/:id',
    summary: 'One order with its checkout, fees, payments and exemptions',
    tag: 'renting',
    requires: [['order.read_detail']],
    params: idParams,
    response: dataOf(order),
  }),
  createOrder: endpoint({
    method: 'POST',
    path: '/renting/orders',
    summary:
      'Opens an order and starts its checkout: deposit, first rent, then the unlock that starts the lease; a failed step undoes the ones before it',
    tag: 'renting',
    requires: [['order.create', 'customer.read']],
    body: createOrderBody,
    status: 201,
    response: dataOf(order),
  }),
  endOrder: endpoint({
    method: 'POST',
    path: '/renting/orders/:id/$end',
    summary: 'Ends an open order: its leases are returned and the device locked',
    tag: 'renting',
    requires: [['order.end']],
    params: idParams,
    body: endOrderRequest,
    response: dataOf(order),
  }),
  returnLease: endpoint({
    method: 'POST',
    path: '/renting/orders/:id/lease/$return',
    summary:
      'The asset came back: the device is locked, and the order closes — or, under manual confirmation, the lease waits as Returning',
    tag: 'renting',
    requires: [['order.end']],
    params: idParams,
    body: returnLeaseBody,
    response: dataOf(order),
  }),
  confirmReturn: endpoint({
    method: 'POST',
    path: '/renting/orders/:id/lease/$confirmReturn',
    summary: 'Confirms a return waiting as Returning: the lease is Returned and the order closes',
    tag: 'renting',
    requires: [['order.end']],
    params: idParams,
    body: endOrderBody,
    response: dataOf(order),
  }),
  refundOrExempt: endpoint({
    method: 'POST',
    path: '/renting/orders/:id/$refundOrExempt',
    summary: 'Refunds part of what was paid, or exempts part of what is owed; never more than either',
    tag: 'renting',
    requires: [['order.exempt_refund']],
    params: idParams,
    body: refundOrExemptBody,
    response: dataOf(order),
  }),
  replaceAsset: endpoint({
    method: 'POST',
    path: '/renting/orders/:id/assets/:assetNo/lease/$replaceAsset',
    summary:
      "Moves an open order's lease to another asset of the same partner and category: the old asset is returned and locked, the new one unlocked",
    tag: 'renting',
    requires: [['order.change_asset']],
    params: replaceAssetParams,
    body: replaceAssetBody,
    response: dataOf(order),
  }),
  orderAssetRecords: endpoint({
    method: 'GET',
    path: '/renting/orders/:id/assetRecords',
    summary: "The order's leases, oldest first: which asset, when it was unlocked and returned",
    tag: 'renting',
    requires: [['order.read_asset_record']],
    params: idParams,
    response: z.object({ data: z.array(orderAssetRecord) }),
  }),
  orderFieldLogs: endpoint({
    method: 'GET',
    path: '/renting/orders/:id/fieldLogs',
    summary: 'What changed on an order, newest first',
    tag: 'renting',
    requires: [['order.read_detail']],
    params: idParams,
    query: pageQuery,
    response: listOf(orderFieldLog),
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Renting config (the account's invoicing switch), rental configs (each partner's invoicing identity), invoices

/** Document 2 §4 "Invoice setting: enabled or disabled". */
export const rentingConfig = z.object({ invoiceEnabled: z.boolean(), updatedAt: isoDateTime.nullable() });
export type RentingConfig = z.infer<typeof rentingConfig>;

export const rentalConfigInput = z.strictObject({
  /** Invoice numbers are the prefix and a running number per partner: `MI-2026-000001`. */
  invoicePrefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{1,16}$/, { message: 'Use 1 to 16 capital letters, digits or dashes' }),
  sellerName: z.string().trim().min(1, { message: 'The seller name is required' }).max(200),
  vatNumber: z.string().trim().max(40).nullable().optional(),
  invoiceFooter: z.string().max(1000).nullable().optional(),
});
export type RentalConfigInput = z.infer<typeof rentalConfigInput>;
export const createRentalConfigBody = rentalConfigInput.extend({ partnerId: id });

export const rentalConfig = z.object({
  partner: partnerRef,
  invoicePrefix: z.string(),
  sellerName: z.string(),
  vatNumber: z.string().nullable(),
  invoiceFooter: z.string().nullable(),
  /** How many invoices were issued under this config. */
  issued: z.number().int(),
  updatedAt: isoDateTime,
});
export type RentalConfig = z.infer<typeof rentalConfig>;

export const orderInvoice = z.object({
  id,
  invoiceNo: z.string(),
  issuedAt: isoDateTime,
  periodStart: isoDateTime,
  periodEnd: isoDateTime,
  currency: z.string(),
  /** Prices are tax-inclusive (B2C): gross = net + tax. */
  gross: z.number(),
  net: z.number(),
  tax: z.number(),
  /** The rental rate of the rent site's tax group in force at the period's start; null: the site has no tax group. */
  taxRate: z.number().nullable(),
  taxGroup: z.object({ id, name: z.string() }).nullable(),
});
export type OrderInvoice = z.infer<typeof orderInvoice>;

export const RENTAL_CONFIG_MESSAGES = {
  exists: 'The partner have already been set',
} as const;

const partnerParams = z.strictObject({ partnerId: id });

export const rentingConfigEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/renting/rentingConfig',
    summary: 'Whether invoices are issued for rent payments',
    tag: 'renting-config',
    requires: [['config.read']],
    response: dataOf(rentingConfig),
  }),
  enableInvoice: endpoint({
    method: 'POST',
    path: '/renting/rentingConfig/invoice/$enable',
    summary: 'Issues invoices from now on (each rent period paid from now gets one)',
    tag: 'renting-config',
    requires: [['config.write']],
    response: dataOf(rentingConfig),
  }),
  disableInvoice: endpoint({
    method: 'POST',
    path: '/renting/rentingConfig/invoice/$disable',
    summary: 'Stops issuing invoices; those issued stay',
    tag: 'renting-config',
    requires: [['config.write']],
    response: dataOf(rentingConfig),
  }),
  findAll: endpoint({
    method: 'GET',
    path: '/renting/rentalConfigs/$findAll',
    summary: 'The rental configs of every partner in scope',
    tag: 'renting-config',
    requires: [['rental_partner_config.read']],
    response: z.object({ data: z.array(rentalConfig) }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/renting/rentalConfigs',
    summary: 'Rental configs, paged',
    tag: 'renting-config',
    requires: [['rental_partner_config.read']],
    query: pageQuery,
    response: listOf(rentalConfig),
  }),
  getPartner: endpoint({
    method: 'GET',
    path: '/renting/rentalConfigs/partner/:partnerId',
    summary: "A partner's rental config",
    tag: 'renting-config',
    requires: [['rental_partner_config.read']],
    params: partnerParams,
    response: dataOf(rentalConfig),
  }),
  create: endpoint({
    method: 'POST',
    path: '/renting/rentalConfig',
    summary: "Sets a partner's invoicing identity (409 when it has one)",
    tag: 'renting-config',
    requires: [['rental_partner_config.write']],
    body: createRentalConfigBody,
    status: 201,
    response: dataOf(rentalConfig),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/renting/rentalConfigs/partner/:partnerId',
    summary: "Replaces a partner's rental config",
    tag: 'renting-config',
    requires: [['rental_partner_config.write']],
    params: partnerParams,
    body: rentalConfigInput,
    response: dataOf(rentalConfig),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/renting/rentalConfigs/partner/:partnerId',
    summary: "Removes a partner's rental config (refused once it has issued invoices)",
    tag: 'renting-config',
    requires: [['rental_partner_config.write']],
    params: partnerParams,
    response: z.object({ data: z.null() }),
  }),
  orderInvoices: endpoint({
    method: 'GET',
    path: '/renting/orders/:id/invoices',
    summary: "An order's invoices, newest first (page 1, size 10 unless asked)",
    tag: 'renting',
    requires: [['order.read_detail']],
    params: idParams,
    query: pageQuery,
    response: listOf(orderInvoice),
  }),
};
