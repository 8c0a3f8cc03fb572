import { type SubscriptionPackage, subscriptionPackageInput } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { newPackageValues, newPlanRow, packageToValues, planOrderCounts } from './package-form.model.ts';

const stored: SubscriptionPackage = {
  id: '7b0b5c1e-3f7a-4b59-9d55-2f1f7c1d9a01',
  name: 'City fleet',
  description: '',
  partner: { id: '7b0b5c1e-3f7a-4b59-9d55-2f1f7c1d9a02', name: 'Partner A' },
  category: { id: '7b0b5c1e-3f7a-4b59-9d55-2f1f7c1d9a03', name: 'E-bikes' },
  plans: [
    {
      id: '7b0b5c1e-3f7a-4b59-9d55-2f1f7c1d9a04',
      name: 'Monthly',
      basicFee: 100,
      usageFee: 1.5,
      usageFeeUpperLimit: 200,
      initialAvailability: 5,
      deductible: 10,
      durationUnit: 'months',
      durationQuantity: 1,
      validSince: '2026-01-01T00:00:00.000Z',
      validUntil: '2027-01-01T00:00:00.000Z',
      cannotBeFirstPlan: false,
      orderCount: 3,
    },
  ],
  orderCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('package form model', () => {
  it('starts a plan a minute-exact year long, one month at a time, that can start a subscription', () => {
    const row = newPlanRow(new Date('2026-05-10T08:30:42.123Z'));
    expect(row).toMatchObject({
      validSince: '2026-05-10T08:30:00.000Z',
      validUntil: '2027-05-10T08:30:00.000Z',
      durationQuantity: 1,
      durationUnit: 'months',
      cannotBeFirstPlan: false,
    });
    expect(row.basicFee).toBeUndefined();
  });

  it('leaves a new package incomplete until the user fills it in', () => {
    const result = subscriptionPackageInput.safeParse(newPackageValues());
    expect(result.success).toBe(false);
  });

  it('sends a stored package back unchanged, plan ids included, as the contract accepts it', () => {
    const values = packageToValues(stored);
    expect(values.plans[0]?.id).toBe(stored.plans[0]?.id);
    expect(values.plans[0]).not.toHaveProperty('orderCount');
    expect(subscriptionPackageInput.parse(values)).toEqual(values);
  });

  it('tells how many orders use each stored plan', () => {
    expect(planOrderCounts(stored).get(stored.plans[0]?.id ?? '')).toBe(3);
    expect(planOrderCounts(undefined).size).toBe(0);
  });
});
