import { randomUUID } from 'node:crypto';
import {
  customerTicketStatuses,
  TEST_CARDS,
  TICKET_TRANSITIONS,
  type TicketStatusAction,
  ticketStatusActions,
} from '@fleetdesk/contracts';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import {
  assetEvents,
  checklistRecords,
  customerPaymentMethods,
  customers,
  customerTicketEvents,
  customerTickets,
  leases,
  localProviderRequests,
  orders,
  outbox,
  payments,
} from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { verifyPassword } from '../../lib/secrets.ts';
import { openTicket, type TicketDetail, type Workshop, workshop } from './test-helpers.ts';

const BASE = '/support/customerTickets';
const BODIES: Partial<Record<TicketStatusAction, unknown>> = {
  pause: { pauseReason: 'waiting-for-parts', note: 'Brake pads ordered' },
  fail: { reason: 'Frame cracked, not repairable' },
};

describe('service tickets API', () => {
  let t: TestContext;
  let w: Workshop;
  let centerA: string;
  let centerB: string;
  let owner: string;

  const post = (path: string, body?: unknown, token = owner) =>
    call(t.app, 'POST', `${BASE}${path}`, { token, body: body ?? {} });
  const act = (id: string, action: string, body?: unknown, token = owner) =>
    post(`/${id}/$${action}`, body ?? BODIES[action as TicketStatusAction], token);
  const get = async (id: string, token = owner) =>
    (await call(t.app, 'GET', `${BASE}/${id}`, { token })).json().data as TicketDetail;

  /** A regular ticket of partner A for a fresh asset and customer (card answering as `token`). */
  async function ticket(
    opts: { token?: string | null; email?: string | null; center?: string; partner?: string } = {},
  ) {
    const partner = opts.partner ?? t.partnerA.id;
    const asset = await w.asset(partner);
    const customer = await w.customer(partner, {
      ...(opts.token !== undefined ? { token: opts.token } : {}),
      ...(opts.email !== undefined ? { email: opts.email } : {}),
    });
    const created = await openTicket(t, owner, {
      assetNo: asset.no,
      centerSiteId: opts.center ?? (partner === t.partnerA.id ? centerA : centerB),
      customerId: customer.id,
      operationType: 'regular',
      issues: ['Brakes'],
    });
    return { ...created, asset, customer };
  }

  /** Moves a ticket to a status straight in the database (the owner as mechanic). */
  async function setStatus(id: string, status: string, values: Partial<typeof customerTickets.$inferInsert> = {}) {
    await w.db
      .update(customerTickets)
      .set({
        status,
        mechanicUserId: t.owner.id,
        ...(status === 'processing' ? { processingSince: new Date() } : {}),
        ...(status === 'finished' || status === 'completed' ? { serviceFee: 0 } : {}),
        ...values,
      })
      .where(eq(customerTickets.id, id));
  }

  const ticketRow = async (id: string) =>
    (await w.db.select().from(customerTickets).where(eq(customerTickets.id, id)))[0];
  const eventsOf = (id: string) =>
    w.db.select().from(customerTicketEvents).where(eq(customerTicketEvents.ticketId, id));
  const ledgerOf = (id: string) =>
    w.db
      .select()
      .from(payments)
      .where(and(eq(payments.subjectType, 'customer-ticket'), eq(payments.subjectId, id)));

  /** A ticket processing with one record of `fee`, finished by the owner; answers the finish response. */
  async function finished(fee: number, opts: { token?: string | null; email?: string | null } = {}) {
    const tk = await ticket(opts);
    await setStatus(tk.id, 'processing');
    await w.record({ id: tk.id, partnerId: t.partnerA.id, assetId: tk.asset.id, centerSiteId: centerA }, fee);
    const res = await act(tk.id, 'finish');
    expect(res.statusCode).toBe(200);
    return { ...tk, finished: res.json().data as TicketDetail };
  }

  beforeAll(async () => {
    t = await createTestContext();
    owner = t.owner.token;
    w = await workshop(t);
    await w.partnerSetup(t.partnerA.id);
    await w.partnerSetup(t.partnerB.id, 'closed');
    centerA = await w.center(t.partnerA.id);
    centerB = await w.center(t.partnerB.id);
  }, 60_000);
  afterAll(() => t?.close());

  describe('opening a ticket', () => {
    it('opens a ticket with a number, the asset partner, the centre, the currency and a create event', async () => {
      const tk = await ticket();
      expect(tk).toMatchObject({
        status: 'new',
        assetPartner: { id: t.partnerA.id, name: 'Partner A' },
        provider: { id: t.partnerA.id },
        center: { id: centerA },
        currency: 'EUR',
        serviceFee: null,
        owed: 0,
        issues: ['Brakes'],
        operationType: 'regular',
      });
      expect(tk.ticketNo).toMatch(/^T-\d{6}$/);
      expect(tk.history.map((h) => h.action)).toEqual(['create']);
      expect(tk.allowedActions).toEqual(expect.arrayContaining(['checkIn', 'fail', 'assign']));
    });

    it('creates a walk-in customer whose password is the last 6 digits of the phone', async () => {
      const asset = await w.asset(t.partnerA.id);
      const tk = await openTicket(t, owner, {
        assetNo: asset.no,
        centerSiteId: centerA,
        newCustomer: {
          phoneNo: '+393401234567',
          firstName: 'Giulia',
          lastName: "D'Amico",
          email: 'giulia@example.com',
        },
        operationType: 'regular',
        issues: ['Flat', 'Brakes'],
      });
      const customer = tk.customer as { id: string; name: string };
      expect(customer.name).toBe("Giulia D'Amico");
      const [row] = await w.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(await verifyPassword(row?.passwordHash ?? null, '234567')).toBe(true);
      expect(await verifyPassword(row?.passwordHash ?? null, '1234567')).toBe(false);
    });

    it('refuses what document 2 §8 lists, each with its code, writing nothing', async () => {
      const asset = await w.asset(t.partnerA.id);
      const customer = await w.customer(t.partnerA.id);
      const base = {
        assetNo: asset.no,
        centerSiteId: centerA,
        customerId: customer.id,
        operationType: 'regular',
        issues: ['Brakes'],
      };
      const before = (await w.db.select({ n: sql<number>`count(*)::int` }).from(customerTickets))[0]?.n;
      const refused = async (body: Record<string, unknown>, status: number, code: string) => {
        const res = await post('', { ...base, ...body });
        expect(res.statusCode).toBe(status);
        expect(errorOf(res).code).toBe(code);
      };
      await refused({ issues: ['Brakes', 'Wings'] }, 422, 'IssueInvalid');
      await refused({ assetNo: 'NOPE0000' }, 404, 'AssetNotFound');
      const retail = await w.asset(t.partnerA.id, 'non-leasable');
      await refused({ assetNo: retail.no }, 422, 'AssetUsageModeInvalid');
      await refused({ operationType: 'swapped' }, 422, 'AssetNoSwappedInvalid');
      await refused({ operationType: 'swapped', swappedAssetNo: asset.no }, 422, 'AssetNoSwappedInvalid');
      const otherPartners = await w.asset(t.partnerB.id);
      await refused({ operationType: 'swapped', swappedAssetNo: otherPartners.no }, 422, 'AssetNoSwappedInvalid');
      await refused({ operationType: 'return' }, 422, 'OrderMismatch');
      await refused({ centerSiteId: await w.center(t.partnerA.id, { type: 'station' }) }, 400, 'ValidationError');
      await refused(
        {
          customerId: undefined,
          newCustomer: { phoneNo: '+393409999001', firstName: 'R2D2', lastName: 'Droid' },
        },
        422,
        'CustomerNameInvalid',
      );
      const unconfigured = await seed.partner(w.db, { name: 'No settings yet' });
      const bare = await w.asset(unconfigured.id);
      const inspect = await post('/$inspectAsset', { assetNo: bare.no });
      expect(inspect.statusCode).toBe(422);
      expect(errorOf(inspect).code).toBe('PartnerConfigIncomplete');
      const after = (await w.db.select({ n: sql<number>`count(*)::int` }).from(customerTickets))[0]?.n;
      expect(after).toBe(before);
    });

    it('refuses a taken e-mail, a contact e-mail of another customer and a partner closed to sign-ups', async () => {
      const other = await w.customer(t.partnerA.id, { email: 'taken@example.com' });
      const asset = await w.asset(t.partnerA.id);
      const res = await post('', {
        assetNo: asset.no,
        centerSiteId: centerA,
        newCustomer: { phoneNo: '+393409999003', firstName: 'Ana', lastName: 'Ruiz', email: 'TAKEN@example.com' },
        operationType: 'regular',
        issues: ['Brakes'],
      });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('EmailInUse');

      const mine = await w.customer(t.partnerA.id);
      const contact = await post('', {
        assetNo: asset.no,
        centerSiteId: centerA,
        customerId: mine.id,
        contactEmail: 'taken@example.com',
        operationType: 'regular',
        issues: ['Brakes'],
      });
      expect(contact.statusCode).toBe(409);
      expect(errorOf(contact).code).toBe('ContactEmailInUsed');
      expect(other.id).toBeTruthy();

      const assetB = await w.asset(t.partnerB.id);
      const closed = await post('', {
        assetNo: assetB.no,
        centerSiteId: centerB,
        newCustomer: { phoneNo: '+393409999004', firstName: 'Pau', lastName: 'Serra' },
        operationType: 'regular',
        issues: ['Motor'],
      });
      expect(closed.statusCode).toBe(422);
      expect(errorOf(closed).code).toBe('PartnerNotOpenToJoin');
    });

    it('keeps one open ticket per asset (TicketAlreadyExists) and ties a return to the open order', async () => {
      const tk = await ticket();
      const again = await post('', {
        assetNo: tk.asset.no,
        centerSiteId: centerA,
        customerId: tk.customer.id,
        operationType: 'regular',
        issues: ['Hub'],
      });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).code).toBe('TicketAlreadyExists');

      const rented = await w.asset(t.partnerA.id);
      const customer = await w.customer(t.partnerA.id);
      const orderId = randomUUID();
      await w.db.insert(orders).values({
        id: orderId,
        orderNo: `RT${randomUUID().slice(0, 8)}`,
        customerId: customer.id,
        partnerId: t.partnerA.id,
        assetCategoryId: w.categoryId,
        status: 'Open',
        currency: 'EUR',
      });
      await w.db
        .insert(leases)
        .values({ id: randomUUID(), orderId, assetId: rented.id, customerId: customer.id, status: 'InUse' });
      const body = { assetNo: rented.no, centerSiteId: centerA, customerId: customer.id, issues: ['Battery'] };
      const ongoing = await post('', { ...body, operationType: 'regular' });
      expect(ongoing.statusCode).toBe(409);
      expect(errorOf(ongoing).code).toBe('AssetHasOngoingOrder');
      const inspected = await post('/$inspectAsset', { assetNo: rented.no });
      expect(inspected.json().data.openOrder.id).toBe(orderId);
      const wrongOrder = await post('', { ...body, operationType: 'return', orderId: randomUUID() });
      expect(errorOf(wrongOrder).code).toBe('OrderMismatch');
      const ret = await post('', { ...body, operationType: 'return', orderId });
      expect(ret.statusCode).toBe(201);
      expect(ret.json().data.order.id).toBe(orderId);
    });
  });

  describe('the transition table', () => {
    it('every action from every status: allowed ones move, the others are 409 with nothing written', async () => {
      for (const status of customerTicketStatuses) {
        for (const action of ticketStatusActions) {
          const tk = await ticket();
          await setStatus(tk.id, status);
          const rowBefore = await ticketRow(tk.id);
          const eventsBefore = await eventsOf(tk.id);
          const res = await act(tk.id, action);
          const allowed = (TICKET_TRANSITIONS[action].from as readonly string[]).includes(status);
          const label = `${action} from ${status}`;
          if (allowed) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
            expect(res.json().data.status, label).toBe(TICKET_TRANSITIONS[action].to);
            expect((await eventsOf(tk.id)).length, label).toBeGreaterThan(eventsBefore.length);
          } else {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(409);
            expect(errorOf(res).code, label).toBe('InvalidTicketStatus');
            expect(await ticketRow(tk.id), label).toEqual(rowBefore);
            expect(await eventsOf(tk.id), label).toEqual(eventsBefore);
          }
        }
      }
    }, 120_000);

    it('pauses with a reason, resumes clearing it, counts the worked time and fails with a reason', async () => {
      const tk = await ticket();
      await setStatus(tk.id, 'processing', { processingSince: new Date(Date.now() - 30 * 60_000) });
      const noReason = await act(tk.id, 'pause', {});
      expect(noReason.statusCode).toBe(400);
      const paused = (await act(tk.id, 'pause')).json().data;
      expect(paused).toMatchObject({
        status: 'paused',
        pauseReason: 'waiting-for-parts',
        pauseNote: 'Brake pads ordered',
      });
      expect(paused.durationMinutes).toBe(30);
      const resumed = (await act(tk.id, 'resume')).json().data;
      expect(resumed).toMatchObject({ status: 'processing', pauseReason: null, pauseNote: null });
      expect((await act(tk.id, 'fail', {})).statusCode).toBe(400);
      const failed = (await act(tk.id, 'fail')).json().data;
      expect(failed).toMatchObject({ status: 'unsuccessful', failReason: 'Frame cracked, not repairable' });
      expect(failed.closedAt).not.toBeNull();
      expect(failed.history.map((h: { action: string }) => h.action)).toEqual(['fail', 'resume', 'pause', 'create']);
    });
  });

  describe('who may act', () => {
    it('a mechanic working only their own tickets: start assigns, someone else’s is refused', async () => {
      const mechanic = await t.userWith(
        [
          'support.customer_ticket.read_detail',
          'support.customer_ticket.update_assigned_to_self',
          'support.customer_ticket.check_in',
        ],
        [t.partnerA.id],
      );
      const tk = await ticket();
      expect((await act(tk.id, 'checkIn', undefined, mechanic.token)).statusCode).toBe(200);
      const started = await act(tk.id, 'start', undefined, mechanic.token);
      expect(started.statusCode).toBe(200);
      expect(started.json().data.mechanic.id).toBe(mechanic.id);
      expect(started.json().data.allowedActions).toEqual(expect.arrayContaining(['pause', 'finish', 'workChecklists']));

      const others = await ticket();
      await setStatus(others.id, 'processing');
      const before = await ticketRow(others.id);
      const refused = await act(others.id, 'pause', undefined, mechanic.token);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('SupportCustomerTicketNotAssigned');
      const comment = await call(t.app, 'PATCH', `${BASE}/${others.id}`, {
        token: mechanic.token,
        body: { comment: 'mine now' },
      });
      expect(comment.statusCode).toBe(403);
      expect(await ticketRow(others.id)).toEqual(before);
      expect((await get(others.id, mechanic.token)).allowedActions).not.toContain('pause');
    });

    it('a Milano mechanic cannot read or act on a Barcelona ticket (404, as a missing one)', async () => {
      const milano = await t.userWith(
        ['support.customer_ticket.read_detail', 'support.customer_ticket.update', 'support.customer_ticket.check_in'],
        [t.partnerA.id],
      );
      const barcelona = await ticket({ partner: t.partnerB.id });
      const read = await call(t.app, 'GET', `${BASE}/${barcelona.id}`, { token: milano.token });
      expect(read.statusCode).toBe(404);
      const checkIn = await act(barcelona.id, 'checkIn', undefined, milano.token);
      expect(checkIn.statusCode).toBe(404);
      expect((await ticketRow(barcelona.id))?.status).toBe('new');
    });

    it('assigns only staff who may work tickets of the partner; edits contact info and notes', async () => {
      const tk = await ticket();
      const viewer = await t.userWith(['support.customer_ticket.read'], [t.partnerA.id]);
      const bcn = await t.userWith(['support.customer_ticket.update'], [t.partnerB.id]);
      const fine = await t.userWith(['support.customer_ticket.update_assigned_to_self'], [t.partnerA.id]);
      for (const userId of [viewer.id, bcn.id, randomUUID()]) {
        const res = await act(tk.id, 'assign', { mechanicUserId: userId });
        expect(res.statusCode).toBe(422);
        expect(errorOf(res).data).toMatchObject({ fields: { mechanicUserId: expect.any(String) } });
      }
      const assigned = await act(tk.id, 'assign', { mechanicUserId: fine.id });
      expect(assigned.json().data.mechanic).toMatchObject({ id: fine.id });

      const contact = await call(t.app, 'PATCH', `${BASE}/${tk.id}/contactInfo`, {
        token: owner,
        body: { contactName: 'Luca', contactPhone: '+393331112223' },
      });
      expect(contact.json().data).toMatchObject({ contactName: 'Luca', contactPhone: '+393331112223' });
      const note = await call(t.app, 'PATCH', `${BASE}/${tk.id}/checkInNote`, {
        token: owner,
        body: { checkInNote: 'Scratches on the left side' },
      });
      expect(note.json().data.checkInNote).toBe('Scratches on the left side');
    });
  });

  describe('fees, charges, invoices', () => {
    it('finish finalizes the records, fixes the fee, issues the invoice, charges the card and mails it', async () => {
      const tk = await finished(40);
      expect(tk.finished).toMatchObject({ status: 'finished', serviceFee: 40, paid: 40, owed: 0 });
      expect(tk.finished.payments).toEqual([
        expect.objectContaining({ kind: 'charge', amount: 40, status: 'Succeeded' }),
      ]);
      expect(tk.finished.invoice).toMatchObject({ gross: 40, net: 32.79, tax: 7.21, emailStatus: 'sent' });
      expect(tk.finished.invoice?.invoiceNo).toMatch(/^SVC-\d{4}-\d{6}$/);
      const [record] = await w.db.select().from(checklistRecords).where(eq(checklistRecords.ticketId, tk.id));
      expect(record?.status).toBe('Finish');
      const mails = await w.db
        .select()
        .from(outbox)
        .where(like(outbox.subject, `%${tk.ticketNo}%`));
      expect(mails).toHaveLength(1);
      const done = await act(tk.id, 'complete');
      expect(done.json().data.status).toBe('completed');
    });

    it('a declined card leaves the fee owed: complete refused, $charge once per 24 h, then exempt', async () => {
      const tk = await finished(25, { token: TEST_CARDS.declined.token });
      expect(tk.finished).toMatchObject({ status: 'finished', serviceFee: 25, paid: 0, owed: 25 });
      expect(tk.finished.payments[0]).toMatchObject({ status: 'Failed', failureCode: 'card_declined' });
      const complete = await act(tk.id, 'complete');
      expect(complete.statusCode).toBe(422);
      expect(errorOf(complete).code).toBe('CustomerTicketHasOwedFee');

      const soon = await act(tk.id, 'charge');
      expect(soon.statusCode).toBe(429);
      expect(errorOf(soon)).toMatchObject({ code: 'TooManyRequests', data: { retryAt: tk.finished.chargeOpensAt } });

      await w.db
        .update(customerTickets)
        .set({ lastChargeAt: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(customerTickets.id, tk.id));
      const declined = await act(tk.id, 'charge');
      expect(declined.statusCode).toBe(402);
      expect(errorOf(declined).code).toBe('PaymentProviderError');
      expect((await ledgerOf(tk.id)).map((p) => p.status)).toEqual(['Failed', 'Failed']);

      const tooMuch = await act(tk.id, 'exemptOrRefund', { amount: 30, reason: 'Goodwill' });
      expect(tooMuch.statusCode).toBe(422);
      expect(errorOf(tooMuch).data).toMatchObject({ fields: { amount: expect.any(String) } });
      const exempt = await act(tk.id, 'exemptOrRefund', { amount: 25, reason: 'Goodwill' });
      expect(exempt.json().data).toMatchObject({ owed: 0, exemptRefundAmount: 25, exemptRefundReason: 'Goodwill' });
      expect((await act(tk.id, 'complete')).json().data.status).toBe('completed');
    });

    it('20 concurrent $charge calls make one provider charge', async () => {
      const tk = await finished(18, { token: TEST_CARDS.declined.token });
      await w.db
        .update(customerPaymentMethods)
        .set({ providerRef: TEST_CARDS.success.token })
        .where(eq(customerPaymentMethods.customerId, tk.customer.id));
      await w.db
        .update(customerTickets)
        .set({ lastChargeAt: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(customerTickets.id, tk.id));
      const answers = await Promise.all(Array.from({ length: 20 }, () => act(tk.id, 'charge')));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      // The others waited on the ticket's lock, then found the charge being asked (409), nothing owed any more
      // (422) or the 24 h not yet passed (429).
      const refusals = new Set(answers.filter((r) => r.statusCode !== 200).map((r) => errorOf(r).code));
      expect([...refusals].every((c) => ['Conflict', 'NothingOwed', 'TooManyRequests'].includes(c))).toBe(true);
      const charges = (await ledgerOf(tk.id)).filter((p) => p.kind === 'charge');
      expect(charges.map((p) => p.status).sort()).toEqual(['Failed', 'Succeeded']);
      const requests = await w.db
        .select()
        .from(localProviderRequests)
        .where(like(localProviderRequests.idempotencyKey, `%customer-ticket:${tk.id}:charge:2`));
      expect(requests).toHaveLength(1);
      expect((await get(tk.id)).owed).toBe(0);
    });

    it('two concurrent $finish calls finalize and charge once', async () => {
      const tk = await ticket();
      await setStatus(tk.id, 'processing');
      const recordId = await w.record(
        { id: tk.id, partnerId: t.partnerA.id, assetId: tk.asset.id, centerSiteId: centerA },
        12,
      );
      const [a, b] = await Promise.all([act(tk.id, 'finish'), act(tk.id, 'finish')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const finalized = await w.db
        .select()
        .from(assetEvents)
        .where(and(eq(assetEvents.assetId, tk.asset.id), eq(assetEvents.type, 'checklist-finalized')));
      expect(finalized).toHaveLength(1);
      expect((finalized[0]?.data as { recordId: string }).recordId).toBe(recordId);
      expect(await ledgerOf(tk.id)).toHaveLength(1);
    });

    it('refunds what was paid when nothing is owed, never more', async () => {
      const tk = await finished(50);
      const tooMuch = await act(tk.id, 'exemptOrRefund', { amount: 60, reason: 'Part not fitted' });
      expect(tooMuch.statusCode).toBe(422);
      const refunded = (await act(tk.id, 'exemptOrRefund', { amount: 15, reason: 'Part not fitted' })).json().data;
      expect(refunded).toMatchObject({ paid: 35, owed: 0 });
      expect(refunded.adjustments).toEqual([expect.objectContaining({ kind: 'refund', amount: 15 })]);
      expect(refunded.payments.filter((p: { kind: string }) => p.kind === 'refund')).toEqual([
        expect.objectContaining({ amount: 15, status: 'Succeeded' }),
      ]);
      const rest = await act(tk.id, 'exemptOrRefund', { amount: 35.01, reason: 'Again' });
      expect(rest.statusCode).toBe(422);
    });

    it('without an e-mail the charge fails with CustomerEmailMissing and the invoice is kept unsent', async () => {
      const tk = await finished(20, { email: null });
      expect(tk.finished).toMatchObject({ owed: 20 });
      expect(tk.finished.payments[0]).toMatchObject({ status: 'Failed', failureCode: 'CustomerEmailMissing' });
      expect(tk.finished.invoice).toMatchObject({ emailStatus: 'failed', gross: 20 });
      const charge = await act(tk.id, 'charge');
      expect(charge.statusCode).toBe(422);
      expect(errorOf(charge).code).toBe('CustomerEmailMissing');
      const send = await post(`/${tk.id}/invoice/$send`);
      expect(send.statusCode).toBe(502);
      expect(errorOf(send).code).toBe('TicketSendInvoiceFailed');

      await w.db.update(customers).set({ email: 'not-an-email' }).where(eq(customers.id, tk.customer.id));
      const invalid = await act(tk.id, 'charge');
      expect(invalid.statusCode).toBe(422);
      expect(errorOf(invalid).code).toBe('CustomerEmailInvalid');
      expect((await ledgerOf(tk.id)).length).toBe(1);
    });

    it('finish is refused while the centre has no service rates (TaxGroupIncomplete), nothing written', async () => {
      const bare = await w.center(t.partnerA.id, { taxGroupId: null });
      const tk = await ticket({ center: bare });
      await setStatus(tk.id, 'processing');
      const before = await ticketRow(tk.id);
      const res = await act(tk.id, 'finish');
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).code).toBe('TaxGroupIncomplete');
      expect(await ticketRow(tk.id)).toEqual(before);
    });

    it('excludes a record from the fees while the work goes on, once', async () => {
      const tk = await ticket();
      await setStatus(tk.id, 'processing');
      const recordId = await w.record(
        { id: tk.id, partnerId: t.partnerA.id, assetId: tk.asset.id, centerSiteId: centerA },
        30,
      );
      const kept = await w.record(
        { id: tk.id, partnerId: t.partnerA.id, assetId: tk.asset.id, centerSiteId: centerA },
        10,
      );
      expect((await post(`/${tk.id}/checklist-records/${recordId}/$exclude`)).statusCode).toBe(200);
      const again = await post(`/${tk.id}/checklist-records/${recordId}/$exclude`);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).code).toBe('ChecklistRecordAlreadyExcluded');
      const fin = (await act(tk.id, 'finish')).json().data;
      expect(fin.serviceFee).toBe(10);
      expect(kept).toBeTruthy();
      const late = await post(`/${tk.id}/checklist-records/${kept}/$exclude`);
      expect(errorOf(late).code).toBe('InvalidTicketStatus');
    });
  });
});
