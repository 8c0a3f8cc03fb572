import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_MESSAGES } from '@fleetdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext, type TestUser } from '../../../test/harness.ts';
import {
  assetCategories,
  fieldLogs,
  sites,
  subscriptionOrders,
  subscriptionPeriods,
  subscriptionPlans,
} from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };
interface Plan {
  id: string;
  name: string;
  orderCount: number;
  [key: string]: unknown;
}
interface Package {
  id: string;
  name: string;
  description: string;
  partner: { id: string; name: string };
  category: { id: string; name: string };
  plans: Plan[];
  orderCount: number;
}

const plan = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  basicFee: 120,
  usageFee: 1.5,
  usageFeeUpperLimit: 300,
  initialAvailability: 10,
  deductible: 20,
  durationUnit: 'months',
  durationQuantity: 1,
  validSince: '2026-01-01T00:00:00.000Z',
  validUntil: '2027-01-01T00:00:00.000Z',
  cannotBeFirstPlan: false,
  ...extra,
});

describe('subscription packages API', () => {
  let t: TestContext;
  let categoryId: string;
  let disabledCategoryId: string;
  let siteA: string;
  let manager: TestUser; // every package permission, every partner
  let partnerAStaff: TestUser; // every package permission, partner A only
  let reader: TestUser; // package read only

  const body = (extra: Record<string, unknown> = {}) => ({
    name: `Fleet ${randomUUID().slice(0, 8)}`,
    description: 'Monthly e-bikes',
    partnerId: t.partnerA.id,
    categoryId,
    plans: [plan('Basic'), plan('Plus', { basicFee: 200, cannotBeFirstPlan: true })],
    ...extra,
  });
  const post = (payload: unknown, token = manager.token) =>
    call(t.app, 'POST', '/subscription/packages', { token, body: payload });
  const put = (id: string, payload: unknown, token = manager.token) =>
    call(t.app, 'PUT', `/subscription/packages/${id}`, { token, body: payload });
  const get = (id: string, token = manager.token) => call(t.app, 'GET', `/subscription/packages/${id}`, { token });
  const del = (id: string, token = manager.token) => call(t.app, 'DELETE', `/subscription/packages/${id}`, { token });

  async function created(payload = body(), token = manager.token): Promise<Package> {
    const res = await post(payload, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }
  /** The body that would send the package back as it is (what the edit form starts from). */
  const asInput = (p: Package) => ({
    name: p.name,
    description: p.description,
    partnerId: p.partner.id,
    categoryId: p.category.id,
    plans: p.plans.map(({ orderCount: _count, ...rest }) => rest),
  });

  /** The least subscription order the schema takes, written directly: the orders service is not part of this test. */
  async function orderOn(p: Package, planId: string, extra: Partial<typeof subscriptionOrders.$inferInsert> = {}) {
    const id = randomUUID();
    await t.database.db.insert(subscriptionOrders).values({
      id,
      no: `SO-${id.slice(0, 6)}`,
      partnerId: p.partner.id,
      packageId: p.id,
      categoryId: p.category.id,
      planId,
      assetQuota: 1,
      assetTransferSiteId: siteA,
      renewStrategy: 'auto-renew',
      usagePeriodMode: 'rolling',
      paymentType: 'credit-card',
      paymentMethod: 'pm_card_visa',
      currency: 'EUR',
      timezone: 'Europe/Rome',
      startTime: new Date(),
      ...extra,
    });
    return id;
  }

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    categoryId = randomUUID();
    disabledCategoryId = randomUUID();
    await db.insert(assetCategories).values([
      { id: categoryId, name: 'SP e-bikes', assetType: 'EBIKE' },
      { id: disabledCategoryId, name: 'SP retired', assetType: 'BIKE', isEnabled: false },
    ]);
    siteA = randomUUID();
    await db
      .insert(sites)
      .values({ id: siteA, partnerId: t.partnerA.id, name: 'SP site', type: 'station', city: 'Milano' });
    const all = ['read', 'create', 'update', 'delete'].map((a) => `asset_subscription.package.${a}`);
    manager = await t.userWith(all, '*');
    partnerAStaff = await t.userWith(all, [t.partnerA.id]);
    reader = await t.userWith(['asset_subscription.package.read'], '*');
  });
  afterAll(() => t.close());

  it('creates a package with its plans in order, reads it back and logs the creation', async () => {
    const p = await created(body({ name: 'City fleet' }));
    expect(p).toMatchObject({
      name: 'City fleet',
      description: 'Monthly e-bikes',
      partner: { id: t.partnerA.id, name: t.partnerA.name },
      category: { id: categoryId, name: 'SP e-bikes' },
      orderCount: 0,
    });
    expect(p.plans.map((x) => [x.name, x.basicFee, x.cannotBeFirstPlan, x.orderCount])).toEqual([
      ['Basic', 120, false, 0],
      ['Plus', 200, true, 0],
    ]);
    expect(p.plans[0]).toMatchObject({ usageFee: 1.5, deductible: 20, validUntil: '2027-01-01T00:00:00.000Z' });
    expect((await get(p.id, reader.token)).json().data).toEqual(p);
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, p.id));
    expect(logs.map((l) => l.field).sort()).toEqual(['categoryId', 'description', 'name', 'partnerId', 'plans']);
    expect(logs.every((l) => l.userId === manager.id && l.before === null)).toBe(true);
  });

  it('lists packages by page, sorted, and filtered by partner, category and name', async () => {
    const tag = randomUUID().slice(0, 6);
    for (const name of ['Alpha', 'beta', 'Gamma']) await created(body({ name: `${tag} ${name}` }));
    await created(body({ name: `${tag} Delta`, partnerId: t.partnerB.id }));
    const list = async (query: string, token = manager.token) => {
      const res = await call(t.app, 'GET', `/subscription/packages?name=${tag}&${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Package[]; count: number };
    };
    const byName = await list('sort=name:asc&pageSize=2');
    expect(byName.count).toBe(4);
    expect(byName.data.map((p) => p.name)).toEqual([`${tag} Alpha`, `${tag} beta`]);
    expect((await list('sort=name:asc&pageSize=2&pageNo=2')).data.map((p) => p.name)).toEqual([
      `${tag} Delta`,
      `${tag} Gamma`,
    ]);
    expect((await list(`partnerIdIn=${t.partnerB.id}`)).data.map((p) => p.name)).toEqual([`${tag} Delta`]);
    expect((await list(`categoryIdIn=${randomUUID()}`)).count).toBe(0);
    expect((await list(`categoryIdIn=${categoryId}`)).count).toBe(4);
    expect((await list('sort=createdAt:desc')).data[0]?.name).toBe(`${tag} Delta`);
  });

  it('refuses an unknown sort key', async () => {
    const res = await call(t.app, 'GET', '/subscription/packages?sort=price:asc', { token: manager.token });
    expect(res.statusCode).toBe(400);
  });

  it('edits a package: plans keep their ids, new ones are added, removed ones go, and the change is logged', async () => {
    const p = await created();
    const [basic, plus] = p.plans as [Plan, Plan];
    const input = asInput(p);
    const res = await put(p.id, {
      ...input,
      name: `${p.name} v2`,
      plans: [{ ...input.plans[1], name: 'Plus renamed' }, plan('Max', { durationUnit: 'weeks', durationQuantity: 2 })],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited: Package = res.json().data;
    expect(edited.name).toBe(`${p.name} v2`);
    expect(edited.plans.map((x) => x.name)).toEqual(['Plus renamed', 'Max']);
    expect(edited.plans[0]?.id).toBe(plus.id);
    expect(edited.plans[1]?.id).not.toBe(basic.id);
    const basicLeft = await t.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, basic.id));
    expect(basicLeft).toEqual([]);
    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityId, p.id), eq(fieldLogs.field, 'name')));
    expect(logs.map((l) => [l.before, l.after])).toContainEqual([p.name, `${p.name} v2`]);
  });

  it('refuses a plan id that is not one of the package plans', async () => {
    const p = await created();
    const other = await created();
    const input = asInput(p);
    const res = await put(p.id, { ...input, plans: [...input.plans, { ...plan('Stolen'), id: other.plans[0]?.id }] });
    expect(res.statusCode).toBe(400);
    expect((errorOf(res).data as Fields).fields).toEqual({ 'plans.2.id': SUBSCRIPTION_MESSAGES.planNotInPackage });
  });

  it('refuses a name the partner already uses, whatever its case, with a field error', async () => {
    const p = await created();
    const res = await post(body({ name: p.name.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'PackageNameAlreadyExists',
      data: { fields: { name: SUBSCRIPTION_MESSAGES.packageNameTaken } },
    });
    // Another partner may use the same name; renaming onto a taken name is refused as well.
    expect((await post(body({ name: p.name, partnerId: t.partnerB.id }))).statusCode).toBe(201);
    const second = await created();
    expect((await put(second.id, { ...asInput(second), name: p.name.toLowerCase() })).statusCode).toBe(409);
  });

  it('refuses Until not later than Since, missing fields, bad numbers and a 21st plan', async () => {
    const refusal = async (payload: unknown) => {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      return (errorOf(res).data as Fields).fields;
    };
    const since = '2026-03-01T00:00:00.000Z';
    expect(await refusal(body({ plans: [plan('Same', { validSince: since, validUntil: since })] }))).toEqual({
      'plans.0.validUntil': SUBSCRIPTION_MESSAGES.untilAfterSince,
    });
    const { name: _name, ...withoutName } = body();
    expect(Object.keys(await refusal(withoutName))).toEqual(['name']);
    const { basicFee: _fee, ...planWithoutFee } = plan('No fee');
    expect(Object.keys(await refusal(body({ plans: [planWithoutFee] })))).toEqual(['plans.0.basicFee']);
    expect(await refusal(body({ plans: [plan('Negative', { usageFee: -1 })] }))).toEqual({
      'plans.0.usageFee': 'Amount must be 0 or more',
    });
    expect(await refusal(body({ plans: [plan('Cents', { basicFee: 1.005 })] }))).toEqual({
      'plans.0.basicFee': 'Amount has at most 2 decimals',
    });
    expect(await refusal(body({ plans: [plan('Fraction', { durationQuantity: 1.5 })] }))).toEqual({
      'plans.0.durationQuantity': 'Must be a whole number',
    });
    expect(await refusal(body({ plans: [plan('Years', { durationUnit: 'years' })] }))).toEqual({
      'plans.0.durationUnit': 'Duration unit must be selected',
    });
    expect(await refusal(body({ plans: [plan(' ')] }))).toEqual({ 'plans.0.name': 'Must not be only whitespace' });
    expect(await refusal(body({ plans: [] }))).toEqual({ plans: 'Add at least one plan' });
    const many = Array.from({ length: 21 }, (_, i) => plan(`Plan ${i + 1}`));
    expect(await refusal(body({ plans: many }))).toEqual({ plans: 'A package has at most 20 plans' });
    expect(await refusal(body({ plans: [plan('Twin'), plan('twin')] }))).toEqual({
      'plans.1.name': SUBSCRIPTION_MESSAGES.planNameRepeated,
    });
    expect(await refusal(body({ plans: [plan('Later', { cannotBeFirstPlan: true })] }))).toEqual({
      plans: SUBSCRIPTION_MESSAGES.noFirstPlan,
    });
    expect(await refusal(body({ surprise: true }))).toHaveProperty('surprise');
  });

  it('refuses an unknown or disabled category and an unknown partner', async () => {
    const refusal = async (payload: unknown) => {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      return (errorOf(res).data as Fields).fields;
    };
    expect(await refusal(body({ categoryId: randomUUID() }))).toEqual({ categoryId: 'Unknown asset category' });
    expect(await refusal(body({ categoryId: disabledCategoryId }))).toEqual({
      categoryId: SUBSCRIPTION_MESSAGES.categoryDisabled,
    });
    expect(await refusal(body({ partnerId: randomUUID() }))).toEqual({ partnerId: 'Unknown partner' });
  });

  it('keeps a partner-scoped user to their partners: others are 404 by id, 403 when named, absent from lists', async () => {
    const ofB = await created(body({ partnerId: t.partnerB.id }));
    const ofA = await created();
    const staff = partnerAStaff.token;
    expect(errorOf(await get(ofB.id, staff))).toMatchObject({ code: 'NotFound' });
    expect((await get(ofB.id, staff)).statusCode).toBe(404);
    expect((await put(ofB.id, asInput(ofB), staff)).statusCode).toBe(404);
    expect((await del(ofB.id, staff)).statusCode).toBe(404);
    expect((await get(ofB.id)).statusCode).toBe(200);
    const create = await post(body({ partnerId: t.partnerB.id }), staff);
    expect(create.statusCode).toBe(403);
    expect(errorOf(create).code).toBe('PartnerOutOfScope');
    const filtered = await call(t.app, 'GET', `/subscription/packages?partnerIdIn=${t.partnerB.id}`, { token: staff });
    expect(filtered.statusCode).toBe(403);
    const listed = await call(t.app, 'GET', '/subscription/packages?pageSize=100', { token: staff });
    const ids = (listed.json().data as Package[]).map((p) => p.id);
    expect(ids).toContain(ofA.id);
    expect(ids).not.toContain(ofB.id);
    expect((await get(ofA.id, staff)).statusCode).toBe(200);
    expect((await put(ofA.id, { ...asInput(ofA), partnerId: t.partnerB.id }, staff)).statusCode).toBe(400);
  });

  it('refuses a caller without the permission', async () => {
    expect((await post(body(), reader.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/subscription/packages')).statusCode).toBe(401);
  });

  it('counts orders per package and plan, and refuses removing a plan an order uses (409 PlanInUse)', async () => {
    const p = await created(body({ plans: [plan('Basic'), plan('Plus'), plan('Max'), plan('Spare')] }));
    const [basic, plus, max, spare] = p.plans as [Plan, Plan, Plan, Plan];
    const onBasic = await orderOn(p, basic.id, { nextPlanId: plus.id });
    await t.database.db.insert(subscriptionPeriods).values({
      id: randomUUID(),
      orderId: onBasic,
      sequence: 1,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: new Date('2026-02-01T00:00:00Z'),
      anchorAt: new Date('2026-01-01T00:00:00Z'),
      anchorOffset: 0,
      planId: max.id,
      basicFee: 120,
      usageFee: 1.5,
      usageFeeUpperLimit: 300,
      deductible: 20,
      assetCount: 1,
      closesAt: new Date('2026-02-03T00:00:00Z'),
    });
    const read: Package = (await get(p.id)).json().data;
    expect(read.orderCount).toBe(1);
    expect(read.plans.map((x) => x.orderCount)).toEqual([1, 1, 1, 0]);

    const input = asInput(read);
    for (const kept of [
      [plus, max, spare],
      [basic, max, spare],
      [basic, plus, spare],
    ]) {
      const res = await put(p.id, { ...input, plans: input.plans.filter((x) => kept.some((k) => k.id === x.id)) });
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'PlanInUse', message: SUBSCRIPTION_MESSAGES.planInUse });
    }
    // A plan in use can still be edited (fixed periods keep their own copy of its terms), an unused one removed.
    const res = await put(p.id, {
      ...input,
      plans: input.plans.filter((x) => x.id !== spare.id).map((x) => ({ ...x, basicFee: 99 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Package).plans.map((x) => x.basicFee)).toEqual([99, 99, 99]);
    // Its category no longer changes: the orders hold assets of it.
    const recategorised = await put(p.id, { ...asInput(res.json().data), categoryId: randomUUID() });
    expect(recategorised.statusCode).toBe(400);
    expect((errorOf(recategorised).data as Fields).fields).toEqual({
      categoryId: SUBSCRIPTION_MESSAGES.categoryLocked,
    });
  });

  it('deletes an unused package with its plans and refuses one an order uses (409 PackageInUse)', async () => {
    const unused = await created();
    const res = await del(unused.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(unused.id)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.packageId, unused.id)),
    ).toEqual([]);
    const deletion = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityId, unused.id), eq(fieldLogs.field, 'name')));
    expect(deletion.map((l) => l.after)).toContain(null);

    const used = await created();
    await orderOn(used, used.plans[0]?.id as string);
    const refused = await del(used.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'PackageInUse', data: { orderCount: 1 } });
    expect((await get(used.id)).statusCode).toBe(200);
  });
});
