import {
  type DepositPart,
  type DepositPartInput,
  DISCOUNT_LEAD_MS,
  type Discount,
  type DiscountCreate,
  type DiscountReschedule,
  type DiscountStatus,
  type DiscountUpdate,
  discountCreate,
  discountReschedule,
  ENGLISH_REQUIRED_MESSAGE,
  id,
  money,
  type PaymentPlanUnit,
  PRICING_MESSAGES,
  type PricingPart,
  type PricingPartInput,
  pricingPartInput,
  type RulePart,
  type RulePartInput,
  rulePartInput,
} from '@fleetdesk/contracts';
import { z } from 'zod';
import { ApiError, isApiError } from '../../../shared/http.ts';

/**
 * What the pricing forms hold and what the API takes. The forms keep the contract's field names so a server
 * ValidationError (`paymentPlans.1.frequency`, `rentalFeeNotice.en`) lands on the field it names.
 */

/** The partner and category a new part is for: picked from lists, so a valid id or nothing. */
const programKeyFields = {
  partnerId: z.uuid({ message: 'This field is required' }),
  assetCategoryId: z.uuid({ message: 'This field is required' }),
};

export interface NoticeValues {
  en?: string | undefined;
  it?: string | null | undefined;
  es?: string | null | undefined;
}

/** A notice as stored: English trimmed, a blank Italian or Spanish text as null (not translated). */
export function noticeBodyOf(values: NoticeValues): { en: string; it: string | null; es: string | null } {
  const other = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
  return { en: values.en?.trim() ?? '', it: other(values.it), es: other(values.es) };
}

const noticeValuesOf = (notice: { en: string; it?: string | null; es?: string | null } | null | undefined) => ({
  en: notice?.en ?? '',
  it: notice?.it ?? '',
  es: notice?.es ?? '',
});

// ——— Original price (pricing part) ———

export const pricingNewForm = pricingPartInput.safeExtend(programKeyFields);
export type PricingFormValues = z.input<typeof pricingPartInput>;

/** A new plan row: the next free priority, so two rows never start out sharing one. */
export function nextPlanRow(rows: readonly ({ priority?: number | null } | undefined)[]) {
  const highest = Math.max(0, ...rows.map((row) => row?.priority ?? 0));
  return { frequency: undefined, unit: 'hours' as PaymentPlanUnit, priority: highest + 1 };
}

export const newPricingValues: Partial<PricingFormValues> = {
  priceUnit: 'hour',
  paymentPlans: [{ frequency: 1, unit: 'hours', priority: 1 }],
  rentalFeeNotice: { en: '', it: '', es: '' },
};

/** The stored part as form values; the plans' ids stay behind (the server keeps them for the same frequency). */
export function pricingValuesOf(part: PricingPart): PricingFormValues {
  return {
    unitPrice: part.unitPrice,
    priceUnit: part.priceUnit,
    paymentPlans: part.paymentPlans.map(({ frequency, unit, priority }) => ({ frequency, unit, priority })),
    rentalFeeNotice: noticeValuesOf(part.rentalFeeNotice),
  };
}

/** The parsed form as the request body; `confirmDiscountDeletion` once the user agreed to lose the discounts. */
export function pricingBodyOf(
  values: z.output<typeof pricingPartInput>,
  confirmDiscountDeletion = false,
): PricingPartInput {
  return {
    unitPrice: values.unitPrice,
    priceUnit: values.priceUnit,
    paymentPlans: values.paymentPlans.map(({ frequency, unit, priority }) => ({ frequency, unit, priority })),
    rentalFeeNotice: noticeBodyOf(values.rentalFeeNotice),
    ...(confirmDiscountDeletion ? { confirmDiscountDeletion: true } : {}),
  };
}

// ——— Deposit part ———

/** The deposit notice is optional as a whole; once any language is written, English is required. */
export const depositForm = z
  .object({
    amount: money,
    notice: z.object({
      en: z.string().max(2000).optional(),
      it: z.string().max(2000).nullable().optional(),
      es: z.string().max(2000).nullable().optional(),
    }),
  })
  .superRefine((v, ctx) => {
    const written = [v.notice.en, v.notice.it, v.notice.es].some((text) => text?.trim());
    if (written && !v.notice.en?.trim())
      ctx.addIssue({ code: 'custom', path: ['notice', 'en'], message: ENGLISH_REQUIRED_MESSAGE });
  });
export const depositNewForm = depositForm.safeExtend(programKeyFields);
export type DepositFormValues = z.input<typeof depositForm>;

export const newDepositValues: Partial<DepositFormValues> = { notice: { en: '', it: '', es: '' } };

export function depositValuesOf(part: DepositPart): DepositFormValues {
  return { amount: part.amount, notice: noticeValuesOf(part.notice) };
}

export function depositBodyOf(values: z.output<typeof depositForm>): DepositPartInput {
  const written = [values.notice.en, values.notice.it, values.notice.es].some((text) => text?.trim());
  return { amount: values.amount, notice: written ? noticeBodyOf(values.notice) : null };
}

// ——— Collect-return rules (rule part) ———

export const ruleNewForm = rulePartInput.safeExtend(programKeyFields);

/** The safe starting point: one asset at a time, staff confirm, return where rented, location checked, locked. */
export const newRuleValues: RulePartInput = {
  assetRentalLimit: 1,
  manualConfirmationPolicy: 'required',
  crossSiteReturnPolicy: 'not-allowed',
  returnLocationDetection: 'enabled',
  assetConditionDetection: { locked: true },
};

export function ruleValuesOf(part: RulePart): RulePartInput {
  return {
    assetRentalLimit: part.assetRentalLimit,
    manualConfirmationPolicy: part.manualConfirmationPolicy,
    crossSiteReturnPolicy: part.crossSiteReturnPolicy,
    returnLocationDetection: part.returnLocationDetection,
    assetConditionDetection: { locked: part.assetConditionDetection.locked },
  };
}

// ——— Discounts ———

/** What a discount in this status lets the user change (document 2 §4: once ended, only name and description). */
export interface DiscountEdits {
  discountPercent: boolean;
  /** A discount that has started keeps the plan it lowers. */
  paymentPlan: boolean;
  reschedule: boolean;
  /** The start moves only before the discount starts. */
  start: boolean;
  cancel: boolean;
}

export function discountEditsFor(status: DiscountStatus): DiscountEdits {
  const open = status === 'scheduled' || status === 'active';
  const scheduled = status === 'scheduled';
  return { discountPercent: open, paymentPlan: scheduled, reschedule: open, start: scheduled, cancel: open };
}

/** The start must be more than 10 minutes ahead (document 2 §5), checked against `now` when the form is sent. */
function startAhead(startTime: string | undefined, now: number, ctx: z.RefinementCtx) {
  if (startTime && Date.parse(startTime) <= now + DISCOUNT_LEAD_MS)
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: PRICING_MESSAGES.discountStart });
}

/** "Until cancelled" instead of an end: the switch clears the end, and without it an end is required. */
function endOrUntilCancelled(
  v: { endTime?: string | null | undefined; untilCancelled?: boolean | undefined },
  ctx: z.RefinementCtx,
) {
  if (!v.untilCancelled && !v.endTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'This field is required' });
}

const scheduleFields = { untilCancelled: z.boolean().optional() };

/** The new discount form: the create body with the "until cancelled" switch and the lead time. */
export const discountForm = (now: () => number = Date.now) =>
  discountCreate.safeExtend(scheduleFields).superRefine((v, ctx) => {
    startAhead(v.startTime, now(), ctx);
    endOrUntilCancelled(v, ctx);
  });
export type DiscountFormValues = z.input<ReturnType<typeof discountForm>>;

export function discountBodyOf(values: z.output<ReturnType<typeof discountForm>>): DiscountCreate {
  const description = values.description?.trim();
  return {
    name: values.name,
    partnerId: values.partnerId,
    assetCategoryId: values.assetCategoryId,
    paymentPlanId: values.paymentPlanId,
    description: description ? description : null,
    startTime: values.startTime,
    endTime: values.untilCancelled ? null : (values.endTime ?? null),
    discountPercent: values.discountPercent,
  };
}

/** The edit form: name and description always, percent and plan while the discount is open. */
export const discountEditForm = z.object({
  name: discountCreate.shape.name,
  description: discountCreate.shape.description,
  discountPercent: discountCreate.shape.discountPercent.optional(),
  paymentPlanId: id.optional(),
});
export type DiscountEditValues = z.input<typeof discountEditForm>;

export function discountEditValuesOf(discount: Discount): DiscountEditValues {
  return {
    name: discount.name,
    description: discount.description ?? '',
    discountPercent: discount.discountPercent,
    paymentPlanId: discount.paymentPlan.id,
  };
}

/** Only what changed and what the status allows: an ended discount never sends its percent or plan. */
export function discountUpdateBodyOf(values: z.output<typeof discountEditForm>, discount: Discount): DiscountUpdate {
  const edits = discountEditsFor(discount.status);
  const body: DiscountUpdate = {};
  if (values.name !== discount.name) body.name = values.name;
  const description = values.description?.trim() ? values.description.trim() : null;
  if (description !== discount.description) body.description = description;
  if (
    edits.discountPercent &&
    values.discountPercent !== undefined &&
    values.discountPercent !== discount.discountPercent
  )
    body.discountPercent = values.discountPercent;
  if (edits.paymentPlan && values.paymentPlanId && values.paymentPlanId !== discount.paymentPlan.id)
    body.paymentPlanId = values.paymentPlanId;
  return body;
}

/**
 * The reschedule dialog. A scheduled discount's start stays more than 10 minutes ahead (moved or not); a started
 * one keeps its start. A new end lies in the future.
 */
export const rescheduleForm = (discount: Pick<Discount, 'status'>, now: () => number = Date.now) =>
  discountReschedule.safeExtend(scheduleFields).superRefine((v, ctx) => {
    if (discount.status === 'scheduled') startAhead(v.startTime, now(), ctx);
    if (!v.untilCancelled && v.endTime && Date.parse(v.endTime) <= now())
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_IN_FUTURE });
    endOrUntilCancelled(v, ctx);
  });
export type RescheduleValues = z.input<ReturnType<typeof rescheduleForm>>;

export function rescheduleValuesOf(discount: Discount): RescheduleValues {
  return { startTime: discount.startTime, endTime: discount.endTime, untilCancelled: discount.endTime === null };
}

export function rescheduleBodyOf(values: z.output<ReturnType<typeof rescheduleForm>>): DiscountReschedule {
  return { startTime: values.startTime, endTime: values.untilCancelled ? null : (values.endTime ?? null) };
}

// ——— Refusals ———

/** The server's wording for an end in the past (a reschedule of a running discount). */
export const END_IN_FUTURE = 'The end must be later than now';

/**
 * DiscountOverlaps names the other discount of the same plan: shown under the start (or the plan, on the edit
 * form), in the user's language
 * (`message` is the translated sentence).
 */
export function asOverlapError(
  error: unknown,
  message: (name: string) => string,
  field: 'startTime' | 'paymentPlanId' = 'startTime',
): unknown {
  if (!isApiError(error) || error.code !== 'DiscountOverlaps') return error;
  const other = (error.data as { discount?: { name?: unknown } } | null)?.discount;
  const name = typeof other?.name === 'string' ? other.name : '';
  return new ApiError(
    error.status,
    'ValidationError',
    error.message,
    { fields: { [field]: message(name) } },
    error.url,
  );
}

export interface DependentDiscount {
  id: string;
  name: string;
}

/** The discounts a price change or a delete would take with it (409 DependentDiscounts), else null. */
export function dependentDiscountsOf(error: unknown): DependentDiscount[] | null {
  if (!isApiError(error) || error.code !== 'DependentDiscounts') return null;
  const discounts = (error.data as { discounts?: unknown } | null)?.discounts;
  if (!Array.isArray(discounts)) return [];
  return discounts.filter(
    (d): d is DependentDiscount =>
      typeof d === 'object' && d !== null && typeof d.id === 'string' && typeof d.name === 'string',
  );
}

/**
 * CreditCardPolicyRequired is about the unit price the user typed: shown under that field, like a validation
 * error (the form reads `fieldErrors`).
 */
export function asUnitPriceError(error: unknown): unknown {
  if (isApiError(error) && error.code === 'CreditCardPolicyRequired')
    return new ApiError(
      error.status,
      'ValidationError',
      error.message,
      { fields: { unitPrice: PRICING_MESSAGES.creditCardRequired }, refusal: error.code },
      error.url,
    );
  return error;
}

/** Whether a save was refused because the partner's operation setting is not confirmed yet. */
export const isPartnerConfigIncomplete = (error: unknown) =>
  isApiError(error) && error.code === 'PartnerConfigIncomplete';
