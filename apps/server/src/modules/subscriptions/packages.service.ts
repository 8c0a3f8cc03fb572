import { randomUUID } from 'node:crypto';
import {
  type PackagePlanInput,
  type PlanDurationUnit,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionPackage,
  type SubscriptionPackageInput,
  type SubscriptionPackageQuery,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as categoriesRepo from '../categories/categories.repo.ts';
import * as repo from './packages.repo.ts';

const nameTaken = () =>
  new DomainError('PackageNameAlreadyExists', 409, SUBSCRIPTION_MESSAGES.packageNameTaken, {
    fields: { name: SUBSCRIPTION_MESSAGES.packageNameTaken },
  });
const planInUse = (plans: { id: string; name: string; orderCount: number }[]) =>
  new DomainError('PlanInUse', 409, SUBSCRIPTION_MESSAGES.planInUse, { plans });
const packageInUse = (orderCount: number | null) =>
  new DomainError('PackageInUse', 409, SUBSCRIPTION_MESSAGES.packageInUse, { orderCount });

/** Rows → the contract's shape. */
export function toPackage(row: repo.PackageRow): SubscriptionPackage {
  const { pkg } = row;
  return {
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    partner: { id: pkg.partnerId, name: row.partnerName },
    category: { id: pkg.categoryId, name: row.categoryName },
    plans: row.plans.map((p) => ({
      id: p.id,
      name: p.name,
      basicFee: Number(p.basicFee),
      usageFee: Number(p.usageFee),
      usageFeeUpperLimit: Number(p.usageFeeUpperLimit),
      initialAvailability: p.initialAvailability,
      deductible: p.deductible,
      durationUnit: p.durationUnit as PlanDurationUnit,
      durationQuantity: p.durationQuantity,
      validSince: toIso(p.validSince),
      validUntil: toIso(p.validUntil),
      cannotBeFirstPlan: p.cannotBeFirstPlan,
      orderCount: p.orderCount,
    })),
    orderCount: row.orderCount,
    createdAt: toIso(pkg.createdAt),
    updatedAt: toIso(pkg.updatedAt),
  };
}

/** What the field log records: the stored fields and the plans, names of linked objects and counts left out. */
const audited = (p: SubscriptionPackage) => ({
  partnerId: p.partner.id,
  categoryId: p.category.id,
  name: p.name,
  description: p.description,
  plans: p.plans.map(({ orderCount: _count, ...plan }) => plan),
});

const planValues = (plan: PackagePlanInput, position: number): repo.PlanValues => ({
  position,
  name: plan.name,
  basicFee: plan.basicFee,
  usageFee: plan.usageFee,
  usageFeeUpperLimit: plan.usageFeeUpperLimit,
  initialAvailability: plan.initialAvailability,
  deductible: plan.deductible,
  durationUnit: plan.durationUnit,
  durationQuantity: plan.durationQuantity,
  validSince: new Date(plan.validSince),
  validUntil: new Date(plan.validUntil),
  cannotBeFirstPlan: plan.cannotBeFirstPlan,
});

/** The index behind the name check, and the foreign keys behind the in-use checks: a concurrent request passes
 * the friendly check, then the database decides. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'subscription_packages_partner_name_key') throw nameTaken();
    const key = foreignKeyViolation(error) ?? '';
    if (key.startsWith('subscription_orders_package_id')) throw packageInUse(null);
    if (key.startsWith('subscription_orders_') || key.startsWith('subscription_periods_plan_id')) throw planInUse([]);
    throw error;
  }
}

export function createSubscriptionPackageService(deps: { db: Db }) {
  const { db } = deps;

  /** A package the caller may see: 404 NotFound when absent or of a partner outside the scope, alike. */
  async function visible(tx: DbOrTx, caller: Caller, id: string, lock = false) {
    const row = await repo.get(tx, caller.scope, id, { lock });
    if (!row) throw notFound();
    return row;
  }

  /** The category must exist and be enabled (a disabled one has no assets to subscribe). */
  async function checkCategory(tx: DbOrTx, categoryId: string) {
    const category = await categoriesRepo.get(tx, categoryId);
    if (!category) throw validationError({ categoryId: 'Unknown asset category' });
    if (!category.category.isEnabled) throw validationError({ categoryId: SUBSCRIPTION_MESSAGES.categoryDisabled });
  }

  async function checkName(tx: DbOrTx, caller: Caller, partnerId: string, name: string, exceptId?: string) {
    if (await repo.nameTaken(tx, caller.scope, partnerId, name, exceptId)) throw nameTaken();
  }

  const current = async (tx: DbOrTx, caller: Caller, id: string) =>
    toPackage((await repo.get(tx, caller.scope, id)) as repo.PackageRow);

  return {
    /** Packages of the caller's partners; a partner filter outside the scope is 403. */
    async list(
      caller: Caller,
      query: SubscriptionPackageQuery,
    ): Promise<{ data: SubscriptionPackage[]; count: number }> {
      for (const partnerId of query.partnerIdIn ?? []) assertPartnerInScope(caller.scope, partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toPackage), count };
    },

    /** One package with its plans and how many orders use each. */
    get: async (caller: Caller, id: string): Promise<SubscriptionPackage> => toPackage(await visible(db, caller, id)),

    /** Creates a package and its plans for a partner in scope, with a field log. */
    async create(caller: Caller, input: SubscriptionPackageInput): Promise<SubscriptionPackage> {
      assertPartnerInScope(caller.scope, input.partnerId);
      const id = randomUUID();
      return guarded(() =>
        db.transaction(async (tx) => {
          if (!(await repo.partnerExists(tx, caller.scope, input.partnerId))) {
            throw validationError({ partnerId: 'Unknown partner' });
          }
          await checkCategory(tx, input.categoryId);
          await checkName(tx, caller, input.partnerId, input.name);
          await repo.insert(
            tx,
            caller.scope,
            id,
            {
              partnerId: input.partnerId,
              categoryId: input.categoryId,
              name: input.name,
              description: input.description ?? '',
            },
            input.plans.map((plan, position) => ({ id: randomUUID(), values: planValues(plan, position) })),
          );
          const created = await current(tx, caller, id);
          await logChange(tx, caller, 'subscription-package', id, null, audited(created));
          return created;
        }),
      );
    },

    /**
     * Edits a package: its partner stays, plans sent with their id keep it (orders keep pointing at them; periods
     * already fixed keep their own copy of the terms), plans left out are removed unless an order uses them
     * (409 PlanInUse), plans without an id are added.
     */
    update: (caller: Caller, id: string, input: SubscriptionPackageInput): Promise<SubscriptionPackage> =>
      guarded(() =>
        db.transaction(async (tx) => {
          const row = await visible(tx, caller, id, true);
          if (input.partnerId !== row.pkg.partnerId) {
            throw validationError({ partnerId: SUBSCRIPTION_MESSAGES.partnerLocked });
          }
          const stored = new Map(row.plans.map((p) => [p.id, p]));
          const fields: Record<string, string> = {};
          const sentIds = new Set<string>();
          for (const [index, plan] of input.plans.entries()) {
            if (plan.id === undefined) continue;
            if (!stored.has(plan.id) || sentIds.has(plan.id)) {
              fields[`plans.${index}.id`] = SUBSCRIPTION_MESSAGES.planNotInPackage;
            }
            sentIds.add(plan.id);
          }
          if (Object.keys(fields).length) throw validationError(fields);
          const removedInUse = row.plans.filter((p) => !sentIds.has(p.id) && p.orderCount > 0);
          if (removedInUse.length) {
            throw planInUse(removedInUse.map((p) => ({ id: p.id, name: p.name, orderCount: p.orderCount })));
          }
          if (input.categoryId !== row.pkg.categoryId) {
            // Orders hold assets of the package's category: it changes only while none uses the package.
            if (row.orderCount > 0) throw validationError({ categoryId: SUBSCRIPTION_MESSAGES.categoryLocked });
            await checkCategory(tx, input.categoryId);
          }
          await checkName(tx, caller, row.pkg.partnerId, input.name, id);
          const before = toPackage(row);
          await repo.update(tx, caller.scope, id, {
            categoryId: input.categoryId,
            name: input.name,
            description: input.description ?? '',
          });
          await repo.replacePlans(
            tx,
            caller.scope,
            id,
            input.plans.map((plan, position) => ({
              id: plan.id ?? randomUUID(),
              isNew: plan.id === undefined,
              values: planValues(plan, position),
            })),
          );
          const after = await current(tx, caller, id);
          await logChange(tx, caller, 'subscription-package', id, audited(before), audited(after));
          return after;
        }),
      ),

    /** Deletes a package no order references (409 PackageInUse), with its plans. */
    remove: (caller: Caller, id: string): Promise<void> =>
      guarded(() =>
        db.transaction(async (tx) => {
          const row = await visible(tx, caller, id, true);
          if (row.orderCount > 0) throw packageInUse(row.orderCount);
          await repo.remove(tx, caller.scope, id);
          await logChange(tx, caller, 'subscription-package', id, audited(toPackage(row)), null);
        }),
      ),
  };
}

export type SubscriptionPackageService = ReturnType<typeof createSubscriptionPackageService>;
