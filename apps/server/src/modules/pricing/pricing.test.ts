import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { assetCategories, discounts, fieldLogs } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';

type Fields = { fields: Record<string, string> };
type TestUser = Awaited<ReturnType<TestContext['userWith']>>;
interface Plan {
  id: string;
  frequency: number;
  unit: string;
  priority: number;
}

const notice = { en: 'Rent is charged per day; the first day on pick-up.', it: 'Si paga al giorno.' };
const pricingBody = (over: Record<string, unknown> = {}) => ({
  unitPrice: 12.5,
  priceUnit: 'day',
  paymentPlans: [
    { frequency: 1, unit: 'weeks', priority: 1 },
    { frequency: 1, unit: 'months', priority: 2 },
  ],
  rentalFeeNotice: notice,
  ...over,
});
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('pricing API', () => {
  let t: TestContext;
  let scopedA: TestUser;
  let reader: TestUser;
  let ruleWriter: TestUser;
  /** Partners with a confirmed operation setting: A requires a card, B does not; C has none. */
  let partnerC: string;

  async function operation(partnerId: string, creditCardPolicy: 'required' | 'not-required') {
    const body = {
      accountPartnerId: partnerId,
      // A free customer plan would need the card policy required (document 2 §5), so both pay for rent.
      customerPlan: 'paid-for-rent',
      creditCardPolicy,
      depositPolicy: 'required',
      currency: 'EUR',
      timezone: '+01:00',
    };
    const created = await call(t.app, 'POST', '/account/settings/operations', { token: t.owner.token, body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(
      (await call(t.app, 'POST', `/account/settings/operations/${id}/$confirm`, { token: t.owner.token })).statusCode,
    ).toBe(200);
  }

  async function category() {
    const id = randomUUID();
    await t.database.db.insert(assetCategories).values({ id, name: `E-bike ${id.slice(0, 8)}`, assetType: 'EBIKE' });
    return id;
  }

  beforeAll(async () => {
    t = await createTestContext();
    await operation(t.partnerA.id, 'required');
    await operation(t.partnerB.id, 'not-required');
    partnerC = (await seed.partner(t.database.db, { name: 'Partner C' })).id;
    scopedA = await t.userWith(['program.read', 'program.write'], [t.partnerA.id]);
    reader = await t.userWith(['program.read', 'program.rule_part.read']);
    ruleWriter = await t.userWith(['program.rule_part.read', 'program.rule_part.write']);
  });
  afterAll(() => t.close());

  const partPath = (partnerId: string, categoryId: string, part: string) =>
    `/renting/programs/partners/${partnerId}/categories/${categoryId}/${part}`;
  const createPricing = (categoryId: string, body = pricingBody(), partnerId = t.partnerA.id, token = t.owner.token) =>
    call(t.app, 'POST', partPath(partnerId, categoryId, 'pricingPart'), { token, body });
  async function pricedCategory() {
    const categoryId = await category();
    const res = await createPricing(categoryId);
    expect(res.statusCode, res.body).toBe(201);
    return { categoryId, pricing: res.json().data as { programId: string; paymentPlans: Plan[] } };
  }
  const createDiscount = (categoryId: string, planId: string, over: Record<string, unknown> = {}) =>
    call(t.app, 'POST', '/renting/discounts', {
      token: t.owner.token,
      body: {
        name: `Spring ${randomUUID().slice(0, 6)}`,
        partnerId: t.partnerA.id,
        assetCategoryId: categoryId,
        paymentPlanId: planId,
        startTime: inMinutes(15),
        endTime: inMinutes(60 * 24 * 7),
        discountPercent: 20,
        ...over,
      },
    });
  async function discounted() {
    const { categoryId, pricing } = await pricedCategory();
    const res = await createDiscount(categoryId, pricing.paymentPlans[0]!.id);
    expect(res.statusCode, res.body).toBe(201);
    return { categoryId, pricing, discount: res.json().data as { id: string; status: string; startTime: string } };
  }
  /** Moves a discount's times directly: the API only ever schedules them 10 minutes ahead. */
  const moveDiscount = (id: string, start: string, end: string | null) =>
    t.database.db
      .update(discounts)
      .set({ startTime: new Date(start), endTime: end ? new Date(end) : null })
      .where(eq(discounts.id, id));

  describe('original price', () => {
    it('creates a pricing part in the partner currency with plans, reads it back and lists it', async () => {
      const categoryId = await category();
      const res = await createPricing(categoryId);
      expect(res.statusCode, res.body).toBe(201);
      const part = res.json().data;
      expect(part).toMatchObject({
        partner: { id: t.partnerA.id },
        assetCategory: { id: categoryId },
        unitPrice: 12.5,
        priceUnit: 'day',
        currency: 'EUR',
        rentalFeeNotice: { en: notice.en, it: notice.it, es: null },
      });
      expect(part.paymentPlans.map((p: Plan) => [p.frequency, p.unit, p.priority])).toEqual([
        [1, 'weeks', 1],
        [1, 'months', 2],
      ]);
      const read = await call(t.app, 'GET', partPath(t.partnerA.id, categoryId, 'pricingPart'), {
        token: reader.token,
      });
      expect(read.json().data).toEqual(part);
      const list = await call(t.app, 'GET', `/renting/programs/$all/pricingParts?assetCategoryId=${categoryId}`, {
        token: reader.token,
      });
      expect(list.json()).toMatchObject({ count: 1, data: [{ programId: part.programId }] });
      const found = await call(t.app, 'POST', '/renting/programs/$findByPartnerAndAssetCategory', {
        token: reader.token,
        body: { partnerId: t.partnerA.id, assetCategoryId: categoryId },
      });
      expect(found.json().data).toMatchObject({
        id: part.programId,
        pricing: { unitPrice: 12.5 },
        deposit: null,
        rule: null,
      });
      expect((await createPricing(categoryId)).statusCode).toBe(409);
    });

    it('refuses duplicated plans, a shared priority, a missing English notice and bad amounts, writing nothing', async () => {
      const categoryId = await category();
      const res = await createPricing(
        categoryId,
        pricingBody({
          unitPrice: 1.005,
          paymentPlans: [
            { frequency: 1, unit: 'weeks', priority: 1 },
            { frequency: 1, unit: 'weeks', priority: 1 },
          ],
          rentalFeeNotice: { en: ' ', it: 'x' },
        }),
      );
      expect(res.statusCode).toBe(400);
      expect((errorOf(res).data as Fields).fields).toMatchObject({
        unitPrice: 'Amount has at most 2 decimals',
        'paymentPlans.1.frequency': 'Payment plans must not repeat the same frequency',
        'paymentPlans.1.priority': 'Payment plans must not share a priority',
        'rentalFeeNotice.en': 'Submission failed, English version is required',
      });
      const empty = await createPricing(categoryId, pricingBody({ paymentPlans: [] }));
      expect((errorOf(empty).data as Fields).fields.paymentPlans).toBe('Add at least one payment plan');
      const none = await call(t.app, 'GET', partPath(t.partnerA.id, categoryId, 'pricingPart'), {
        token: t.owner.token,
      });
      expect(none.statusCode).toBe(404);
    });

    it('requires the credit card policy for a price above zero, and a confirmed operation setting', async () => {
      const categoryId = await category();
      const refused = await createPricing(categoryId, pricingBody(), t.partnerB.id);
      expect(errorOf(refused)).toMatchObject({
        code: 'CreditCardPolicyRequired',
        message: 'CreditCard policy must be required',
      });
      const free = await createPricing(categoryId, pricingBody({ unitPrice: 0 }), t.partnerB.id);
      expect(free.statusCode, free.body).toBe(201);
      const noSetting = await createPricing(categoryId, pricingBody(), partnerC);
      expect(errorOf(noSetting)).toMatchObject({
        code: 'PartnerConfigIncomplete',
        data: { missing: ['operationSetting'] },
      });
    });

    it('keeps plan ids across edits; a new price or a removed plan deletes open discounts only once confirmed', async () => {
      const { categoryId, pricing, discount } = await discounted();
      const [weekly, monthly] = pricing.paymentPlans as [Plan, Plan];
      const put = (body: Record<string, unknown>) =>
        call(t.app, 'PUT', partPath(t.partnerA.id, categoryId, 'pricingPart'), { token: t.owner.token, body });

      // Reordering priorities and editing the notice touch no discount.
      const reordered = await put(
        pricingBody({
          paymentPlans: [
            { frequency: 1, unit: 'weeks', priority: 2 },
            { frequency: 1, unit: 'months', priority: 1 },
          ],
          rentalFeeNotice: { en: 'Changed.' },
        }),
      );
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(reordered.json().data.paymentPlans.map((p: Plan) => p.id)).toEqual([monthly.id, weekly.id]);

      const repriced = await put(pricingBody({ unitPrice: 15 }));
      expect(repriced.statusCode).toBe(409);
      expect(errorOf(repriced)).toMatchObject({
        code: 'DependentDiscounts',
        data: { discounts: [{ id: discount.id }] },
      });
      expect((await call(t.app, 'GET', `/renting/discounts/${discount.id}`, { token: t.owner.token })).statusCode).toBe(
        200,
      );
      const confirmed = await put(pricingBody({ unitPrice: 15, confirmDiscountDeletion: true }));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await call(t.app, 'GET', `/renting/discounts/${discount.id}`, { token: t.owner.token })).statusCode).toBe(
        404,
      );
      const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, discount.id));
      expect(logs.map((l) => l.field)).toContain('deleted');

      // Removing the monthly plan deletes only the monthly plan's discount.
      const weeklyDiscount = (await createDiscount(categoryId, weekly.id)).json().data;
      expect(weeklyDiscount.status).toBe('scheduled');
      const monthlyDiscount = (await createDiscount(categoryId, monthly.id)).json().data;
      const dropMonthly = await put(
        pricingBody({ unitPrice: 15, paymentPlans: [{ frequency: 1, unit: 'weeks', priority: 1 }] }),
      );
      expect(errorOf(dropMonthly).data).toEqual({
        discounts: [{ id: monthlyDiscount.id, name: monthlyDiscount.name }],
      });
    });

    it('leaves ended discounts alone when the price changes', async () => {
      const { categoryId, discount } = await discounted();
      await moveDiscount(discount.id, inMinutes(-120), inMinutes(-60));
      const res = await call(t.app, 'PUT', partPath(t.partnerA.id, categoryId, 'pricingPart'), {
        token: t.owner.token,
        body: pricingBody({ unitPrice: 99 }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const ended = await call(t.app, 'GET', `/renting/discounts/${discount.id}`, { token: t.owner.token });
      expect(ended.json().data).toMatchObject({ status: 'ended', unitPrice: 12.5, discountedUnitPrice: 10 });
    });

    it('deletes a pricing part with the same confirmation', async () => {
      const { categoryId } = await discounted();
      const path = partPath(t.partnerA.id, categoryId, 'pricingPart');
      expect(errorOf(await call(t.app, 'DELETE', path, { token: t.owner.token })).code).toBe('DependentDiscounts');
      expect(
        (await call(t.app, 'DELETE', `${path}?confirmDiscountDeletion=true`, { token: t.owner.token })).statusCode,
      ).toBe(200);
      expect((await call(t.app, 'GET', path, { token: t.owner.token })).statusCode).toBe(404);
    });

    it('enforces scope and permissions: 403 outside the scope, 403 without program.write, 401 without a session', async () => {
      const categoryId = await category();
      expect(errorOf(await createPricing(categoryId, pricingBody(), t.partnerB.id, scopedA.token)).code).toBe(
        'PartnerOutOfScope',
      );
      expect((await createPricing(categoryId, pricingBody(), t.partnerA.id, reader.token)).statusCode).toBe(403);
      expect((await call(t.app, 'GET', '/renting/programs/$all/pricingParts')).statusCode).toBe(401);
      const { categoryId: inB } = { categoryId: await category() };
      await createPricing(inB, pricingBody({ unitPrice: 0 }), t.partnerB.id);
      const listed = await call(t.app, 'GET', `/renting/programs/$all/pricingParts?assetCategoryId=${inB}`, {
        token: scopedA.token,
      });
      expect(listed.json()).toEqual({ data: [], count: 0 });
      const hidden = await call(t.app, 'GET', partPath(t.partnerB.id, inB, 'pricingPart'), { token: scopedA.token });
      expect(errorOf(hidden).code).toBe('PartnerOutOfScope');
      const unknown = await createPricing(randomUUID());
      expect((errorOf(unknown).data as Fields).fields.assetCategoryId).toBe('Unknown asset category');
    });
  });

  describe('deposit and rule parts', () => {
    it('creates, replaces and deletes a deposit in the partner currency', async () => {
      const categoryId = await category();
      const path = partPath(t.partnerA.id, categoryId, 'depositPart');
      const created = await call(t.app, 'POST', path, {
        token: t.owner.token,
        body: { amount: 50, notice: { en: 'Refunded on return.' } },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ amount: 50, currency: 'EUR', notice: { en: 'Refunded on return.' } });
      const replaced = await call(t.app, 'PUT', path, { token: t.owner.token, body: { amount: 75.5, notice: null } });
      expect(replaced.json().data).toMatchObject({ amount: 75.5, notice: null });
      expect((await call(t.app, 'POST', path, { token: t.owner.token, body: { amount: 1 } })).statusCode).toBe(409);
      const negative = await call(t.app, 'PUT', path, { token: t.owner.token, body: { amount: -1 } });
      expect((errorOf(negative).data as Fields).fields.amount).toBe('Amount must be 0 or more');
      expect((await call(t.app, 'DELETE', path, { token: t.owner.token })).statusCode).toBe(200);
      expect((await call(t.app, 'PUT', path, { token: t.owner.token, body: { amount: 1 } })).statusCode).toBe(404);
    });

    it('writes collect-return rules with program.rule_part.write only', async () => {
      const categoryId = await category();
      const path = partPath(t.partnerA.id, categoryId, 'rulePart');
      const body = {
        assetRentalLimit: 2,
        manualConfirmationPolicy: 'required',
        crossSiteReturnPolicy: 'not-allowed',
        returnLocationDetection: 'enabled',
        assetConditionDetection: { locked: true },
      };
      expect((await call(t.app, 'POST', path, { token: scopedA.token, body })).statusCode).toBe(403);
      const created = await call(t.app, 'POST', path, { token: ruleWriter.token, body });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject(body);
      const tooMany = await call(t.app, 'PUT', path, {
        token: ruleWriter.token,
        body: { ...body, assetRentalLimit: 21 },
      });
      expect((errorOf(tooMany).data as Fields).fields.assetRentalLimit).toBe('At most 20');
      const list = await call(t.app, 'GET', `/renting/programs/$all/ruleParts?assetCategoryId=${categoryId}`, {
        token: reader.token,
      });
      expect(list.json().count).toBe(1);
      expect((await call(t.app, 'GET', '/renting/programs/$all/ruleParts', { token: scopedA.token })).statusCode).toBe(
        403,
      );
    });

    it('creates a whole program at once and deletes it with its parts', async () => {
      const categoryId = await category();
      const res = await call(t.app, 'POST', '/renting/programs', {
        token: t.owner.token,
        body: {
          partnerId: t.partnerA.id,
          assetCategoryId: categoryId,
          pricing: pricingBody(),
          deposit: { amount: 30 },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const program = res.json().data;
      expect(program).toMatchObject({ pricing: { unitPrice: 12.5 }, deposit: { amount: 30 }, rule: null });
      const withRule = await call(t.app, 'POST', '/renting/programs', {
        token: scopedA.token,
        body: {
          partnerId: t.partnerA.id,
          assetCategoryId: await category(),
          rule: {
            assetRentalLimit: 1,
            manualConfirmationPolicy: 'required',
            crossSiteReturnPolicy: 'allowed',
            returnLocationDetection: 'disabled',
            assetConditionDetection: { locked: false },
          },
        },
      });
      expect(withRule.statusCode).toBe(403);
      expect(
        (await call(t.app, 'DELETE', `/renting/programs/${program.id}`, { token: t.owner.token })).statusCode,
      ).toBe(200);
      expect((await call(t.app, 'GET', `/renting/programs/${program.id}`, { token: t.owner.token })).statusCode).toBe(
        404,
      );
    });
  });

  describe('discount prices', () => {
    it('creates a discount of one plan, priced from the original price', async () => {
      const { categoryId, pricing } = await pricedCategory();
      const res = await createDiscount(categoryId, pricing.paymentPlans[1]!.id, {
        discountPercent: 12.5,
        endTime: null,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        status: 'scheduled',
        paymentPlan: { id: pricing.paymentPlans[1]!.id, frequency: 1, unit: 'months' },
        unitPrice: 12.5,
        discountedUnitPrice: 10.94,
        currency: 'EUR',
        endTime: null,
      });
      const list = await call(t.app, 'GET', `/renting/discounts?assetCategoryId=${categoryId}&status=scheduled`, {
        token: reader.token,
      });
      expect(list.json().count).toBe(1);
    });

    it('refuses a start within 10 minutes, an end before the start, an unknown plan and an overlap', async () => {
      const { categoryId, pricing } = await pricedCategory();
      const plan = pricing.paymentPlans[0]!.id;
      const soon = await createDiscount(categoryId, plan, { startTime: inMinutes(9) });
      expect((errorOf(soon).data as Fields).fields.startTime).toBe('The start must be more than 10 minutes from now');
      const backwards = await createDiscount(categoryId, plan, { startTime: inMinutes(60), endTime: inMinutes(30) });
      expect((errorOf(backwards).data as Fields).fields.endTime).toBe('End must be later than start');
      const unknown = await createDiscount(categoryId, randomUUID());
      expect((errorOf(unknown).data as Fields).fields.paymentPlanId).toBe(
        'Unknown payment plan of this original price',
      );
      const percent = await createDiscount(categoryId, plan, { discountPercent: 100 });
      expect((errorOf(percent).data as Fields).fields.discountPercent).toBe('The discount must be less than 100 %');
      expect((await createDiscount(categoryId, plan, { endTime: null })).statusCode).toBe(201);
      const overlap = await createDiscount(categoryId, plan, { startTime: inMinutes(60 * 24 * 30), endTime: null });
      expect(errorOf(overlap).code).toBe('DiscountOverlaps');
      // Another plan of the same program is free.
      expect((await createDiscount(categoryId, pricing.paymentPlans[1]!.id)).statusCode).toBe(201);
    });

    it('reschedules: the start only while scheduled, the end while not ended', async () => {
      const { discount } = await discounted();
      const reschedule = (body: Record<string, unknown>) =>
        call(t.app, 'POST', `/renting/discounts/${discount.id}/$reschedule`, { token: t.owner.token, body });
      const moved = await reschedule({ startTime: inMinutes(30), endTime: inMinutes(90) });
      expect(moved.statusCode, moved.body).toBe(200);
      const start = inMinutes(-30);
      await moveDiscount(discount.id, start, inMinutes(60));
      const keepStart = await reschedule({ startTime: inMinutes(30), endTime: inMinutes(120) });
      expect((errorOf(keepStart).data as Fields).fields.startTime).toBe('A discount that has started keeps its start');
      const extended = await reschedule({ startTime: start, endTime: inMinutes(240) });
      expect(extended.json().data).toMatchObject({ status: 'active' });
      await moveDiscount(discount.id, inMinutes(-120), inMinutes(-1));
      expect(errorOf(await reschedule({ startTime: inMinutes(30), endTime: null })).code).toBe('DiscountEnded');
    });

    it('once ended or cancelled allows only name and description; cancels once', async () => {
      const { discount } = await discounted();
      const url = `/renting/discounts/${discount.id}`;
      const cancelled = await call(t.app, 'POST', `${url}/$cancel`, { token: t.owner.token });
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
      expect(errorOf(await call(t.app, 'POST', `${url}/$cancel`, { token: t.owner.token })).code).toBe('DiscountEnded');
      const percent = await call(t.app, 'PATCH', url, { token: t.owner.token, body: { discountPercent: 30 } });
      expect(errorOf(percent).code).toBe('DiscountEnded');
      const renamed = await call(t.app, 'PATCH', url, {
        token: t.owner.token,
        body: { name: 'Old spring', description: 'Kept' },
      });
      expect(renamed.json().data).toMatchObject({ name: 'Old spring', description: 'Kept', status: 'cancelled' });
      // A cancelled discount frees its time for a new one.
      const { categoryId, pricing } = {
        categoryId: renamed.json().data.assetCategory.id,
        pricing: renamed.json().data,
      };
      expect((await createDiscount(categoryId, pricing.paymentPlan.id)).statusCode).toBe(201);
    });

    it("answers another partner's discount exactly as a missing one (404) on every call, writing nothing", async () => {
      const { discount } = await discounted();
      const outsider = await t.userWith(['program.read', 'program.write'], [t.partnerB.id]);
      const before = (await call(t.app, 'GET', `/renting/discounts/${discount.id}`, { token: t.owner.token })).json();
      const logs = async () =>
        (await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, discount.id))).length;
      const logsBefore = await logs();
      const missing = randomUUID();
      const later = inMinutes(120);
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['PATCH', '', { name: 'Taken over' }],
        ['POST', '/$reschedule', { startTime: later, endTime: null }],
        ['POST', '/$cancel', undefined],
      ] as const) {
        const res = await call(t.app, method, `/renting/discounts/${discount.id}${path}`, {
          token: outsider.token,
          body,
        });
        const absent = await call(t.app, method, `/renting/discounts/${missing}${path}`, {
          token: outsider.token,
          body,
        });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(errorOf(res).code).toBe('NotFound');
        expect(res.json()).toEqual(absent.json());
      }
      const list = await call(t.app, 'GET', '/renting/discounts?pageSize=100', { token: outsider.token });
      expect(list.json().data.map((d: { id: string }) => d.id)).not.toContain(discount.id);
      expect(
        (await call(t.app, 'POST', `/renting/discounts/${discount.id}/$cancel`, { token: reader.token })).statusCode,
      ).toBe(403);
      expect((await call(t.app, 'GET', `/renting/discounts/${discount.id}`, { token: t.owner.token })).json()).toEqual(
        before,
      );
      expect(await logs()).toBe(logsBefore);
    });

    it("answers another partner's program by id exactly as a missing one (404) and does not delete it", async () => {
      const { pricing } = await pricedCategory();
      const outsider = await t.userWith(['program.read', 'program.write', 'program.rule_part.write'], [t.partnerB.id]);
      const path = `/renting/programs/${pricing.programId}`;
      const before = (await call(t.app, 'GET', path, { token: t.owner.token })).json();
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await call(t.app, method, path, { token: outsider.token });
        const absent = await call(t.app, method, `/renting/programs/${randomUUID()}`, { token: outsider.token });
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toEqual(absent.json());
      }
      expect((await call(t.app, 'GET', path, { token: t.owner.token })).json()).toEqual(before);
    });
  });
});
