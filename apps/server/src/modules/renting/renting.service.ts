import {
  discountedPrice,
  INSPECTION_MESSAGES,
  type Inspection,
  type InspectionOutcome,
  type PaymentPlanUnit,
  type PriceUnit,
  periodRent,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import * as assetsRepo from '../assets/assets.repo.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { partnerReadiness } from '../partner-operations/partner-operations.service.ts';
import * as pricingRepo from '../pricing/pricing.repo.ts';
import * as repo from './renting.repo.ts';

export function createRentingService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /**
     * Step 2 of a new order (document 2 §8 "Order inspection"): whether this asset can be rented to this customer,
     * checked in the order a person at the counter would fix things — the asset's use, the customer's partner, the
     * partner's setup, the asset's state, the customer's limit — and, when it can, the plans and the deposit.
     */
    async inspect(caller: Caller, assetNo: string, customerId: string): Promise<Inspection> {
      // Read within the caller's scope: another partner's asset answers as a missing one (a 403 would tell
      // which numbers exist).
      const row = await assetsRepo.getByNo(db, caller.scope, assetNo);
      if (!row) throw notFound('Asset not found');
      const customer = await customersRepo.get(db, caller.scope, customerId);
      if (!customer) throw notFound('Customer not found');
      if (customer.deleted_at !== null)
        throw new DomainError('CustomerDeleted', 422, 'This customer is deleted; restore them before renting');

      const { asset } = row;
      const partnerId = asset.partnerId;
      const categoryId = asset.categoryId;
      const result = (outcome: InspectionOutcome, extra: Partial<Inspection> = {}): Inspection => ({
        outcome,
        message: INSPECTION_MESSAGES[outcome],
        missing: [],
        asset: {
          id: asset.id,
          no: asset.no,
          partner: { id: partnerId, name: row.partnerName },
          assetCategory: { id: row.category.id, name: row.category.name },
          lifeCycleState: asset.lifeCycleState,
          turnoverState: asset.turnoverState,
          usageMode: asset.usageMode,
        },
        offer: null,
        ...extra,
      });

      if (asset.usageMode === 'partner-subscription') return result('AssetSubscriptionRequired');
      if (asset.usageMode !== 'customer-rental' || !row.category.isEnabled) return result('AssetNotAvailable');
      if (!customer.all_partner_ids.includes(partnerId)) return result('CustomerNotJoinedPartner');

      const readiness = await partnerReadiness(db, partnerId);
      const program = await pricingRepo.programOf(db, caller.scope, partnerId, categoryId);
      const ids = program ? [program.id] : [];
      const [{ parts, plans }, deposits, rules, operation] = await Promise.all([
        pricingRepo.pricingOf(db, caller.scope, ids),
        pricingRepo.depositsOf(db, caller.scope, ids),
        pricingRepo.rulesOf(db, caller.scope, ids),
        pricingRepo.operationOf(db, caller.scope, partnerId),
      ]);
      const pricing = parts[0];
      const deposit = deposits[0];
      const rule = rules[0];
      const depositRequired = operation?.depositPolicy === 'required';
      const missing = [
        ...readiness.missing,
        ...(pricing && plans.length ? [] : ['pricing']),
        ...(depositRequired && !deposit ? ['deposit'] : []),
        ...(rule ? [] : ['rule']),
      ];
      if (missing.length || !pricing || !rule) return result('PartnerSetupIncomplete', { missing });

      if (asset.turnoverState === 'RentingOut' || (await repo.assetLeased(db, caller.scope, asset.id)))
        return result('AssetAlreadyRentedOut');
      if (asset.lifeCycleState !== 'Ready') return result('AssetNotAvailable');

      const activeLeases = await repo.activeLeaseCount(db, caller.scope, { customerId, partnerId, categoryId });
      const discounts = await pricingRepo.activeDiscounts(
        db,
        caller.scope,
        plans.map((p) => p.id),
      );
      const offer: NonNullable<Inspection['offer']> = {
        priceUnit: pricing.priceUnit as PriceUnit,
        currency: pricing.currency,
        plans: plans.map((plan) => {
          const discount = discounts.find((d) => d.payment_plan_id === plan.id);
          const percent = discount ? Number(discount.discount_percent) : 0;
          const unitPrice = discountedPrice(Number(pricing.unitPrice), percent);
          return {
            id: plan.id,
            frequency: plan.frequency,
            unit: plan.unit as PaymentPlanUnit,
            priority: plan.priority,
            unitPrice,
            periodRent: periodRent(
              unitPrice,
              pricing.priceUnit as PriceUnit,
              plan.frequency,
              plan.unit as PaymentPlanUnit,
            ),
            discount: discount
              ? {
                  id: discount.id,
                  name: discount.name,
                  discountPercent: percent,
                  endTime: discount.end_time === null ? null : new Date(discount.end_time).toISOString(),
                }
              : null,
          };
        }),
        deposit: { amount: deposit ? Number(deposit.amount) : 0, required: depositRequired },
        activeLeases,
        rentalLimit: rule.assetRentalLimit,
      };
      if (activeLeases >= rule.assetRentalLimit) return result('RentalLimitReached', { offer });
      return result('Leasable', { offer });
    },
  };
}

export type RentingService = ReturnType<typeof createRentingService>;
