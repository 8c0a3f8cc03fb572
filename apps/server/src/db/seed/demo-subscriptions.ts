import type { PackagePlanInput, SubscriptionOrderInput } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import { localPaymentProvider } from '../../adapters/payments.ts';
import { addTime } from '../../lib/calendar.ts';
import type { Caller } from '../../lib/caller.ts';
import { createPaymentService } from '../../modules/payments/payments.service.ts';
import * as billingRepo from '../../modules/subscriptions/billing.repo.ts';
import { createSubscriptionBilling } from '../../modules/subscriptions/billing.ts';
import { createSubscriptionOrderService } from '../../modules/subscriptions/orders.service.ts';
import { createSubscriptionPackageService } from '../../modules/subscriptions/packages.service.ts';
import type { Db, DbOrTx } from '../client.ts';
import { rows } from '../sql.ts';
import type { DemoPartners } from './demo.ts';
import { quiet } from './quiet-log.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const LAG = 2 * DAY;

const plan = (p: Partial<PackagePlanInput> & { name: string }): PackagePlanInput => ({
  basicFee: 390,
  usageFee: 1.5,
  usageFeeUpperLimit: 300,
  initialAvailability: 5,
  deductible: 40,
  durationUnit: 'months',
  durationQuantity: 1,
  validSince: '2025-01-01T00:00:00.000Z',
  validUntil: '2030-12-31T23:00:00.000Z',
  cannotBeFirstPlan: false,
  ...p,
});

/**
 * B2B subscriptions of the demo (issue 24): two packages, orders subscribed and finished, their periods, basic and
 * usage trades in every state. Orders are made through the services as of their start in the past and billed up to
 * now by the billing round with the local payment provider, so the ledger, the periods and the trades agree.
 */
export async function seedDemoSubscriptions(db: DbOrTx, partners: DemoPartners, now = new Date()) {
  const asDb = db as Db;
  const payments = createPaymentService({
    db: asDb,
    provider: localPaymentProvider({ db: asDb, webhookSecret: 'demo-seed' }),
    log: quiet,
  });
  const billing = createSubscriptionBilling({ db: asDb, payments, usageLagMs: LAG });
  const orders = createSubscriptionOrderService({ db: asDb, payments, billing });
  const packages = createSubscriptionPackageService({ db: asDb });
  const [manager] = await rows<{ id: string }>(db, sql`select id from users where username = 'ops.manager'`);
  if (!manager) return;
  const caller: Caller = {
    userId: manager.id,
    sessionId: '',
    username: 'ops.manager',
    permissions: new Set(['base:admin']),
    scope: '*',
  };
  const categoryId = async (name: string) =>
    (await rows<{ id: string }>(db, sql`select id from asset_categories where name = ${name}`))[0]?.id as string;
  const siteOf = async (partnerId: string) =>
    (
      await rows<{ id: string }>(
        db,
        sql`select id from sites where partner_id = ${partnerId}::uuid and not is_archived order by name limit 1`,
      )
    )[0]?.id as string;
  const taken: string[] = [];
  // The fleet's B2B assets (usage mode partner subscription) that are Ready: what a partner company rides.
  async function assetsFor(partnerId: string, category: string, count: number) {
    const picked = await rows<{ no: string }>(
      db,
      sql`select no from assets where partner_id = ${partnerId}::uuid and category_id = ${category}::uuid
          and usage_mode = 'partner-subscription' and life_cycle_state = 'Ready'
          ${
            taken.length
              ? sql`and no not in (${sql.join(
                  taken.map((n) => sql`${n}`),
                  sql`, `,
                )})`
              : sql``
          }
          order by md5(no) limit ${count}`,
    );
    taken.push(...picked.map((p) => p.no));
    return picked.map((p) => p.no);
  }

  const ebike = await categoryId('City e-bike');
  const bike = await categoryId('Urban bike');
  const delivery = await packages.create(caller, {
    name: 'Delivery fleet',
    description: 'E-bikes for couriers: a monthly fee per fleet, ride hours beyond 40 a month at 1.50',
    partnerId: partners.milano.id,
    categoryId: ebike,
    plans: [
      plan({ name: 'Fleet 10' }),
      plan({
        name: 'Fleet 20',
        basicFee: 720,
        usageFee: 1.2,
        usageFeeUpperLimit: 500,
        deductible: 90,
        initialAvailability: 10,
        cannotBeFirstPlan: true,
      }),
      plan({ name: 'Weekly trial', basicFee: 95, durationUnit: 'weeks', deductible: 8, initialAvailability: 3 }),
    ],
  });
  const hotel = await packages.create(caller, {
    name: 'Hotel bikes',
    description: 'City bikes for hotel guests, billed on the 1st of each month',
    partnerId: partners.barcelona.id,
    categoryId: bike,
    plans: [plan({ name: 'Hotel monthly', basicFee: 180, usageFee: 0.8, usageFeeUpperLimit: 120, deductible: 60 })],
  });
  const planId = (p: typeof delivery, name: string) => p.plans.find((x) => x.name === name)?.id as string;

  const subscribe = async (input: Omit<SubscriptionOrderInput, 'startTime'>, ago: number) => {
    if (input.assetNos.length === 0) return null;
    // Subscribed back then: its periods follow from that start on the partner's calendar.
    const { data } = await orders.create(caller, input, new Date(now.getTime() - ago));
    return data.id;
  };
  const base = (partnerId: string, siteId: string) => ({
    partnerId,
    usagePeriodMode: 'rolling' as const,
    billingCycleFixedPattern: null,
    assetTransferSiteId: siteId,
    renewStrategy: 'auto-renew' as const,
    terminateTime: null,
    payment: { type: 'credit-card' as const, paymentMethod: 'pm_card_visa' },
  });
  const milanoSite = await siteOf(partners.milano.id);
  const barcelonaSite = await siteOf(partners.barcelona.id);

  // Paid up for three months, the fourth ending tomorrow: its successor is fixed, with a Pending basic trade.
  const threeMonthsBack = now.getTime() - addTime(new Date(now.getTime() + DAY), 'months', -3, 'UTC').getTime();
  const courier = await subscribe(
    {
      ...base(partners.milano.id, milanoSite),
      packageId: delivery.id,
      planId: planId(delivery, 'Fleet 10'),
      assetQuota: 10,
      note: 'Rapido Couriers: Porta Romana hub',
      assetNos: await assetsFor(partners.milano.id, ebike, 6),
    },
    threeMonthsBack,
  );
  // The card declines: its trades are Failed and owed, retried daily; a bigger plan is chosen for next month.
  const declined = await subscribe(
    {
      ...base(partners.milano.id, milanoSite),
      packageId: delivery.id,
      planId: planId(delivery, 'Fleet 10'),
      assetQuota: 6,
      note: 'Pasto Veloce: card to replace',
      payment: { type: 'credit-card', paymentMethod: 'pm_card_chargeDeclined' },
      assetNos: await assetsFor(partners.milano.id, ebike, 4),
    },
    40 * DAY,
  );
  // A weekly trial that was closed early: finished, its assets back at the transfer site.
  const trial = await subscribe(
    {
      ...base(partners.milano.id, milanoSite),
      packageId: delivery.id,
      planId: planId(delivery, 'Weekly trial'),
      assetQuota: 3,
      note: 'Trial for a pharmacy chain',
      renewStrategy: 'end-at-term',
      terminateTime: new Date(now.getTime() + 10 * DAY).toISOString(),
      assetNos: await assetsFor(partners.milano.id, ebike, 2),
    },
    30 * DAY,
  );
  // Two weekly trials whose second week began an hour ago: the job has not charged it yet.
  const fresh = [];
  for (const note of ['Trial: Farmacia Centrale', 'Trial: Pizza Express Navigli'])
    fresh.push(
      await subscribe(
        {
          ...base(partners.milano.id, milanoSite),
          packageId: delivery.id,
          planId: planId(delivery, 'Weekly trial'),
          assetQuota: 3,
          note,
          assetNos: await assetsFor(partners.milano.id, ebike, 1),
        },
        7 * DAY + HOUR,
      ),
    );
  // A hotel on the 1st-of-the-month cycle paying by SEPA direct debit, ending at the end of its period.
  const hotelOrder = await subscribe(
    {
      ...base(partners.barcelona.id, barcelonaSite),
      packageId: hotel.id,
      planId: planId(hotel, 'Hotel monthly'),
      usagePeriodMode: 'fixed',
      billingCycleFixedPattern: { dayOfMonth: 1 },
      assetQuota: 8,
      note: 'Hotel Arts: guest bikes',
      payment: { type: 'direct-debit', paymentMethod: 'pm_sepa_debit' },
      assetNos: await assetsFor(partners.barcelona.id, bike, 5),
    },
    45 * DAY,
  );
  // The trial was closed five days ago, once billed up to then.
  await billing.run(new Date(now.getTime() - 5 * DAY));
  if (trial) await orders.forceClose(caller, trial, new Date(now.getTime() - 5 * DAY));
  // Billed up to three hours ago; the last hours' bookkeeping is done but their charges not yet (Claimable).
  await billing.run(new Date(now.getTime() - 3 * HOUR));
  await billing.prepare(now);
  // One of them was taken for charging by a worker that stopped before asking the provider (Processing): the
  // job takes it again after ten minutes, with the same key.
  if (fresh[0]) {
    await billingRepo.claimTrades(db, '*', {
      now,
      retryBefore: new Date(now.getTime() - DAY),
      staleBefore: new Date(now.getTime() - 600_000),
      limit: 1,
      orderId: fresh[0],
    });
  }

  if (declined) await orders.changePlan(caller, declined, planId(delivery, 'Fleet 20'));
  if (hotelOrder) await orders.unsubscribe(caller, hotelOrder, now);
  if (courier) {
    // Goodwill: a usage trade partly refunded.
    const [usage] = await rows<{ id: string }>(
      db,
      sql`select id from subscription_trades where order_id = ${courier}::uuid and fee_type = 'basic' and state = 'Succeeded'
          order by claimable_at limit 1`,
    );
    if (usage)
      await orders.exemptRefund(caller, courier, {
        tradeId: usage.id,
        refundAmount: 50,
        reason: 'Two bikes off the road for a week',
      });
  }
  if (declined) {
    // The oldest owed trade is waived: Canceled.
    const [owed] = await rows<{ id: string; due: string }>(
      db,
      sql`select id, (amount - exempted)::text as due from subscription_trades where order_id = ${declined}::uuid
          and state = 'Failed' order by claimable_at limit 1`,
    );
    if (owed)
      await orders.exemptRefund(caller, declined, {
        tradeId: owed.id,
        exemptAmount: Number(owed.due),
        reason: 'First month waived by the sales team',
      });
  }
}
