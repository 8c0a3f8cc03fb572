import { z } from 'zod';
import { dataOf, id, isoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';
import { partnerRef } from './partners.ts';
import { paymentPlan, priceUnits } from './pricing.ts';

/** Document 2 §4: an order is New, then Open, then Closed or Canceled. */
export const orderStatuses = ['New', 'Open', 'Closed', 'Canceled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** Document 2 §4: a lease is in use, returning (the return awaits confirmation), then returned. */
export const leaseStatuses = ['InUse', 'Returning', 'Returned'] as const;
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
};
