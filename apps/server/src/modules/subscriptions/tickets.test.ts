import type { SubscriptionOrder, SubscriptionTrade } from '@fleetdesk/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TicketDetail, type Workshop, workshop } from '../../../test/customer-tickets.ts';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import { insertPackage, subscribablePartner } from '../../../test/subscriptions.ts';
import { customerTickets } from '../../db/schema/index.ts';

const BASE = '/support/tickets';
type Ticket = TicketDetail & {
  kind: string;
  subscriptionOrder: { id: string; orderNo: string } | null;
  serviceTrade: { id: string; state: string } | null;
};

describe('B2B service tickets API', () => {
  let t: TestContext;
  let w: Workshop;
  let setup: Awaited<ReturnType<typeof subscribablePartner>>;
  let order: SubscriptionOrder;
  let centerB: string;
  let partnerStaff: string;
  let otherPartnerStaff: string;
  let mechanic: { id: string; token: string };
  let b2cMechanic: string;
  let operator: string;
  let nextAsset = 0;

  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, token: string, body?: unknown) =>
    call(t.app, method, path, { token, ...(body === undefined ? {} : { body }) });
  const act = (id: string, action: string, token = mechanic.token, body: unknown = {}) =>
    req('POST', `${BASE}/${id}/$${action}`, token, body);
  const get = async (id: string, token = t.owner.token) =>
    (await req('GET', `${BASE}/${id}`, token)).json().data as Ticket;
  const orderOf = async (id: string) =>
    (await req('GET', `/subscription/orders/${id}`, t.owner.token)).json().data as SubscriptionOrder;
  const tradesOf = async (id: string) =>
    (await req('GET', `/subscription/orders/${id}/trades?pageSize=100`, t.owner.token)).json()
      .data as SubscriptionTrade[];

  /** A new B2B ticket of the partner's staff on the next subscribed asset. */
  async function open(body: Record<string, unknown> = {}) {
    const asset = setup.assets[nextAsset++] as { id: string; no: string };
    const res = await req('POST', BASE, partnerStaff, { assetNo: asset.no, issues: ['Brakes'], ...body });
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json().data as Ticket), assetId: asset.id };
  }

  /** A ticket checked in, started and worked by the mechanic with one record of `fee`, then finished. */
  async function finished(fee: number) {
    const tk = await open();
    expect((await act(tk.id, 'checkIn', mechanic.token, { centerSiteId: centerB })).statusCode).toBe(200);
    expect((await act(tk.id, 'start')).statusCode).toBe(200);
    await w.record({ id: tk.id, partnerId: t.partnerA.id, assetId: tk.assetId, centerSiteId: centerB }, fee);
    const res = await act(tk.id, 'finish');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Ticket;
  }

  beforeAll(async () => {
    t = await createTestContext();
    w = await workshop(t);
    setup = await subscribablePartner(t.database.db, t.partnerA.id, 16);
    centerB = await w.center(t.partnerB.id);
    const pkg = await insertPackage(t.database.db, t.partnerA.id, setup.categoryId, [
      { basicFee: 100, initialAvailability: 14 },
    ]);
    const created = await req('POST', '/subscription/orders', t.owner.token, {
      partnerId: t.partnerA.id,
      packageId: pkg.id,
      planId: pkg.planIds[0],
      usagePeriodMode: 'rolling',
      billingCycleFixedPattern: null,
      assetQuota: 14,
      assetTransferSiteId: setup.siteId,
      renewStrategy: 'auto-renew',
      terminateTime: null,
      note: '',
      payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
      assetNos: setup.assets.slice(0, 14).map((a) => a.no),
    });
    expect(created.statusCode, created.body).toBe(201);
    order = created.json().data;
    const staff = ['read', 'read_detail', 'create', 'update', 'delete'].map((a) => `support.ticket.${a}`);
    partnerStaff = (await t.userWith(staff, [t.partnerA.id])).token;
    otherPartnerStaff = (await t.userWith(staff, [t.partnerB.id])).token;
    mechanic = await t.userWith(['app:support.ticket.mechanic'], '*');
    b2cMechanic = (await t.userWith(['support.customer_ticket.update', 'support.customer_ticket.read_detail'], '*'))
      .token;
    operator = (
      await t.userWith(
        ['read', 'read_detail', 'edit_charge', 'exempt_refund'].map((a) => `super_user.support.ticket.${a}`),
        '*',
      )
    ).token;
  }, 60_000);
  afterAll(() => t?.close());

  it('the partner opens a ticket on a subscribed asset: B2B, on its order, no centre yet, editable while new', async () => {
    const tk = await open({ comment: 'Rear brake squeaks', contactName: 'Front desk', contactPhone: '+390212345678' });
    expect(tk).toMatchObject({
      kind: 'b2b',
      status: 'new',
      subscriptionOrder: { id: order.id, orderNo: order.no },
      assetPartner: { id: t.partnerA.id },
      center: null,
      provider: null,
      customer: null,
      comment: 'Rear brake squeaks',
      contactName: 'Front desk',
      currency: 'EUR',
      serviceTrade: null,
    });
    expect(tk.ticketNo).toMatch(/^T-\d{6}$/);
    expect(tk.allowedActions).toEqual(['update', 'delete']);
    // The workshop (super_user.support.ticket.read in the partner's reach) is told; the reporter's own desk is not.
    const told = (await req('GET', '/account/notifications?pageSize=50', operator)).json().data as {
      kind: string;
      link: string;
      params: Record<string, unknown>;
    }[];
    expect(told.find((n) => n.link === `/subscription/service-management/detail/${tk.id}`)).toMatchObject({
      kind: 'b2bTicketReported',
      params: { orderNo: order.no, partner: 'Partner A' },
    });
    const desk = (await req('GET', '/account/notifications?pageSize=50', partnerStaff)).json().data as unknown[];
    expect(desk).toEqual([]);
    const edited = await req('PATCH', `${BASE}/${tk.id}`, partnerStaff, { issues: ['Brakes', 'Flat'], comment: '' });
    expect((edited.json() as { data: Ticket }).data).toMatchObject({
      issues: ['Brakes', 'Flat'],
      comment: null,
      contactName: 'Front desk',
    });
    const seen = await get(tk.id, mechanic.token);
    expect(seen.allowedActions).toEqual(expect.arrayContaining(['checkIn', 'fail', 'assign', 'comment']));
    expect(seen.allowedActions).not.toContain('update');
  });

  it('refuses what is not a live subscribed asset, a second open ticket and unknown issues, writing nothing', async () => {
    const free = setup.assets[15] as { no: string };
    const cases: [unknown, number, string][] = [
      [{ assetNo: free.no, issues: ['Brakes'] }, 422, 'AssetNotSubscribed'],
      [{ assetNo: 'NOPE0001', issues: ['Brakes'] }, 404, 'AssetNotFound'],
      [{ assetNo: (setup.assets[13] as { no: string }).no, issues: ['Wings'] }, 422, 'IssueInvalid'],
      [{ assetNo: (setup.assets[13] as { no: string }).no, issues: [] }, 400, 'ValidationError'],
    ];
    for (const [body, status, code] of cases) {
      const res = await req('POST', BASE, partnerStaff, body);
      expect([res.statusCode, errorOf(res).code], JSON.stringify(body)).toEqual([status, code]);
    }
    const tk = await open();
    const assetNo = ((await get(tk.id)).asset as { no: string }).no;
    const again = await req('POST', BASE, partnerStaff, { assetNo, issues: ['Motor'] });
    expect([again.statusCode, errorOf(again).code]).toEqual([409, 'TicketAlreadyExists']);
    // The B2C desk cannot open a customer ticket on a subscribed asset either.
    const b2c = await req('POST', '/support/customerTickets/$inspectAsset', t.owner.token, { assetNo });
    expect(errorOf(b2c).code).toBe('AssetUsageModeInvalid');
  });

  it('keeps the kinds and the partners apart: other partner, B2C routes and B2C mechanics get nothing', async () => {
    const tk = await open();
    expect((await req('GET', `${BASE}/${tk.id}`, otherPartnerStaff)).statusCode).toBe(404);
    expect((await req('GET', `/support/customerTickets/${tk.id}`, t.owner.token)).statusCode).toBe(404);
    expect((await req('POST', `/support/customerTickets/${tk.id}/$checkIn`, t.owner.token, {})).statusCode).toBe(404);
    // The partner's staff do not work tickets; a B2C mechanic does not work B2B ones.
    expect((await act(tk.id, 'checkIn', partnerStaff, { centerSiteId: centerB })).statusCode).toBe(403);
    expect((await act(tk.id, 'checkIn', b2cMechanic, { centerSiteId: centerB })).statusCode).toBe(403);
    // …and the B2B mechanic works no B2C ticket.
    const asset = await w.asset(t.partnerB.id);
    await w.partnerSetup(t.partnerB.id);
    const b2c = await req('POST', '/support/customerTickets', t.owner.token, {
      assetNo: asset.no,
      centerSiteId: centerB,
      newCustomer: { phoneNo: '+393401112233', firstName: 'Walk', lastName: 'In' },
      operationType: 'regular',
      issues: ['Flat'],
    });
    expect(b2c.statusCode, b2c.body).toBe(201);
    const b2cId = b2c.json().data.id as string;
    expect((await req('GET', `${BASE}/${b2cId}`, mechanic.token)).statusCode).toBe(404);
    expect((await req('POST', `/support/customerTickets/${b2cId}/$checkIn`, mechanic.token, {})).statusCode).toBe(403);
    // Lists hold their own kind only.
    const b2bList = (await req('GET', `${BASE}?pageSize=100`, t.owner.token)).json().data as Ticket[];
    expect(b2bList.every((x) => x.kind === 'b2b')).toBe(true);
    expect(b2bList.map((x) => x.id)).toContain(tk.id);
    const b2cList = (await req('GET', '/support/customerTickets?pageSize=100', t.owner.token)).json().data as Ticket[];
    expect(b2cList.map((x) => x.id)).toEqual([b2cId]);
    const otherList = await req('GET', BASE, otherPartnerStaff);
    expect(otherList.json()).toMatchObject({ data: [], count: 0 });
  });

  it('check-in names a service centre; after it the partner can no longer change or withdraw the ticket', async () => {
    const tk = await open();
    const noCentre = await act(tk.id, 'checkIn', mechanic.token, { centerSiteId: setup.siteId });
    expect([noCentre.statusCode, errorOf(noCentre).code]).toEqual([422, 'ServiceCenterRequired']);
    expect((await get(tk.id)).status).toBe('new');
    const checked = await act(tk.id, 'checkIn', mechanic.token, { centerSiteId: centerB });
    expect((checked.json() as { data: Ticket }).data).toMatchObject({
      status: 'checked-in',
      center: { id: centerB },
      provider: { id: t.partnerB.id },
    });
    const edit = await req('PATCH', `${BASE}/${tk.id}`, partnerStaff, { comment: 'more' });
    expect([edit.statusCode, errorOf(edit).code]).toEqual([409, 'InvalidTicketStatus']);
    const del = await req('DELETE', `${BASE}/${tk.id}`, partnerStaff);
    expect([del.statusCode, errorOf(del).code]).toEqual([409, 'InvalidTicketStatus']);
    const started = (await act(tk.id, 'start')).json().data as Ticket;
    expect(started).toMatchObject({ status: 'processing', mechanic: { id: mechanic.id } });
  });

  it('the partner withdraws a new ticket: it is gone, and the asset can get another', async () => {
    const tk = await open();
    expect((await req('DELETE', `${BASE}/${tk.id}`, partnerStaff)).statusCode).toBe(200);
    expect((await req('GET', `${BASE}/${tk.id}`, partnerStaff)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(customerTickets).where(eq(customerTickets.id, tk.id));
    expect(rows).toEqual([]);
  });

  it('finish bills the fee to the order as a service trade: owed on the order, charged with its next trade', async () => {
    const before = await orderOf(order.id);
    const tk = await finished(30);
    expect(tk).toMatchObject({ status: 'finished', serviceFee: 30, owed: 30, paid: 0, payments: [], invoice: null });
    expect(tk.serviceTrade?.state).toBe('Pending');
    expect(tk.allowedActions).toContain('complete');
    const after = await orderOf(order.id);
    expect(after.fees.owe - before.fees.owe).toBe(30);
    const trade = (await tradesOf(order.id)).find((x) => x.id === tk.serviceTrade?.id);
    expect(trade).toMatchObject({ feeType: 'service', state: 'Pending', amount: 30 });
    // Completing is the workshop's: the fee is the subscription's to pay, not the ticket's.
    expect((await act(tk.id, 'complete')).json().data.status).toBe('completed');
    // The next period's start makes it claimable; the billing run charges it with the basic trade.
    const periodEnd = Date.parse(after.currentPeriod?.endsAt ?? '');
    await t.app.subscriptions.billing.run(new Date(periodEnd + 60_000));
    expect((await get(tk.id)).serviceTrade?.state).toBe('Succeeded');
    expect(await get(tk.id)).toMatchObject({ owed: 0, paid: 30 });
  });

  it('a payoff settles the owed service fee at once', async () => {
    const tk = await finished(12);
    const paid = await req('POST', `/subscription/orders/${order.id}/payoff`, t.owner.token, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await get(tk.id)).serviceTrade?.state).toBe('Succeeded');
  });

  it('the operator edits the fee before it is charged, exempts part, refunds part once paid; nobody else may', async () => {
    const tk = await finished(40);
    expect((await get(tk.id, operator)).allowedActions).toEqual(
      expect.arrayContaining(['editCharge', 'exemptOrRefund']),
    );
    const refused = await act(tk.id, 'editCharge', partnerStaff, { amount: 1, reason: 'x' });
    expect(refused.statusCode).toBe(403);
    expect((await act(tk.id, 'editCharge', mechanic.token, { amount: 1, reason: 'x' })).statusCode).toBe(403);
    const edited = await act(tk.id, 'editCharge', operator, { amount: 25, reason: 'Goodwill: only the parts' });
    expect((edited.json() as { data: Ticket }).data).toMatchObject({ serviceFee: 25, owed: 25 });
    const tooMuch = await act(tk.id, 'exemptOrRefund', operator, { amount: 30, reason: 'x' });
    expect([
      tooMuch.statusCode,
      errorOf(tooMuch).code,
      (errorOf(tooMuch).data as { fields?: unknown })?.fields,
    ]).toEqual([422, 'ValidationError', { amount: 'At most 25.00 is still to pay' }]);
    const exempted = await act(tk.id, 'exemptOrRefund', operator, { amount: 5, reason: 'Late pick-up' });
    expect(exempted.json().data).toMatchObject({ owed: 20, exemptRefundAmount: 5 });
    await req('POST', `/subscription/orders/${order.id}/payoff`, t.owner.token, {});
    const paid = await get(tk.id, operator);
    expect(paid).toMatchObject({ owed: 0, paid: 20, serviceTrade: { state: 'Succeeded' } });
    expect(paid.allowedActions).not.toContain('editCharge');
    const locked = await act(tk.id, 'editCharge', operator, { amount: 10, reason: 'x' });
    expect([locked.statusCode, errorOf(locked).code]).toEqual([409, 'TicketChargeLocked']);
    const refunded = await act(tk.id, 'exemptOrRefund', operator, { amount: 8, reason: 'Parts returned' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ paid: 12, exemptRefundAmount: 13 });
    expect((await get(tk.id)).history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['edit-charge', 'exempt', 'refund', 'finish']),
    );
  });

  it('the assign picker lists the B2B mechanics; assigning a B2C-only mechanic is refused', async () => {
    const tk = await open();
    const picker = await req('GET', `${BASE}/$mechanics?partnerId=${t.partnerA.id}`, mechanic.token);
    const ids = (picker.json().data as { id: string }[]).map((m) => m.id);
    expect(ids).toContain(mechanic.id);
    const b2cOnly = await t.userWith(['support.customer_ticket.update'], '*');
    expect(ids).not.toContain(b2cOnly.id);
    const refused = await act(tk.id, 'assign', mechanic.token, { mechanicUserId: b2cOnly.id });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([422, 'MechanicInvalid']);
    const assigned = await act(tk.id, 'assign', mechanic.token, { mechanicUserId: mechanic.id });
    expect(assigned.json().data.mechanic).toMatchObject({ id: mechanic.id });
  });

  it('the B2B records routes serve B2B tickets only, to the B2B mechanic', async () => {
    const tk = await open();
    await act(tk.id, 'checkIn', mechanic.token, { centerSiteId: centerB });
    const records = await req('GET', `${BASE}/${tk.id}/checklistRecords`, mechanic.token);
    expect(records.json()).toEqual({ data: [] });
    expect((await req('GET', `/support/customerTickets/${tk.id}/checklistRecords`, t.owner.token)).statusCode).toBe(
      404,
    );
    const draft = await req('POST', `${BASE}/${tk.id}/checklistRecords/$submitDraft`, b2cMechanic, {});
    expect(draft.statusCode).toBe(403);
  });

  it('the reporter attaches photos to a new ticket: images only, at most 6, readable in scope, gone with the ticket', async () => {
    const tk = await open();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const upload = async (content: Buffer, filename: string, type: string, token = partnerStaff) => {
      const form = await multipartFile({ content, filename, type });
      return t.app.inject({
        method: 'POST',
        url: `/api${BASE}/${tk.id}/photos`,
        headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const first = await upload(png, 'brake.png', 'image/png');
    expect(first.statusCode, first.body).toBe(201);
    const photo = (first.json().data as Ticket & { photos: { id: string; url: string; fileName: string }[] }).photos[0];
    expect(photo).toMatchObject({ fileName: 'brake.png', contentType: 'image/png' });
    const file = await t.app.inject({
      method: 'GET',
      url: photo?.url ?? '',
      headers: { authorization: `Bearer ${mechanic.token}` },
    });
    expect([file.statusCode, file.headers['content-type'], file.headers['cache-control']]).toEqual([
      200,
      'image/png',
      'private, no-store',
    ]);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(40);
    const other = await t.app.inject({
      method: 'GET',
      url: photo?.url ?? '',
      headers: { authorization: `Bearer ${otherPartnerStaff}` },
    });
    expect(other.statusCode).toBe(404);
    const text = await upload(Buffer.from('not an image at all, just words'), 'note.txt', 'text/plain');
    expect([text.statusCode, errorOf(text).code]).toEqual([415, 'UnsupportedMediaType']);
    for (let i = 1; i < 6; i++) expect((await upload(png, `p${i}.png`, 'image/png')).statusCode).toBe(201);
    const seventh = await upload(png, 'p7.png', 'image/png');
    expect([seventh.statusCode, errorOf(seventh).code]).toEqual([422, 'TooManyPhotos']);
    const removed = await req('DELETE', `${BASE}/${tk.id}/photos/${photo?.id}`, partnerStaff);
    expect((removed.json().data as { photos: unknown[] }).photos).toHaveLength(5);
    await act(tk.id, 'checkIn', mechanic.token, { centerSiteId: centerB });
    const late = await upload(png, 'late.png', 'image/png');
    expect([late.statusCode, errorOf(late).code]).toEqual([409, 'InvalidTicketStatus']);
  });
});
