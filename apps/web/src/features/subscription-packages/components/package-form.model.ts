import type { PackagePlanInput, SubscriptionPackage, SubscriptionPackageInput } from '@fleetdesk/contracts';

/** What the package form holds: the contract's input, with the plan ids of an edit kept in hidden fields. */
export type PackageFormValues = SubscriptionPackageInput;

/**
 * A new plan row: one month, valid from this minute for a year, able to start a subscription. The amounts stay
 * empty so the user types each one (document 2 §5 "all inputs required").
 */
export function newPlanRow(now = new Date()): Partial<PackagePlanInput> {
  const since = new Date(now);
  since.setSeconds(0, 0);
  const until = new Date(since);
  until.setFullYear(until.getFullYear() + 1);
  return {
    name: '',
    durationQuantity: 1,
    durationUnit: 'months',
    initialAvailability: 1,
    deductible: 0,
    validSince: since.toISOString(),
    validUntil: until.toISOString(),
    cannotBeFirstPlan: false,
  };
}

/** The form of a new package: one plan to start with. */
export const newPackageValues = (now = new Date()): Partial<PackageFormValues> => ({
  name: '',
  description: '',
  plans: [newPlanRow(now) as PackagePlanInput],
});

/** A stored package as the edit form starts: its fields and its plans with their ids, in order. */
export function packageToValues(p: SubscriptionPackage): PackageFormValues {
  return {
    name: p.name,
    description: p.description,
    partnerId: p.partner.id,
    categoryId: p.category.id,
    plans: p.plans.map(({ orderCount: _count, ...plan }) => plan),
  };
}

/** How many orders use each stored plan, by id: a plan in use cannot be removed (the server says 409 PlanInUse). */
export const planOrderCounts = (p: SubscriptionPackage | undefined): ReadonlyMap<string, number> =>
  new Map((p?.plans ?? []).map((plan) => [plan.id, plan.orderCount]));
