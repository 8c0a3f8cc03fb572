import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { assetCategories, assets, customerMemberships, leases, orders, partners } from '../../db/schema/index.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { rows } from '../../db/sql.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';

/** Inspection runs on the demo data: Milano is set up to rent, Seoul is not. */
describe('new order: asset inspection', () => {
  let t: TestContext;
  let milano: string;
  let seoul: string;
  let cityEbike: string;
  let customerId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets }));
    const ps = await t.database.db.select().from(partners);
    milano = ps.find((p) => p.name === 'Milano Bike Hub')?.id as string;
    seoul = ps.find((p) => p.name === 'Seoul Scooter Co.')?.id as string;
    cityEbike = (await t.database.db.select().from(assetCategories).where(eq(assetCategories.name, 'City e-bike')))[0]
      ?.id as string;
    const [member] = await rows<{ customer_id: string }>(
      t.database.db,
      sql`select m.customer_id from customer_memberships m join customers c on c.id = m.customer_id
          where m.partner_id = ${milano} and c.deleted_at is null
            and not exists (select 1 from customer_memberships o where o.customer_id = c.id and o.partner_id <> ${milano})
          limit 1`,
    );
    customerId = member?.customer_id as string;
  }, 180_000);
  afterAll(() => t.close());

  /** A fresh asset of the demo, so each test owns the states it sets. */
  async function asset(values: Partial<typeof assets.$inferInsert> = {}) {
    const [template] = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.partnerId, milano), eq(assets.categoryId, cityEbike)))
      .limit(1);
    const id = randomUUID();
    const no = `T${id.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    await t.database.db.insert(assets).values({
      ...(template as typeof assets.$inferInsert),
      id,
      no,
      iotDeviceNo: null,
      lifeCycleState: 'Ready',
      turnoverState: 'InSite',
      usageMode: 'customer-rental',
      ...values,
    });
    return { id, no };
  }
  const inspect = (no: string, customer = customerId, token = t.owner.token) =>
    call(t.app, 'POST', `/renting/assets/${no}/$inspect`, { token, body: { customerId: customer } });
  const outcomeOf = async (no: string, customer = customerId) => {
    const res = await inspect(no, customer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  async function lease(assetId: string) {
    const orderId = randomUUID();
    await t.database.db.insert(orders).values({
      id: orderId,
      orderNo: `R-${orderId.slice(0, 8)}`,
      customerId,
      partnerId: milano,
      assetCategoryId: cityEbike,
      status: 'Open',
      currency: 'EUR',
    });
    await t.database.db.insert(leases).values({ id: randomUUID(), orderId, assetId, customerId, status: 'InUse' });
  }

  it('offers the plans, the active discount and the deposit for a leasable asset', async () => {
    const a = await asset();
    const data = await outcomeOf(a.no);
    expect(data).toMatchObject({
      outcome: 'Leasable',
      message: 'The asset can be rented to this customer',
      missing: [],
    });
    expect(data.offer).toMatchObject({ priceUnit: 'day', currency: 'EUR', deposit: { amount: 150, required: true } });
    const monthly = data.offer.plans.find((p: { unit: string }) => p.unit === 'months');
    // The demo's "Winter commuter" discount (15 %) runs on the monthly plan of city e-bikes in Milano.
    expect(monthly).toMatchObject({ unitPrice: 8.08, discount: { name: 'Winter commuter', discountPercent: 15 } });
    expect(data.offer.plans.find((p: { unit: string }) => p.unit === 'weeks')).toMatchObject({
      unitPrice: 9.5,
      discount: null,
    });
  });

  it('says the asset is rented out while a lease holds it, and the database refuses a second lease', async () => {
    const a = await asset();
    await lease(a.id);
    expect((await outcomeOf(a.no)).outcome).toBe('AssetAlreadyRentedOut');
    await expect(lease(a.id)).rejects.toThrow();
    const renting = await asset({ turnoverState: 'RentingOut' });
    expect((await outcomeOf(renting.no)).outcome).toBe('AssetAlreadyRentedOut');
  });

  it('says an asset that is not Ready, not for customers or of a disabled category is not available', async () => {
    for (const state of ['New', 'NotReady', 'Missing', 'Retired'] as const) {
      const a = await asset({ lifeCycleState: state });
      expect((await outcomeOf(a.no)).outcome, state).toBe('AssetNotAvailable');
    }
    expect((await outcomeOf((await asset({ usageMode: 'non-leasable' })).no)).outcome).toBe('AssetNotAvailable');
  });

  it('asks for a subscription for a partner-subscription asset', async () => {
    expect((await outcomeOf((await asset({ usageMode: 'partner-subscription' })).no)).outcome).toBe(
      'AssetSubscriptionRequired',
    );
  });

  it('stops at the rental limit of the collect-return rule', async () => {
    const [program] = await rows<{ id: string; asset_rental_limit: number }>(
      t.database.db,
      sql`select rp.id, r.asset_rental_limit from rental_programs rp join program_rule_parts r on r.program_id = rp.id
          where rp.partner_id = ${milano} and rp.asset_category_id = ${cityEbike}`,
    );
    const held = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from leases where customer_id = ${customerId} and status in ('InUse', 'Returning')`,
    );
    for (let i = held[0]?.n ?? 0; i < (program?.asset_rental_limit ?? 0); i += 1) await lease((await asset()).id);
    const data = await outcomeOf((await asset()).no);
    expect(data).toMatchObject({ outcome: 'RentalLimitReached', offer: { rentalLimit: program?.asset_rental_limit } });
    expect(data.offer.activeLeases).toBe(program?.asset_rental_limit);
  });

  it('says the customer has not joined the partner', async () => {
    const [outsider] = await rows<{ id: string }>(
      t.database.db,
      sql`select c.id from customers c where c.deleted_at is null
          and not exists (select 1 from customer_memberships m where m.customer_id = c.id and m.partner_id = ${milano})
          limit 1`,
    );
    expect((await outcomeOf((await asset()).no, outsider?.id)).outcome).toBe('CustomerNotJoinedPartner');
  });

  it('lists what is missing when the partner is not set up for the category', async () => {
    const other = (
      await t.database.db.select().from(assetCategories).where(eq(assetCategories.name, 'Accessories'))
    )[0];
    const a = await asset({ categoryId: other?.id as string });
    expect(await outcomeOf(a.no)).toMatchObject({
      outcome: 'PartnerSetupIncomplete',
      missing: ['pricing', 'deposit', 'rule'],
    });
    // Seoul has no confirmed operation setting, no payment method: readiness items are listed too.
    const [seoulAsset] = await t.database.db.select().from(assets).where(eq(assets.partnerId, seoul)).limit(1);
    const [seoulCustomer] = await t.database.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.partnerId, seoul))
      .limit(1);
    const seoulNo = (await asset({ partnerId: seoul, categoryId: seoulAsset?.categoryId, siteId: seoulAsset?.siteId }))
      .no;
    const data = await outcomeOf(seoulNo, seoulCustomer?.customerId);
    expect(data.outcome).toBe('PartnerSetupIncomplete');
    expect(data.missing).toEqual(expect.arrayContaining(['operationSetting', 'paymentMethods', 'pricing']));
  });

  it('answers 404 for an unknown asset or customer and for an asset outside the scope, 403 without order.create', async () => {
    const a = await asset();
    const missing = await inspect('NOPE0000');
    expect(missing.statusCode).toBe(404);
    expect((await inspect(a.no, randomUUID())).statusCode).toBe(404);
    const seoulStaff = await t.userWith(['order.create', 'customer.read'], [seoul]);
    const outside = await inspect(a.no, customerId, seoulStaff.token);
    expect(outside.statusCode).toBe(404);
    // The same answer as for a missing asset, so a scoped user cannot tell which numbers exist.
    expect(errorOf(outside)).toEqual(errorOf(missing));
    const reader = await t.userWith(['customer.read', 'order.read']);
    expect((await inspect(a.no, customerId, reader.token)).statusCode).toBe(403);
  });
});
