import type { SubscriptionOrder, SubscriptionTrade } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertPackage, insertTrip, type PlanSpec, subscribablePartner } from '../../../test/subscriptions.ts';
import { insertAsset } from '../../../test/workshop.ts';
import { rows } from '../../db/sql.ts';

const HOUR = 3_600_000;
const LAG = 48 * HOUR;

describe('subscription orders', () => {
  let t: TestContext;
  let setup: Awaited<ReturnType<typeof subscribablePartner>>;
  const assetNos = () => setup.assets.map((a) => a.no);

  beforeAll(async () => {
    t = await createTestContext();
    setup = await subscribablePartner(t.database.db, t.partnerA.id, 12);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = t.owner.token) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function pkg(plans: PlanSpec[]) {
    return insertPackage(t.database.db, t.partnerA.id, setup.categoryId, plans);
  }

  const orderInput = (p: { id: string; planIds: string[] }, nos: string[], over: Record<string, unknown> = {}) => ({
    partnerId: t.partnerA.id,
    packageId: p.id,
    planId: p.planIds[0],
    usagePeriodMode: 'rolling',
    billingCycleFixedPattern: null,
    assetQuota: 5,
    assetTransferSiteId: setup.siteId,
    renewStrategy: 'auto-renew',
    terminateTime: null,
    note: '',
    payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
    assetNos: nos,
    ...over,
  });

  async function subscribe(p: { id: string; planIds: string[] }, nos: string[], over: Record<string, unknown> = {}) {
    const res = await call('POST', '/subscription/orders', orderInput(p, nos, over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: SubscriptionOrder }>().data;
  }

  const trades = async (id: string, query = '') =>
    (await call('GET', `/subscription/orders/${id}/trades?pageSize=100${query}`)).json<{
      data: SubscriptionTrade[];
    }>().data;
  const order = async (id: string) =>
    (await call('GET', `/subscription/orders/${id}`)).json<{ data: SubscriptionOrder }>().data;
  const run = (at: number) => t.app.subscriptions.billing.run(new Date(at));

  it('subscribes assets: a numbered order, its first period and basic trade charged, the assets turned B2B', async () => {
    const p = await pkg([{ basicFee: 100 }]);
    const nos = assetNos().slice(0, 2);
    const o = await subscribe(p, nos);
    expect(o.no).toMatch(/^SO-\d{6}$/);
    expect(o.status).toBe('subscribed');
    expect(o.assetCount).toBe(2);
    expect(o.currentPeriod?.sequence).toBe(1);
    expect(o.changesFrom).toBe(o.currentPeriod?.endsAt);
    expect(o.fees).toMatchObject({ total: 100, paid: 100, owe: 0 });
    const [basic] = await trades(o.id);
    expect(basic).toMatchObject({ feeType: 'basic', state: 'Succeeded', amount: 100, attempts: 1 });
    const modes = await rows<{ usage_mode: string }>(
      t.database.db,
      sql`select usage_mode from assets where no in (${sql.join(
        nos.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
    expect(modes.map((m) => m.usage_mode)).toEqual(['partner-subscription', 'partner-subscription']);
    // The asset search's "having a subscription ongoing order" filter finds them.
    const held = async (having: boolean) =>
      (await call('POST', '/asset/assets/$query', { noIn: nos, havingSubscriptionOngoingOrder: having })).json().data
        .length;
    expect([await held(true), await held(false)]).toEqual([2, 0]);
    // An asset is held by one order at a time.
    const again = await call('POST', '/subscription/orders', orderInput(p, [nos[0] as string]));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'AssetNotSubscribable' });
    expect(again.json().data.fields.assetNos).toContain('is in another subscription');
  });

  it('refuses what document 2 §5 refuses, writing nothing', async () => {
    const p = await pkg([{ cannotBeFirstPlan: true }, { validUntil: new Date('2021-01-01T00:00:00Z') }, {}]);
    const free = assetNos().slice(2, 3);
    const before = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from subscription_orders`);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ planId: p.planIds[0] }, 422, 'PlanCannotBeFirst'],
      [{ planId: p.planIds[1] }, 422, 'PlanNotValid'],
      [{ assetTransferSiteId: null }, 400, 'ValidationError'],
      [{ assetQuota: 0 }, 400, 'ValidationError'],
      [{ renewStrategy: 'end-at-term', terminateTime: null }, 400, 'ValidationError'],
      [{ usagePeriodMode: 'fixed', billingCycleFixedPattern: null }, 400, 'ValidationError'],
      [{ payment: { type: 'credit-card', paymentMethod: '4242' } }, 400, 'ValidationError'],
      [{ assetNos: ['NOPE0001'] }, 422, 'AssetsNotFound'],
      [{ assetQuota: 1, assetNos: assetNos().slice(2, 4) }, 400, 'ValidationError'],
      [{ startTime: new Date(Date.now() - 3_600_000).toISOString() }, 422, 'ValidationError'],
    ];
    for (const [over, status, code] of cases) {
      const res = await call(
        'POST',
        '/subscription/orders',
        orderInput({ id: p.id, planIds: [p.planIds[2] as string] }, free, over),
      );
      expect([res.statusCode, res.json().code], JSON.stringify(over)).toEqual([status, code]);
    }
    const notReady = await insertAsset(t.database.db, t.partnerA.id, setup.categoryId, { lifeCycleState: 'NotReady' });
    const res = await call(
      'POST',
      '/subscription/orders',
      orderInput({ id: p.id, planIds: [p.planIds[2] as string] }, [notReady.no]),
    );
    expect(res.json()).toMatchObject({
      code: 'AssetNotSubscribable',
      data: { fields: { assetNos: `${notReady.no} is not Ready` } },
    });
    const after = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from subscription_orders`);
    expect(after).toEqual(before);
  });

  it('keeps partner scope: another partner cannot subscribe, see or act on the order; management needs scope all', async () => {
    const p = await pkg([{}]);
    const o = await subscribe(p, assetNos().slice(3, 4));
    const outsider = await t.userWith(
      [
        'asset_subscription.order.read',
        'asset_subscription.order.read_detail',
        'asset_subscription.order.create',
        'asset_subscription.order.manage',
        'asset_subscription.order.force_close',
      ],
      [t.partnerB.id],
    );
    expect((await call('GET', `/subscription/orders/${o.id}`, undefined, outsider.token)).statusCode).toBe(404);
    expect((await call('POST', `/subscription/orders/${o.id}/force-close`, undefined, outsider.token)).statusCode).toBe(
      404,
    );
    const list = (await call('GET', '/subscription/orders', undefined, outsider.token)).json();
    expect(list.data.map((x: { id: string }) => x.id)).not.toContain(o.id);
    const create = await call('POST', '/subscription/orders', orderInput(p, assetNos().slice(4, 5)), outsider.token);
    expect([create.statusCode, create.json().code]).toEqual([403, 'PartnerOutOfScope']);
    const management = await call('GET', '/subscription/management/orders', undefined, outsider.token);
    expect([management.statusCode, management.json().message]).toEqual([403, 'your partner scope must be set to all']);
    const all = (await call('GET', '/subscription/management/orders?pageSize=100')).json();
    expect(all.data.map((x: { id: string }) => x.id)).toContain(o.id);
  });

  it('bills usage by ride hours: split at the boundary, deductible, upper limit, late trips once', async () => {
    const p = await pkg([
      { basicFee: 10, usageFee: 6, usageFeeUpperLimit: 50, deductible: 1, durationUnit: 'hours', durationQuantity: 10 },
    ]);
    const [a1, a2] = setup.assets
      .slice(5, 7)
      .map((a) => ({ ...a, partnerId: t.partnerA.id, categoryId: setup.categoryId }));
    const o = await subscribe(p, [a1?.no as string, a2?.no as string]);
    const S = Date.parse(o.startTime);
    const db = t.database.db;
    await insertTrip(db, a1 as never, new Date(S + 1 * HOUR), new Date(S + 3 * HOUR));
    // Crosses the end of period 1: one hour in each.
    await insertTrip(db, a2 as never, new Date(S + 9 * HOUR), new Date(S + 11 * HOUR));
    await run(S + 6 * HOUR);
    expect((await order(o.id)).nextPeriod?.sequence).toBe(2);
    // The usage is final 48 h after the end: period 1 is 3 h, less 1 h free, at 6 an hour.
    await run(S + 10 * HOUR + LAG + 1000);
    const first = (await trades(o.id, '&feeTypeIn=usage')).find((x) => x.period.sequence === 1);
    expect(first).toMatchObject({ amount: 12, usageHours: 3, deductedHours: 1, deducted: 6, state: 'Succeeded' });
    // A trip of period 1 landing after its usage was final goes into period 2, with period 2's own hour.
    await insertTrip(db, a1 as never, new Date(S + 4 * HOUR), new Date(S + 5 * HOUR));
    // Period 3 rides 20 h: capped at 50.
    await insertTrip(db, a1 as never, new Date(S + 20 * HOUR), new Date(S + 30 * HOUR));
    await insertTrip(db, a2 as never, new Date(S + 20 * HOUR), new Date(S + 30 * HOUR));
    await run(S + 30 * HOUR + LAG + 1000);
    await run(S + 30 * HOUR + LAG + 2000);
    const usage = await trades(o.id, '&feeTypeIn=usage');
    const bySeq = new Map(usage.map((x) => [x.period.sequence, x]));
    expect(bySeq.get(2)).toMatchObject({ usageHours: 2, amount: 6 });
    expect(bySeq.get(3)).toMatchObject({ usageHours: 20, amount: 50 });
    // Each period once, whatever the number of runs.
    expect(usage.filter((x) => x.period.sequence === 1)).toHaveLength(1);
    const counted = await rows<{ s: number }>(
      db,
      sql`select sum(counted_seconds)::float8 as s from subscription_trip_usage where order_id = ${o.id}::uuid`,
    );
    expect(counted[0]?.s).toBe(25 * 3600);
  });

  it('changes the plan and the assets from the next period, never a fixed one', async () => {
    const p = await pkg([
      { name: 'Small', basicFee: 20 },
      { name: 'Large', basicFee: 90, cannotBeFirstPlan: true },
    ]);
    const nos = assetNos().slice(7, 9);
    const o = await subscribe(p, nos);
    const changed = await call('POST', `/subscription/orders/${o.id}/change-plan`, { planId: p.planIds[1] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.nextPlan?.name).toBe('Large');
    const swap = await call('POST', `/subscription/orders/${o.id}/change-assets`, {
      assetNos: [nos[0], assetNos()[9]],
    });
    expect(swap.statusCode, swap.body).toBe(200);
    const tooMany = await call('POST', `/subscription/orders/${o.id}/change-assets`, {
      assetNos: assetNos().slice(0, 6),
    });
    expect(tooMany.statusCode).toBe(422);
    // The current period keeps its plan and assets.
    const current = (await call('GET', `/subscription/orders/${o.id}/assets?set=current`)).json();
    expect(current.data.map((a: { no: string }) => a.no).sort()).toEqual([...nos].sort());
    const S = Date.parse(o.startTime);
    const end = Date.parse(o.currentPeriod?.endsAt as string);
    await run(end - 2 * 86_400_000 + 1000);
    const fixed = await order(o.id);
    expect(fixed.nextPeriod).toMatchObject({ sequence: 2, basicFee: 90, assetCount: 2, plan: { name: 'Large' } });
    expect(fixed.nextPlan).toBeNull();
    expect(fixed.changesFrom).toBe(fixed.nextPeriod?.endsAt);
    const next = (await call('GET', `/subscription/orders/${o.id}/assets?set=next`)).json();
    expect(next.data.map((a: { no: string }) => a.no).sort()).toEqual([nos[0], assetNos()[9]].sort());
    // The asset that leaves is given back when period 2 starts.
    await run(end + 1000);
    const [left] = await rows<{ usage_mode: string }>(
      t.database.db,
      sql`select usage_mode from assets where no = ${nos[1]}`,
    );
    expect(left?.usage_mode).toBe('customer-rental');
    expect(S).toBeLessThan(end);
  });

  it('unsubscribes at the period end; force close ends now with a final usage trade and the assets back', async () => {
    const p = await pkg([{ basicFee: 30, usageFee: 1, durationUnit: 'days', durationQuantity: 1 }]);
    const nos = assetNos().slice(10, 11);
    const o = await subscribe(p, nos);
    // An asset added for the next period is given back at once when no next period comes.
    const added = await insertAsset(t.database.db, t.partnerA.id, setup.categoryId, { lifeCycleState: 'Ready' });
    const swap = await call('POST', `/subscription/orders/${o.id}/change-assets`, { assetNos: [...nos, added.no] });
    expect(swap.statusCode, swap.body).toBe(200);
    const res = await call('POST', `/subscription/orders/${o.id}/unsubscribe`);
    const [mode] = await rows<{ usage_mode: string }>(
      t.database.db,
      sql`select usage_mode from assets where no = ${added.no}`,
    );
    expect(mode?.usage_mode).toBe('customer-rental');
    expect(res.json().data).toMatchObject({ status: 'unsubscribing', changesFrom: null });
    expect((await call('POST', `/subscription/orders/${o.id}/unsubscribe`)).statusCode).toBe(409);
    expect((await call('POST', `/subscription/orders/${o.id}/change-plan`, { planId: p.planIds[0] })).statusCode).toBe(
      409,
    );
    const end = Date.parse(o.currentPeriod?.endsAt as string);
    await run(end + 1000);
    const ended = await order(o.id);
    expect(ended.status).toBe('finished');
    const periods = (await call('GET', `/subscription/orders/${o.id}/periods`)).json();
    expect(periods.count).toBe(1);

    const q = await pkg([{ basicFee: 30, usageFee: 4, durationUnit: 'months', durationQuantity: 1 }]);
    const asset = { ...setup.assets[11], partnerId: t.partnerA.id, categoryId: setup.categoryId } as never as {
      id: string;
      no: string;
      partnerId: string;
      categoryId: string;
    };
    const closing = await subscribe(q, [asset.no]);
    // Three hours pass: the order started three hours ago (a route's "now" is the clock's).
    await t.database.db.execute(sql`update subscription_orders set start_time = start_time - interval '3 hours'
      where id = ${closing.id}::uuid`);
    await t.database.db.execute(sql`update subscription_periods set starts_at = starts_at - interval '3 hours',
      anchor_at = anchor_at - interval '3 hours' where order_id = ${closing.id}::uuid`);
    const started = Date.parse(closing.startTime) - 3 * HOUR;
    await insertTrip(t.database.db, asset, new Date(started + 1000), new Date(started + 1000 + 2 * HOUR));
    const closed = await call('POST', `/subscription/orders/${closing.id}/force-close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'finished', currentPeriod: null });
    const usage = await trades(closing.id, '&feeTypeIn=usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ usageHours: 2, amount: 8 });
    const [back] = await rows<{ usage_mode: string; site_id: string }>(
      t.database.db,
      sql`select usage_mode, site_id from assets where id = ${asset.id}::uuid`,
    );
    expect(back).toEqual({ usage_mode: 'customer-rental', site_id: setup.siteId });
  });

  it('owes a declined trade, retries it a day later, and exempts or refunds', async () => {
    const p = await pkg([{ basicFee: 40, durationUnit: 'months' }]);
    const extra = await insertAsset(t.database.db, t.partnerA.id, setup.categoryId, { lifeCycleState: 'Ready' });
    const o = await subscribe(p, [extra.no], {
      payment: { type: 'credit-card', paymentMethod: 'pm_card_chargeDeclined' },
    });
    expect(o.fees).toMatchObject({ owe: 40, paid: 0 });
    const [failed] = await trades(o.id);
    expect(failed).toMatchObject({ state: 'Failed', attempts: 1, failureMessage: 'Your card was declined.' });
    await run(Date.now() + HOUR);
    expect((await trades(o.id))[0]?.attempts).toBe(1);
    await run(Date.now() + 25 * HOUR);
    expect((await trades(o.id))[0]?.attempts).toBe(2);
    // A new card, and payoff settles it now.
    const edit = await call('PUT', `/subscription/orders/${o.id}`, {
      assetQuota: 5,
      assetTransferSiteId: setup.siteId,
      renewStrategy: 'auto-renew',
      terminateTime: null,
      note: 'new card',
      payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const paid = await call('POST', `/subscription/orders/${o.id}/payoff`);
    expect(paid.json().data.fees).toMatchObject({ owe: 0, paid: 40 });
    expect((await call('POST', `/subscription/orders/${o.id}/payoff`)).json().code).toBe('NothingToPay');
    const trade = (await trades(o.id))[0] as SubscriptionTrade;
    const tooMuch = await call('POST', `/subscription/orders/${o.id}/exempt-refund`, {
      tradeId: trade.id,
      refundAmount: 41,
      reason: 'goodwill',
    });
    expect(tooMuch.statusCode).toBe(422);
    const refunded = await call('POST', `/subscription/orders/${o.id}/exempt-refund`, {
      tradeId: trade.id,
      refundAmount: 15,
      reason: 'goodwill',
    });
    expect(refunded.json().data.fees).toMatchObject({ refunded: 15 });
    const exempt = await call('POST', `/subscription/orders/${o.id}/exempt-refund`, {
      tradeId: trade.id,
      exemptAmount: 5,
      reason: 'paid trades are refunded, not exempted',
    });
    expect([exempt.statusCode, exempt.json().code]).toEqual([409, 'TradeStateInvalid']);
  });

  it('makes each trade once when two instances run the same round', async () => {
    const p = await pkg([{ basicFee: 5, usageFee: 1, durationUnit: 'hours', durationQuantity: 1 }]);
    const extra = await insertAsset(t.database.db, t.partnerA.id, setup.categoryId, { lifeCycleState: 'Ready' });
    const o = await subscribe(p, [extra.no]);
    const at = Date.parse(o.startTime) + 5 * HOUR + LAG;
    await Promise.all([run(at), run(at), run(at)]);
    const all = await trades(o.id);
    const keys = all.map((x) => `${x.period.sequence}:${x.feeType}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(all.filter((x) => x.feeType === 'usage').length).toBeGreaterThanOrEqual(5);
    const payments = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payments where subject_type = 'subscription-trade'
          and subject_id in (select id from subscription_trades where order_id = ${o.id}::uuid)`,
    );
    expect(payments[0]?.n).toBe(all.filter((x) => x.state === 'Succeeded' && x.amount > 0).length);
  });

  it('exports the trades as CSV', async () => {
    const p = await pkg([{ basicFee: 12 }]);
    const extra = await insertAsset(t.database.db, t.partnerA.id, setup.categoryId, { lifeCycleState: 'Ready' });
    const o = await subscribe(p, [extra.no]);
    const res = await call('GET', `/subscription/orders/${o.id}/trades/export?feeTypeIn=basic`);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\n')[1]).toContain(`${o.no},1,`);
  });
});
