import { randomUUID } from 'node:crypto';
import * as repo from '../../modules/pricing/pricing.repo.ts';
import type { DbOrTx } from '../client.ts';
import { assetCategories } from '../schema/index.ts';
import type { DemoPartners } from './demo.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Prices per category: day rate, deposit, how many one customer may rent at once. */
const catalogue: Record<string, { unitPrice: number; deposit: number; limit: number }> = {
  'City e-bike': { unitPrice: 9.5, deposit: 150, limit: 2 },
  'Urban bike': { unitPrice: 4, deposit: 50, limit: 3 },
  'Kick e-scooter': { unitPrice: 7, deposit: 100, limit: 1 },
  'Electric moped 50cc': { unitPrice: 19, deposit: 300, limit: 1 },
};

/**
 * Milano and Barcelona (both with confirmed operation settings that require a card) rent out four categories:
 * a day price paid weekly or monthly, a deposit and collect-return rules. Milano runs discounts in every state.
 * Seoul has no confirmed setting, so it has no prices yet — as the partner overview says.
 */
export async function seedDemoPricing(db: DbOrTx, partners: DemoPartners, now = new Date()) {
  const categories = await db.select({ id: assetCategories.id, name: assetCategories.name }).from(assetCategories);
  for (const partner of [partners.milano, partners.barcelona]) {
    const operation = await repo.operationOf(db, '*', partner.id);
    if (!operation?.confirmedAt) continue;
    for (const category of categories) {
      const price = catalogue[category.name];
      if (!price) continue;
      const program = await repo.ensureProgram(db, '*', randomUUID(), partner.id, category.id);
      const unitPrice = partner === partners.barcelona ? price.unitPrice + 1 : price.unitPrice;
      await repo.upsertPricing(db, '*', program.id, {
        unitPrice,
        priceUnit: 'day',
        currency: operation.currency,
        rentalFeeNotice: {
          en: `${category.name}: ${unitPrice} ${operation.currency} a day, charged at the start of each period.`,
          it: `${category.name}: ${unitPrice} ${operation.currency} al giorno, addebitati all'inizio di ogni periodo.`,
          es: `${category.name}: ${unitPrice} ${operation.currency} al día, cobrados al inicio de cada periodo.`,
        },
      });
      const weekly = { id: randomUUID(), frequency: 1, unit: 'weeks', priority: 1 };
      const monthly = { id: randomUUID(), frequency: 1, unit: 'months', priority: 2 };
      await repo.replacePlans(db, '*', program.id, [], [weekly, monthly]);
      await repo.upsertDeposit(db, '*', program.id, {
        amount: price.deposit,
        currency: operation.currency,
        notice: { en: 'The deposit is refunded when the asset comes back undamaged.' },
      });
      await repo.upsertRule(db, '*', program.id, {
        assetRentalLimit: price.limit,
        manualConfirmationPolicy: category.name === 'Electric moped 50cc' ? 'required' : 'not-required',
        crossSiteReturnPolicy: partner === partners.milano ? 'allowed' : 'not-allowed',
        returnLocationDetection: 'enabled',
        requireLocked: category.name !== 'Urban bike',
      });
      if (partner !== partners.milano) continue;
      const discount = (
        name: string,
        plan: typeof weekly,
        start: number,
        end: number | null,
        percent: number,
        cancelledAt: Date | null = null,
      ) =>
        repo.insertDiscount(db, '*', {
          id: randomUUID(),
          programId: program.id,
          paymentPlanId: plan.id,
          name,
          description: `${name} on ${category.name.toLowerCase()}s`,
          startTime: new Date(now.getTime() + start),
          endTime: end === null ? null : new Date(now.getTime() + end),
          discountPercent: percent,
          unitPrice,
          priceUnit: 'day',
          currency: operation.currency,
          planFrequency: plan.frequency,
          planUnit: plan.unit,
          planPriority: plan.priority,
          cancelledAt,
          createdAt: new Date(now.getTime() + Math.min(start, 0) - DAY),
        });
      if (category.name === 'City e-bike') {
        await discount('Winter commuter', monthly, -10 * DAY, 20 * DAY, 15);
        await discount('Spring launch', weekly, 5 * DAY, 35 * DAY, 10);
        await discount('Black Friday', weekly, -40 * DAY, -30 * DAY, 25);
      }
      if (category.name === 'Kick e-scooter') {
        await discount('Student weeks', weekly, 2 * HOUR, null, 20);
        // Withdrawn before it started: kept for the record, cancelled.
        await discount('Summer pass', monthly, 20 * DAY, 80 * DAY, 30, new Date(now.getTime() - DAY));
      }
    }
  }
}
