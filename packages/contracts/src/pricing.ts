import { z } from 'zod';
import {
  dataOf,
  emptyResponse,
  id,
  idParams,
  isoDateTime,
  listOf,
  optionalText,
  pageQuery,
  sortQuery,
  trimmedText,
} from './common.ts';
import { ENGLISH_REQUIRED_MESSAGE } from './documents.ts';
import { endpoint } from './endpoint.ts';
import { partnerRef } from './partners.ts';
import { requires } from './permissions.ts';

/**
 * Rental programs (document 2 §3 "Pricing"): one per partner and asset category, made of three parts that are
 * read and written apart — pricing (the original price and its payment plans), deposit and rule (collect and
 * return). Discount prices lower the price of one payment plan for a while.
 */

export const priceUnits = ['minute', 'hour', 'day', 'week', 'month'] as const;
export type PriceUnit = (typeof priceUnits)[number];
/** Document 2 §9 "Payment plan units". */
export const paymentPlanUnits = ['minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type PaymentPlanUnit = (typeof paymentPlanUnits)[number];

export const PRICING_MESSAGES = {
  creditCardRequired: 'CreditCard policy must be required',
  planDuplicated: 'Payment plans must not repeat the same frequency',
  priorityDuplicated: 'Payment plans must not share a priority',
  planIncomplete: 'Set the frequency, unit and priority of every payment plan',
  discountStart: 'The start must be more than 10 minutes from now',
  endAfterStart: 'End must be later than start',
  englishRequired: ENGLISH_REQUIRED_MESSAGE,
} as const;

export const PRICE_MAX = 1_000_000;
export const PAYMENT_PLANS_MAX = 10;
/** Document 2 §5 and §9: a discount starts more than 10 minutes after now. */
export const DISCOUNT_LEAD_MS = 10 * 60 * 1000;

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
export const money = z
  .number({ message: 'Amount must be a number' })
  .min(0, { message: 'Amount must be 0 or more' })
  .max(PRICE_MAX, { message: `Amount must be at most ${PRICE_MAX}` })
  .refine(twoDecimals, { message: 'Amount has at most 2 decimals' });

/**
 * The price after a discount, in whole cents rounded half up (9.50 less 15 % is 8.08): computed on integers so
 * that binary fractions never round a half cent down. Shared by the discount list and the new-order offer.
 */
export function discountedPrice(unitPrice: number, discountPercent: number): number {
  const cents = Math.round(unitPrice * 100);
  const basisPoints = Math.round(discountPercent * 100);
  return Math.round((cents * (10_000 - basisPoints)) / 10_000) / 100;
}

/** Minutes in each unit; a month counts as 30 days when it has to be compared with another unit. */
const unitMinutes = { minute: 1, hour: 60, day: 1440, week: 10_080, month: 43_200 } as const;
const planUnitOf: Record<PaymentPlanUnit, PriceUnit> = {
  minutes: 'minute',
  hours: 'hour',
  days: 'day',
  weeks: 'week',
  months: 'month',
};

/**
 * The rent of one payment period: the price per price unit times the period's length in that unit, in whole
 * cents rounded half up (2.50 a day for a 1-week plan is 17.50). Shared by the new-order offer and billing.
 */
export function periodRent(unitPrice: number, priceUnit: PriceUnit, frequency: number, planUnit: PaymentPlanUnit) {
  const units = (frequency * unitMinutes[planUnitOf[planUnit]]) / unitMinutes[priceUnit];
  return Math.round(Math.round(unitPrice * 100) * units) / 100;
}

/** A notice shown to customers in EN (required), IT and ES. */
export const programNotice = z
  .strictObject({
    en: z.string().max(2000).optional(),
    it: z.string().max(2000).nullable().optional(),
    es: z.string().max(2000).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.en?.trim()) ctx.addIssue({ code: 'custom', path: ['en'], message: ENGLISH_REQUIRED_MESSAGE });
  });
export type ProgramNotice = z.infer<typeof programNotice>;
const storedNotice = z.object({
  en: z.string(),
  it: z.string().nullable().optional(),
  es: z.string().nullable().optional(),
});

export const paymentPlanInput = z.strictObject({
  frequency: z.number({ message: PRICING_MESSAGES.planIncomplete }).int().min(1).max(365),
  unit: z.enum(paymentPlanUnits, { message: PRICING_MESSAGES.planIncomplete }),
  priority: z.number({ message: PRICING_MESSAGES.planIncomplete }).int().min(1).max(99),
});
export type PaymentPlanInput = z.infer<typeof paymentPlanInput>;
export const paymentPlan = z.object({
  id,
  frequency: z.number().int(),
  unit: z.enum(paymentPlanUnits),
  priority: z.number().int(),
});
export type PaymentPlan = z.infer<typeof paymentPlan>;

export const pricingPartInput = z
  .strictObject({
    unitPrice: money,
    priceUnit: z.enum(priceUnits),
    paymentPlans: z
      .array(paymentPlanInput)
      .min(1, { message: 'Add at least one payment plan' })
      .max(PAYMENT_PLANS_MAX, { message: `At most ${PAYMENT_PLANS_MAX} payment plans` }),
    rentalFeeNotice: programNotice,
    /**
     * Changing the unit price or removing a plan deletes the discount prices that depend on it. Without this
     * flag the server refuses (409 DependentDiscounts, listing them) so the console can ask first.
     */
    confirmDiscountDeletion: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    const priorities = new Set<number>();
    v.paymentPlans.forEach((plan, index) => {
      const key = `${plan.frequency} ${plan.unit}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['paymentPlans', index, 'frequency'],
          message: PRICING_MESSAGES.planDuplicated,
        });
      if (priorities.has(plan.priority))
        ctx.addIssue({
          code: 'custom',
          path: ['paymentPlans', index, 'priority'],
          message: PRICING_MESSAGES.priorityDuplicated,
        });
      seen.add(key);
      priorities.add(plan.priority);
    });
  });
export type PricingPartInput = z.infer<typeof pricingPartInput>;

export const depositPartInput = z.strictObject({ amount: money, notice: programNotice.nullable().optional() });
export type DepositPartInput = z.infer<typeof depositPartInput>;

export const manualConfirmationPolicies = ['required', 'not-required'] as const;
export const crossSiteReturnPolicies = ['allowed', 'not-allowed'] as const;
export const detectionModes = ['enabled', 'disabled'] as const;
export const ASSET_RENTAL_LIMIT_MAX = 20;

/** Collect-and-return rules (document 2 §3 "Rental rule"). */
export const rulePartInput = z.strictObject({
  assetRentalLimit: z
    .number({ message: 'Set the asset rental limit' })
    .int()
    .min(1, { message: 'At least 1' })
    .max(ASSET_RENTAL_LIMIT_MAX, { message: `At most ${ASSET_RENTAL_LIMIT_MAX}` }),
  manualConfirmationPolicy: z.enum(manualConfirmationPolicies),
  crossSiteReturnPolicy: z.enum(crossSiteReturnPolicies),
  returnLocationDetection: z.enum(detectionModes),
  /** Asset condition detection: the asset must be locked to be returned. */
  assetConditionDetection: z.strictObject({ locked: z.boolean() }),
});
export type RulePartInput = z.infer<typeof rulePartInput>;

const categoryRef = z.object({ id, name: z.string() });
const partOwner = {
  programId: id,
  partner: partnerRef,
  assetCategory: categoryRef,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
};

export const pricingPart = z.object({
  ...partOwner,
  unitPrice: z.number(),
  priceUnit: z.enum(priceUnits),
  /** The partner's operation currency, fixed once the operation setting is confirmed. */
  currency: z.string(),
  paymentPlans: z.array(paymentPlan),
  rentalFeeNotice: storedNotice,
});
export type PricingPart = z.infer<typeof pricingPart>;

export const depositPart = z.object({
  ...partOwner,
  amount: z.number(),
  currency: z.string(),
  notice: storedNotice.nullable(),
});
export type DepositPart = z.infer<typeof depositPart>;

export const rulePart = z.object({
  ...partOwner,
  assetRentalLimit: z.number().int(),
  manualConfirmationPolicy: z.enum(manualConfirmationPolicies),
  crossSiteReturnPolicy: z.enum(crossSiteReturnPolicies),
  returnLocationDetection: z.enum(detectionModes),
  assetConditionDetection: z.object({ locked: z.boolean() }),
});
export type RulePart = z.infer<typeof rulePart>;

export const rentalProgram = z.object({
  id,
  partner: partnerRef,
  assetCategory: categoryRef,
  pricing: pricingPart.nullable(),
  deposit: depositPart.nullable(),
  rule: rulePart.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type RentalProgram = z.infer<typeof rentalProgram>;

export const programKey = z.strictObject({ partnerId: id, assetCategoryId: id });
export type ProgramKey = z.infer<typeof programKey>;
export const programCreate = programKey.extend({
  pricing: pricingPartInput.optional(),
  deposit: depositPartInput.optional(),
  rule: rulePartInput.optional(),
});
export const programListQuery = pageQuery.extend({
  partnerId: id.optional(),
  assetCategoryId: id.optional(),
  sort: sortQuery(['createdAt', 'updatedAt'] as const),
});
export type ProgramListQuery = z.infer<typeof programListQuery>;

export const dependentDiscount = z.object({ id, name: z.string() });
/** `DELETE` of a pricing part or a program: the same confirmation as a price change. */
export const programDeleteQuery = z.strictObject({ confirmDiscountDeletion: z.enum(['true', 'false']).optional() });

export const discountStatuses = ['scheduled', 'active', 'ended', 'cancelled'] as const;
export type DiscountStatus = (typeof discountStatuses)[number];

const discountPercent = z
  .number({ message: 'Set the discount' })
  .gt(0, { message: 'The discount must be more than 0 %' })
  .lt(100, { message: 'The discount must be less than 100 %' })
  .refine(twoDecimals, { message: 'At most 2 decimals' });

const scheduleRule = (v: { startTime: string; endTime?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (v.endTime && Date.parse(v.endTime) <= Date.parse(v.startTime))
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: PRICING_MESSAGES.endAfterStart });
};

export const discountCreate = z
  .strictObject({
    name: trimmedText(100),
    partnerId: id,
    assetCategoryId: id,
    paymentPlanId: id,
    description: optionalText(500).nullable().optional(),
    startTime: isoDateTime,
    /** Null: until cancelled. */
    endTime: isoDateTime.nullable(),
    discountPercent,
  })
  .superRefine(scheduleRule);
export type DiscountCreate = z.infer<typeof discountCreate>;

/** Once a discount has ended (or was cancelled) only its name and description change. */
export const discountUpdate = z.strictObject({
  name: trimmedText(100).optional(),
  description: optionalText(500).nullable().optional(),
  discountPercent: discountPercent.optional(),
  paymentPlanId: id.optional(),
});
export type DiscountUpdate = z.infer<typeof discountUpdate>;

export const discountReschedule = z
  .strictObject({ startTime: isoDateTime, endTime: isoDateTime.nullable() })
  .superRefine(scheduleRule);
export type DiscountReschedule = z.infer<typeof discountReschedule>;

export const discount = z.object({
  id,
  name: z.string(),
  partner: partnerRef,
  assetCategory: categoryRef,
  paymentPlan: paymentPlan,
  description: z.string().nullable(),
  startTime: isoDateTime,
  endTime: isoDateTime.nullable(),
  discountPercent: z.number(),
  /** The original price when the discount was made or last repriced, and what the customer pays. */
  unitPrice: z.number(),
  discountedUnitPrice: z.number(),
  priceUnit: z.enum(priceUnits),
  currency: z.string(),
  status: z.enum(discountStatuses),
  cancelledAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Discount = z.infer<typeof discount>;

export const discountListQuery = pageQuery.extend({
  partnerId: id.optional(),
  assetCategoryId: id.optional(),
  status: z.enum(discountStatuses).optional(),
  search: z.string().trim().max(100).optional(),
  sort: sortQuery(['createdAt', 'updatedAt', 'startTime', 'name'] as const),
});
export type DiscountListQuery = z.infer<typeof discountListQuery>;

export const partListQuery = pageQuery.extend({
  partnerId: id.optional(),
  assetCategoryId: id.optional(),
  sort: sortQuery(['createdAt', 'updatedAt'] as const),
});
export type PartListQuery = z.infer<typeof partListQuery>;

export const partParams = z.strictObject({ partnerId: id, assetCategoryId: id });
export const pricingErrorCodes = [
  'DependentDiscounts',
  'CreditCardPolicyRequired',
  'PartnerConfigIncomplete',
  'DiscountEnded',
  'DiscountOverlaps',
] as const;

const read = requires('program.read');
const write = requires('program.write');
const ruleRead = requires('program.rule_part.read');
const ruleWrite = requires('program.rule_part.write');
const tag = 'pricing';
const partBase = '/renting/programs/partners/:partnerId/categories/:assetCategoryId';

/** GET, POST (create), PUT (replace) and DELETE of one part of the program of a partner and category. */
function partEndpoints<I extends z.ZodType, O extends z.ZodType>(
  name: 'pricingPart' | 'depositPart' | 'rulePart',
  input: I,
  output: O,
  perms: { read: ReturnType<typeof requires>; write: ReturnType<typeof requires> },
) {
  const path = `${partBase}/${name}`;
  return {
    get: endpoint({
      method: 'GET',
      path,
      summary: `The ${name} of a partner and category`,
      tag,
      requires: perms.read,
      params: partParams,
      response: dataOf(output),
    }),
    create: endpoint({
      method: 'POST',
      path,
      summary: `Create the ${name} (409 when it exists)`,
      tag,
      requires: perms.write,
      params: partParams,
      body: input,
      response: dataOf(output),
      status: 201,
    }),
    replace: endpoint({
      method: 'PUT',
      path,
      summary: `Replace the ${name}`,
      tag,
      requires: perms.write,
      params: partParams,
      body: input,
      response: dataOf(output),
    }),
    remove: endpoint({
      method: 'DELETE',
      path,
      summary: `Delete the ${name}`,
      tag,
      requires: perms.write,
      params: partParams,
      query: programDeleteQuery,
      response: emptyResponse,
    }),
  };
}

export const pricingEndpoints = {
  programs: endpoint({
    method: 'GET',
    path: '/renting/programs',
    summary: 'Rental programs in scope with their parts',
    tag,
    requires: read,
    query: programListQuery,
    response: listOf(rentalProgram),
  }),
  program: endpoint({
    method: 'GET',
    path: '/renting/programs/:id',
    summary: 'One rental program',
    tag,
    requires: read,
    params: idParams,
    response: dataOf(rentalProgram),
  }),
  createProgram: endpoint({
    method: 'POST',
    path: '/renting/programs',
    summary: 'Create the program of a partner and category with any of its parts',
    tag,
    requires: write,
    body: programCreate,
    response: dataOf(rentalProgram),
    status: 201,
  }),
  deleteProgram: endpoint({
    method: 'DELETE',
    path: '/renting/programs/:id',
    summary: 'Delete a program, its parts and (confirmed) its open discounts',
    tag,
    requires: [['program.write', 'program.rule_part.write']],
    params: idParams,
    query: programDeleteQuery,
    response: emptyResponse,
  }),
  findProgram: endpoint({
    method: 'POST',
    path: '/renting/programs/$findByPartnerAndAssetCategory',
    summary: 'The program of a partner and category (404 when none)',
    tag,
    requires: read,
    body: programKey,
    response: dataOf(rentalProgram),
  }),
  pricingParts: endpoint({
    method: 'GET',
    path: '/renting/programs/$all/pricingParts',
    summary: 'Original prices in scope',
    tag,
    requires: read,
    query: partListQuery,
    response: listOf(pricingPart),
  }),
  depositParts: endpoint({
    method: 'GET',
    path: '/renting/programs/$all/depositParts',
    summary: 'Deposit settings in scope',
    tag,
    requires: read,
    query: partListQuery,
    response: listOf(depositPart),
  }),
  ruleParts: endpoint({
    method: 'GET',
    path: '/renting/programs/$all/ruleParts',
    summary: 'Collect-and-return rules in scope',
    tag,
    requires: ruleRead,
    query: partListQuery,
    response: listOf(rulePart),
  }),
  pricingPart: partEndpoints('pricingPart', pricingPartInput, pricingPart, { read, write }),
  depositPart: partEndpoints('depositPart', depositPartInput, depositPart, { read, write }),
  rulePart: partEndpoints('rulePart', rulePartInput, rulePart, { read: ruleRead, write: ruleWrite }),
  discounts: endpoint({
    method: 'GET',
    path: '/renting/discounts',
    summary: 'Discount prices in scope',
    tag,
    requires: read,
    query: discountListQuery,
    response: listOf(discount),
  }),
  discount: endpoint({
    method: 'GET',
    path: '/renting/discounts/:id',
    summary: 'One discount price',
    tag,
    requires: read,
    params: idParams,
    response: dataOf(discount),
  }),
  createDiscount: endpoint({
    method: 'POST',
    path: '/renting/discounts',
    summary: 'Create a discount price for one payment plan',
    tag,
    requires: write,
    body: discountCreate,
    response: dataOf(discount),
    status: 201,
  }),
  updateDiscount: endpoint({
    method: 'PATCH',
    path: '/renting/discounts/:id',
    summary: 'Change a discount (only name and description once ended)',
    tag,
    requires: write,
    params: idParams,
    body: discountUpdate,
    response: dataOf(discount),
  }),
  rescheduleDiscount: endpoint({
    method: 'POST',
    path: '/renting/discounts/:id/$reschedule',
    summary: 'Move the start (before it starts) and the end of a discount',
    tag,
    requires: write,
    params: idParams,
    body: discountReschedule,
    response: dataOf(discount),
  }),
  cancelDiscount: endpoint({
    method: 'POST',
    path: '/renting/discounts/:id/$cancel',
    summary: 'Cancel a scheduled or active discount',
    tag,
    requires: write,
    params: idParams,
    response: dataOf(discount),
  }),
};
