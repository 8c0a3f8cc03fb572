import { sql } from 'drizzle-orm';
import {
  byId,
  type Case,
  type Fixture,
  listing,
  namingPartner,
  OUT_OF_SCOPE,
  type World,
} from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for the subscription order endpoints (see authorization-matrix.fixtures.ts
 * for the builders). An order belongs to its partner: another partner's answers 404 NotFound by id; naming a
 * partner outside the scope (to subscribe it, to list its subscribable assets) is 403; the management list answers
 * only a caller whose scope is all.
 */
const plan = (name: string) => ({
  name,
  basicFee: 10,
  usageFee: 2,
  usageFeeUpperLimit: 150,
  initialAvailability: 5,
  deductible: 0,
  durationUnit: 'months',
  durationQuantity: 1,
  validSince: '2020-01-01T00:00:00.000Z',
  validUntil: '2100-01-01T00:00:00.000Z',
  cannotBeFirstPlan: false,
});
const terms = new WeakMap<World, Promise<{ siteId: string; packageId: string; planIds: string[] }>>();
// Partner A's currency, a transfer site and a package with two plans: made once, for every case.
const setup = (w: World) => {
  let made = terms.get(w);
  if (made) return made;
  made = (async () => {
    await w.t.database.db.execute(sql`
      insert into partner_operations (partner_id, currency, timezone, beep_policy, battery_lock_policy, gps_policy,
        light_policy, lock_policy, push_geolocation_checkpoint_policy, customer_self_join_policy)
      values (${w.partnerA}::uuid, 'EUR', '+01:00', 'enabled', 'enabled', 'enabled', 'enabled', 'enabled', 'enabled', 'open')
      on conflict (partner_id) do nothing`);
    const site = await w.newSite();
    const pkg = await w.ownerCall<{ id: string; plans: { id: string }[] }>('POST', '/subscription/packages', {
      name: w.unique('Subscription'),
      description: '',
      partnerId: w.partnerA,
      categoryId: w.category.id,
      plans: [plan('Monthly'), plan('Bigger')],
    });
    return { siteId: site.id, packageId: pkg.id, planIds: pkg.plans.map((p) => p.id) };
  })();
  terms.set(w, made);
  return made;
};
export const readyAsset = async (w: World) => {
  const asset = await w.newAsset();
  await w.t.database.db.execute(sql`update assets set life_cycle_state = 'Ready' where id = ${asset.id}::uuid`);
  return asset;
};
const orderBody = async (w: World, paymentMethod = 'pm_card_visa') => {
  const s = await setup(w);
  const asset = await readyAsset(w);
  return {
    partnerId: w.partnerA,
    packageId: s.packageId,
    planId: s.planIds[0],
    usagePeriodMode: 'rolling',
    billingCycleFixedPattern: null,
    assetQuota: 3,
    assetTransferSiteId: s.siteId,
    renewStrategy: 'auto-renew',
    terminateTime: null,
    note: '',
    payment: { type: 'credit-card', paymentMethod },
    assetNos: [asset.no],
  };
};
/** The number of a fresh asset of partner A held by a new subscription order (for B2B tickets). */
export const subscribedAsset = async (w: World) => {
  const body = await orderBody(w);
  await w.ownerCall('POST', '/subscription/orders', body);
  return body.assetNos[0] as string;
};
/** A subscription order of partner A on one fresh Ready asset, made by the owner. */
export const newOrder = async (w: World, paymentMethod?: string) =>
  w.ownerCall<{ id: string; no: string }>('POST', '/subscription/orders', await orderBody(w, paymentMethod));

export function subscriptionOrderFixtures(): Record<string, Fixture> {
  const onOrder = (request: (w: World, o: { id: string; no: string }) => Promise<Case['request']> | Case['request']) =>
    byId(async (w): Promise<Case> => {
      const o = await newOrder(w);
      return { request: await request(w, o) };
    });
  const ordersListing = listing(async (w) => {
    const o = await newOrder(w);
    return { request: { query: { no: o.no } }, marker: o.id };
  });

  return {
    'GET /subscription/orders': ordersListing,
    'GET /subscription/management/orders': { ...ordersListing, otherPartner: OUT_OF_SCOPE, ownScope: '*' },
    'GET /subscription/orders/:id': onOrder((_w, o) => ({ params: { id: o.id } })),
    'GET /subscription/orders/:id/assets': onOrder((_w, o) => ({ params: { id: o.id } })),
    'GET /subscription/orders/:id/periods': onOrder((_w, o) => ({ params: { id: o.id } })),
    'GET /subscription/orders/:id/trades': onOrder((_w, o) => ({ params: { id: o.id } })),
    'GET /subscription/orders/:id/trades/export': onOrder((_w, o) => ({ params: { id: o.id } })),
    'GET /subscription/subscribable-assets': namingPartner(async (w) => ({
      request: { query: { partnerId: w.partnerA, categoryId: w.category.id } },
    })),
    'POST /subscription/orders': namingPartner(async (w) => ({ request: { body: await orderBody(w) } })),
    'PUT /subscription/orders/:id': onOrder(async (w, o) => {
      const s = await setup(w);
      return {
        params: { id: o.id },
        body: {
          assetQuota: 4,
          assetTransferSiteId: s.siteId,
          renewStrategy: 'auto-renew',
          terminateTime: null,
          note: 'edited',
          payment: { type: 'direct-debit', paymentMethod: 'pm_sepa_debit' },
        },
      };
    }),
    'POST /subscription/orders/:id/change-plan': onOrder(async (w, o) => ({
      params: { id: o.id },
      body: { planId: (await setup(w)).planIds[1] },
    })),
    'POST /subscription/orders/:id/change-assets': onOrder(async (w, o) => ({
      params: { id: o.id },
      body: { assetNos: [(await readyAsset(w)).no] },
    })),
    'POST /subscription/orders/:id/unsubscribe': onOrder((_w, o) => ({ params: { id: o.id } })),
    // A declined card leaves the basic trade owed: a payoff has something to charge.
    'POST /subscription/orders/:id/payoff': byId(async (w) => ({
      request: { params: { id: (await newOrder(w, 'pm_card_chargeDeclined')).id } },
    })),
    'POST /subscription/orders/:id/force-close': onOrder((_w, o) => ({ params: { id: o.id } })),
    'POST /subscription/orders/:id/exempt-refund': onOrder(async (w, o) => {
      const trades = await w.ownerCall<{ id: string }[]>('GET', `/subscription/orders/${o.id}/trades`);
      return { params: { id: o.id }, body: { tradeId: trades[0]?.id, refundAmount: 1, reason: 'goodwill' } };
    }),
  };
}
