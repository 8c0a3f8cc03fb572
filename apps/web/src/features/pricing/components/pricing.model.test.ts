import type { Discount, PricingPart } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import {
  asOverlapError,
  asUnitPriceError,
  dependentDiscountsOf,
  depositBodyOf,
  depositForm,
  discountBodyOf,
  discountEditsFor,
  discountForm,
  discountUpdateBodyOf,
  nextPlanRow,
  pricingBodyOf,
  pricingNewForm,
  pricingValuesOf,
  rescheduleBodyOf,
  rescheduleForm,
} from './pricing.model.ts';

const partner = { id: '00000000-0000-4000-8000-000000000001', name: 'Milano Bike Hub' };
const category = { id: '00000000-0000-4000-8000-000000000002', name: 'City e-bike' };
const planId = '00000000-0000-4000-8000-000000000003';
const now = Date.parse('2026-05-01T10:00:00Z');

const part: PricingPart = {
  programId: '00000000-0000-4000-8000-000000000009',
  partner,
  assetCategory: category,
  unitPrice: 2.5,
  priceUnit: 'hour',
  currency: 'EUR',
  paymentPlans: [{ id: planId, frequency: 1, unit: 'hours', priority: 1 }],
  rentalFeeNotice: { en: 'Pay per hour', it: null, es: 'Pago por hora' },
  createdAt: '2026-04-01T10:00:00.000Z',
  updatedAt: '2026-04-01T10:00:00.000Z',
};

const discount: Discount = {
  id: '00000000-0000-4000-8000-000000000010',
  name: 'Spring',
  partner,
  assetCategory: category,
  paymentPlan: part.paymentPlans[0] as Discount['paymentPlan'],
  description: null,
  startTime: '2026-05-02T10:00:00.000Z',
  endTime: null,
  discountPercent: 20,
  unitPrice: 2.5,
  discountedUnitPrice: 2,
  priceUnit: 'hour',
  currency: 'EUR',
  status: 'scheduled',
  cancelledAt: null,
  createdAt: '2026-04-01T10:00:00.000Z',
  updatedAt: '2026-04-01T10:00:00.000Z',
};

describe('original price form', () => {
  it('turns a stored part into form values without the plan ids and back into the same body', () => {
    const values = pricingValuesOf(part);
    expect(values.paymentPlans).toEqual([{ frequency: 1, unit: 'hours', priority: 1 }]);
    expect(values.rentalFeeNotice).toEqual({ en: 'Pay per hour', it: '', es: 'Pago por hora' });
    const parsed = pricingNewForm.parse({ ...values, partnerId: partner.id, assetCategoryId: category.id });
    expect(pricingBodyOf(parsed)).toEqual({
      unitPrice: 2.5,
      priceUnit: 'hour',
      paymentPlans: [{ frequency: 1, unit: 'hours', priority: 1 }],
      rentalFeeNotice: { en: 'Pay per hour', it: null, es: 'Pago por hora' },
    });
  });

  it('adds confirmDiscountDeletion only once the user agreed', () => {
    const parsed = pricingNewForm.parse({
      ...pricingValuesOf(part),
      partnerId: partner.id,
      assetCategoryId: category.id,
    });
    expect(pricingBodyOf(parsed, true).confirmDiscountDeletion).toBe(true);
    expect('confirmDiscountDeletion' in pricingBodyOf(parsed)).toBe(false);
  });

  it('refuses a repeated plan on the row that repeats it', () => {
    const result = pricingNewForm.safeParse({
      ...pricingValuesOf(part),
      partnerId: partner.id,
      assetCategoryId: category.id,
      paymentPlans: [
        { frequency: 1, unit: 'hours', priority: 1 },
        { frequency: 1, unit: 'hours', priority: 2 },
      ],
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['paymentPlans.1.frequency']);
  });

  it('gives a new plan row the next free priority', () => {
    expect(nextPlanRow([{ priority: 1 }, { priority: 4 }, undefined]).priority).toBe(5);
    expect(nextPlanRow([]).priority).toBe(1);
  });
});

describe('deposit form', () => {
  it('sends no notice when none is written, and requires English once one is', () => {
    expect(depositBodyOf(depositForm.parse({ amount: 50, notice: { en: ' ', it: '', es: '' } }))).toEqual({
      amount: 50,
      notice: null,
    });
    const italianOnly = depositForm.safeParse({ amount: 50, notice: { en: '', it: 'Cauzione', es: '' } });
    expect(italianOnly.error?.issues[0]?.path).toEqual(['notice', 'en']);
    expect(depositBodyOf(depositForm.parse({ amount: 50, notice: { en: ' Held ', it: '', es: null } }))).toEqual({
      amount: 50,
      notice: { en: 'Held', it: null, es: null },
    });
  });
});

describe('discount form', () => {
  const values = {
    name: 'Spring',
    partnerId: partner.id,
    assetCategoryId: category.id,
    paymentPlanId: planId,
    description: '  ',
    discountPercent: 15,
  };

  it('refuses a start 10 minutes or less ahead', () => {
    const tenMinutes = new Date(now + 10 * 60_000).toISOString();
    const result = discountForm(() => now).safeParse({
      ...values,
      startTime: tenMinutes,
      endTime: null,
      untilCancelled: true,
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['startTime']);
  });

  it('asks for an end unless the discount runs until cancelled', () => {
    const startTime = new Date(now + 15 * 60_000).toISOString();
    const result = discountForm(() => now).safeParse({ ...values, startTime, endTime: null, untilCancelled: false });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['endTime']);
  });

  it('sends null as the end of a discount until cancelled, and a blank description as null', () => {
    const startTime = new Date(now + 15 * 60_000).toISOString();
    const parsed = discountForm(() => now).parse({
      ...values,
      startTime,
      endTime: '2026-06-01T10:00:00.000Z',
      untilCancelled: true,
    });
    expect(discountBodyOf(parsed)).toEqual({ ...values, description: null, startTime, endTime: null });
  });
});

describe('discount status and allowed edits', () => {
  it('lets a scheduled discount change everything, an active one neither its start nor its plan', () => {
    expect(discountEditsFor('scheduled')).toEqual({
      discountPercent: true,
      paymentPlan: true,
      reschedule: true,
      start: true,
      cancel: true,
    });
    expect(discountEditsFor('active')).toEqual({
      discountPercent: true,
      paymentPlan: false,
      reschedule: true,
      start: false,
      cancel: true,
    });
  });

  it.each(['ended', 'cancelled'] as const)('lets an %s discount change only its name and description', (status) => {
    expect(discountEditsFor(status)).toEqual({
      discountPercent: false,
      paymentPlan: false,
      reschedule: false,
      start: false,
      cancel: false,
    });
    const body = discountUpdateBodyOf(
      { name: 'Renamed', description: 'Why', discountPercent: 50, paymentPlanId: planId },
      { ...discount, status, discountPercent: 20 },
    );
    expect(body).toEqual({ name: 'Renamed', description: 'Why' });
  });

  it('sends only what changed', () => {
    expect(
      discountUpdateBodyOf({ name: 'Spring', description: '', discountPercent: 25, paymentPlanId: planId }, discount),
    ).toEqual({ discountPercent: 25 });
  });
});

describe('reschedule', () => {
  it('keeps the start of a started discount and wants a future end', () => {
    const active = { ...discount, startTime: '2026-04-30T10:00:00.000Z', status: 'active' as const };
    const form = rescheduleForm(active, () => now);
    expect(form.safeParse({ startTime: active.startTime, endTime: '2026-05-10T10:00:00.000Z' }).success).toBe(true);
    const past = form.safeParse({ startTime: active.startTime, endTime: '2026-05-01T09:00:00.000Z' });
    expect(past.error?.issues.map((i) => i.path.join('.'))).toEqual(['endTime']);
    expect(rescheduleBodyOf(form.parse({ startTime: active.startTime, endTime: null, untilCancelled: true }))).toEqual({
      startTime: active.startTime,
      endTime: null,
    });
  });

  it('keeps a scheduled start more than 10 minutes ahead, moved or not', () => {
    const form = rescheduleForm({ status: 'scheduled' }, () => now);
    const soon = form.safeParse({ startTime: '2026-05-01T10:05:00.000Z', endTime: null, untilCancelled: true });
    expect(soon.error?.issues.map((i) => i.path.join('.'))).toEqual(['startTime']);
    const later = form.safeParse({ startTime: '2026-05-01T11:00:00.000Z', endTime: null, untilCancelled: true });
    expect(later.success).toBe(true);
  });
});

describe('refusals', () => {
  it('reads the discounts a change would delete', () => {
    const error = new ApiError(
      409,
      'DependentDiscounts',
      'x',
      { discounts: [{ id: discount.id, name: 'Spring' }] },
      '/',
    );
    expect(dependentDiscountsOf(error)).toEqual([{ id: discount.id, name: 'Spring' }]);
    expect(dependentDiscountsOf(new ApiError(409, 'Conflict', 'x', null, '/'))).toBeNull();
  });

  it('shows an overlap under the start, naming the other discount', () => {
    const error = asOverlapError(
      new ApiError(409, 'DiscountOverlaps', 'x', { discount: { id: discount.id, name: 'Spring' } }, '/'),
      (name) => `Overlaps ${name}`,
    ) as ApiError;
    expect(error.fieldErrors).toEqual({ startTime: 'Overlaps Spring' });
  });

  it('shows the credit card refusal under the unit price', () => {
    const error = asUnitPriceError(new ApiError(422, 'CreditCardPolicyRequired', 'x', null, '/')) as ApiError;
    expect(error.fieldErrors).toEqual({ unitPrice: 'CreditCard policy must be required' });
  });
});
