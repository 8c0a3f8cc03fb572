import { randomUUID } from 'node:crypto';
import type { Notification } from '@fleetdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTicket, type Workshop, workshop } from '../../../test/customer-tickets.ts';
import { call, createTestContext, errorOf, type TestContext, type TestUser } from '../../../test/harness.ts';
import { readEvents, type SseEvent } from '../../../test/sse.ts';
import { jobs, notifications, outbox, users } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { createJobRunner, enqueueJobs } from '../../jobs/queue.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { recordRefundApplication } from '../deposits/deposits.service.ts';
import { MAIL_JOB, mailJobHandlers } from './mail.jobs.ts';
import { type NotificationInput, notifyByPermission, notifyUsers } from './notify.ts';

const BASE = '/account/notifications';
const SETTINGS = '/account/notification-settings';

const ticketAssigned = (n: number): NotificationInput => ({
  kind: 'ticketAssigned',
  title: `Service ticket T${n} was assigned to you`,
  body: `Asset A${n}`,
  link: `/b2c/service/ticket/detail/${randomUUID()}`,
  params: { ticketNo: `T${n}`, assetNo: `A${n}` },
});

describe('notifications', () => {
  let t: TestContext;
  let w: Workshop;

  beforeAll(async () => {
    t = await createTestContext();
    w = await workshop(t);
  }, 180_000);
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const list = (token: string, query = '') => call(t.app, 'GET', `${BASE}${query}`, { token });
  const unread = async (token: string) =>
    (await call(t.app, 'GET', `${BASE}/$unreadCount`, { token })).json().data.count as number;
  const saveSettings = (token: string, body: unknown) => call(t.app, 'PUT', SETTINGS, { token, body });
  /** What the local mail adapter has sent to this address, once the queued mail jobs have run. */
  const mailsTo = async (email: string) => {
    await t.app.notifications.jobs.runDue();
    return db().select().from(outbox).where(eq(outbox.recipient, email));
  };
  const rowsOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId));

  describe('writing', () => {
    it('notifies holders of the permission whose scope reaches the partner, in one statement', async () => {
      const readerA = await t.userWith(['order.read'], [t.partnerA.id]);
      const readerB = await t.userWith(['order.read'], [t.partnerB.id]);
      const readerAll = await t.userWith(['order.read'], '*');
      const other = await t.userWith(['order.write'], [t.partnerA.id]);
      const gone = await t.userWith(['order.read'], [t.partnerA.id]);
      await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

      const reached = await db().transaction((tx) =>
        notifyByPermission(
          tx,
          { permission: 'order.read', partnerId: t.partnerA.id },
          { kind: 'checkoutUndone', title: 'The checkout of order R1 was undone', params: { orderNo: 'R1' } },
        ),
      );
      // The owner holds base:admin with every partner.
      const told = await rows<{ user_id: string; partner_id: string }>(
        db(),
        sql`select user_id, partner_id from notifications where title = 'The checkout of order R1 was undone'`,
      );
      expect(new Set(told.map((r) => r.user_id))).toEqual(new Set([t.owner.id, readerA.id, readerAll.id]));
      expect(reached).toBe(3);
      expect(told.every((r) => r.partner_id === t.partnerA.id)).toBe(true);
      for (const u of [readerB, other, gone]) expect(await rowsOf(u.id)).toEqual([]);
    });

    it('writes nothing when the transaction of the event rolls back', async () => {
      const mechanic = await t.userWith(['support.customer_ticket.update'], [t.partnerA.id]);
      await expect(
        db().transaction(async (tx) => {
          await notifyUsers(tx, [mechanic.id], ticketAssigned(1));
          throw new Error('the event failed');
        }),
      ).rejects.toThrow('the event failed');
      expect(await rowsOf(mechanic.id)).toEqual([]);
    });

    it("honours each user's settings: in-app row, an e-mail now, or the digest only", async () => {
      const byDefault = await t.userWith([], [t.partnerA.id]);
      const mailed = await t.userWith([], [t.partnerA.id]);
      const silent = await t.userWith([], [t.partnerA.id]);
      const digest = await t.userWith([], [t.partnerA.id]);
      const on = { inApp: true, email: true };
      expect((await saveSettings(mailed.token, { kinds: { ticketAssigned: on }, dailyDigest: false })).statusCode).toBe(
        200,
      );
      await saveSettings(silent.token, {
        kinds: { ticketAssigned: { inApp: false, email: false } },
        dailyDigest: false,
      });
      await saveSettings(digest.token, { kinds: { ticketAssigned: { inApp: false, email: true } }, dailyDigest: true });

      const reached = await db().transaction((tx) =>
        notifyUsers(tx, [byDefault.id, mailed.id, silent.id, digest.id, randomUUID()], ticketAssigned(2)),
      );
      expect(reached).toBe(4);
      expect(await rowsOf(byDefault.id)).toHaveLength(1);
      expect(await mailsTo(byDefault.email)).toEqual([]);
      expect(await rowsOf(mailed.id)).toHaveLength(1);
      expect(await mailsTo(mailed.email)).toEqual([
        expect.objectContaining({
          channel: 'mail',
          subject: 'Service ticket T2 was assigned to you',
          body: expect.stringContaining('Asset A2'),
        }),
      ]);
      expect(await rowsOf(silent.id)).toEqual([]);
      expect(await mailsTo(silent.email)).toEqual([]);
      // Kept for the digest, never shown by the bell.
      expect(await rowsOf(digest.id)).toHaveLength(1);
      expect(await mailsTo(digest.email)).toEqual([]);
      expect((await list(digest.token)).json()).toEqual({ data: [], count: 0 });
      expect(await unread(digest.token)).toBe(0);
    });
  });

  describe('the bell', () => {
    let me: TestUser;
    let someoneElse: TestUser;
    beforeAll(async () => {
      me = await t.userWith([], [t.partnerA.id]);
      someoneElse = await t.userWith([], [t.partnerA.id]);
      for (let n = 1; n <= 3; n++) await db().transaction((tx) => notifyUsers(tx, [me.id], ticketAssigned(10 + n)));
      await db().transaction((tx) => notifyUsers(tx, [someoneElse.id], ticketAssigned(20)));
    });

    it('lists my notifications newest first, paged, with the unread filter and count', async () => {
      const res = await list(me.token, '?pageNo=1&pageSize=2');
      expect(res.statusCode).toBe(200);
      const page = res.json() as { data: Notification[]; count: number };
      expect(page.count).toBe(3);
      expect(page.data.map((n) => n.params.ticketNo)).toEqual(['T13', 'T12']);
      expect(page.data[0]).toMatchObject({ kind: 'ticketAssigned', readAt: null, link: expect.any(String) });
      const second = (await list(me.token, '?pageNo=2&pageSize=2')).json() as { data: Notification[] };
      expect(second.data.map((n) => n.params.ticketNo)).toEqual(['T11']);
      expect(await unread(me.token)).toBe(3);
    });

    it('marks one read; another user’s notification is 404 like a missing one and stays unread', async () => {
      const mine = ((await list(me.token)).json().data as Notification[])[1] as Notification;
      const read = await call(t.app, 'POST', `${BASE}/${mine.id}/$read`, { token: me.token });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({ id: mine.id, readAt: expect.any(String) });
      expect(await unread(me.token)).toBe(2);
      const onlyUnread = (await list(me.token, '?unread=true')).json() as { data: Notification[]; count: number };
      expect(onlyUnread.count).toBe(2);
      expect(onlyUnread.data.map((n) => n.id)).not.toContain(mine.id);

      const theirs = ((await list(someoneElse.token)).json().data as Notification[])[0] as Notification;
      for (const id of [theirs.id, randomUUID()]) {
        const res = await call(t.app, 'POST', `${BASE}/${id}/$read`, { token: me.token });
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('NotFound');
      }
      expect(await unread(someoneElse.token)).toBe(1);
    });

    it('marks all of mine read and nobody else’s', async () => {
      const res = await call(t.app, 'POST', `${BASE}/$readAll`, { token: me.token });
      expect(res.json().data).toEqual({ updated: 2 });
      expect(await unread(me.token)).toBe(0);
      expect(await unread(someoneElse.token)).toBe(1);
    });

    it('refuses bad input and callers without a session', async () => {
      expect((await call(t.app, 'GET', BASE)).statusCode).toBe(401);
      expect((await call(t.app, 'GET', `${BASE}/$unreadCount`)).statusCode).toBe(401);
      const bad = await list(me.token, '?unread=maybe&pageSize=500');
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).data).toMatchObject({ fields: { 'query.unread': 'Must be true or false' } });
      const badId = await call(t.app, 'POST', `${BASE}/not-an-id/$read`, { token: me.token });
      expect(badId.statusCode).toBe(400);
    });
  });

  describe('settings', () => {
    it('answers the defaults, saves a replacement and refuses unknown kinds and fields', async () => {
      const u = await t.userWith([], [t.partnerB.id]);
      const first = await call(t.app, 'GET', SETTINGS, { token: u.token });
      expect(first.json().data).toEqual({
        kinds: {
          reminder: { inApp: true, email: false },
          ticketAssigned: { inApp: true, email: false },
          checkoutUndone: { inApp: true, email: false },
          depositRefundWaiting: { inApp: true, email: false },
          b2bTicketReported: { inApp: true, email: false },
        },
        dailyDigest: false,
      });
      const saved = await saveSettings(u.token, {
        kinds: { reminder: { inApp: false, email: true } },
        dailyDigest: true,
      });
      expect(saved.statusCode).toBe(200);
      const again = (await call(t.app, 'GET', SETTINGS, { token: u.token })).json().data;
      expect(again).toEqual(saved.json().data);
      expect(again).toMatchObject({ kinds: { reminder: { inApp: false, email: true } }, dailyDigest: true });

      for (const body of [
        { kinds: { coffee: { inApp: true, email: true } }, dailyDigest: false },
        { kinds: { reminder: { inApp: true } }, dailyDigest: false },
        { kinds: {}, dailyDigest: 'on' },
        { kinds: {}, dailyDigest: false, extra: 1 },
      ]) {
        const res = await saveSettings(u.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorOf(res).code).toBe('ValidationError');
      }
      expect((await call(t.app, 'GET', SETTINGS, { token: u.token })).json().data).toEqual(again);
    });
  });

  describe('daily digest', () => {
    it('e-mails each user with the digest on the previous day’s notifications of their e-mail kinds, once', async () => {
      const reader = await t.userWith(['order.read'], [t.partnerA.id]);
      const plain = await t.userWith(['order.read'], [t.partnerA.id]);
      await saveSettings(reader.token, {
        kinds: { ticketAssigned: { inApp: true, email: true }, checkoutUndone: { inApp: true, email: false } },
        dailyDigest: true,
      });
      await saveSettings(plain.token, { kinds: { ticketAssigned: { inApp: true, email: true } }, dailyDigest: false });
      await db().transaction(async (tx) => {
        await notifyUsers(tx, [reader.id, plain.id], ticketAssigned(31));
        await notifyUsers(tx, [reader.id], ticketAssigned(32));
        await notifyUsers(tx, [reader.id], { kind: 'checkoutUndone', title: 'Not by e-mail' });
      });
      // Yesterday's (UTC) notifications; one of today stays for tomorrow's digest.
      const yesterday = new Date(Date.now() - 24 * 3_600_000);
      yesterday.setUTCHours(10, 0, 0, 0);
      await db().execute(sql`update notifications set created_at = ${yesterday.toISOString()}::timestamptz
        where user_id = ${reader.id} and title <> 'Service ticket T32 was assigned to you'`);
      // The plain user had theirs by e-mail at once.
      expect(await mailsTo(plain.email)).toHaveLength(1);

      // Through the job queue as main.ts runs it: the fixed key makes one job of any number of instances' enqueues.
      await enqueueJobs(db(), t.app.notifications.digest.initial);
      await enqueueJobs(db(), t.app.notifications.digest.initial);
      expect(await db().select().from(jobs).where(eq(jobs.kind, 'notifications.digest'))).toHaveLength(1);
      expect(await t.app.notifications.jobs.runDue()).toBe(1);
      const [job] = await db().select().from(jobs).where(eq(jobs.kind, 'notifications.digest'));
      expect(job?.runAt.getTime()).toBeGreaterThan(Date.now());

      const day = yesterday.toISOString().slice(0, 10);
      const digests = await mailsTo(reader.email);
      expect(digests).toHaveLength(1);
      expect(digests[0]?.subject).toBe(`Your Fleetdesk notifications of ${day}`);
      expect(digests[0]?.body).toContain('10:00 UTC  Service ticket T31 was assigned to you');
      expect(digests[0]?.body).not.toContain('T32');
      expect(digests[0]?.body).not.toContain('Not by e-mail');
      expect(await mailsTo(plain.email)).toHaveLength(1);

      // A round run again (a crash before it was rescheduled) sends nothing twice.
      expect(await t.app.notifications.digest.send(new Date())).toBe(0);
      expect(await mailsTo(reader.email)).toHaveLength(1);
    });
  });

  describe('e-mails', () => {
    it('leave through the mail adapter after the commit, and wait in the queue while the provider refuses', async () => {
      const mailed = await t.userWith([], [t.partnerA.id]);
      await saveSettings(mailed.token, { kinds: { ticketAssigned: { inApp: true, email: true } }, dailyDigest: false });
      await db().transaction((tx) => notifyUsers(tx, [mailed.id], ticketAssigned(41)));
      const queued = () =>
        rows<{ attempts: number; last_error: string | null }>(
          db(),
          sql`select attempts, last_error from jobs where kind = ${MAIL_JOB} and payload ->> 'to' = ${mailed.email}`,
        );
      expect(await queued()).toEqual([{ attempts: 0, last_error: null }]);

      const refusing = createJobRunner({
        db: db(),
        log: t.app.log,
        handlers: mailJobHandlers({
          mail: {
            send: async () => {
              throw new Error('SMTP 421 try again later');
            },
          },
          consoleUrl: 'https://fleet.example.com/',
        }),
      });
      expect(await refusing.runDue()).toBe(1);
      expect(await queued()).toEqual([{ attempts: 1, last_error: 'SMTP 421 try again later' }]);
      expect(await db().select().from(outbox).where(eq(outbox.recipient, mailed.email))).toEqual([]);

      // The provider is back: the retry (due after its back-off) goes out once.
      await db().execute(sql`update jobs set run_at = now() where kind = ${MAIL_JOB}`);
      // The link is the console path on the installation's public address (the test app's PUBLIC_URL default).
      expect(await mailsTo(mailed.email)).toEqual([
        expect.objectContaining({
          subject: 'Service ticket T41 was assigned to you',
          body: expect.stringMatching(
            /^Asset A41\n\nOpen it in Fleetdesk: http:\/\/[^/]+\/b2c\/service\/ticket\/detail\/[\w-]+$/,
          ),
        }),
      ]);
      expect(await queued()).toEqual([]);
    });
  });

  describe('events', () => {
    it('tells a mechanic a ticket was assigned to them, not someone taking it themselves', async () => {
      const centerA = await w.center(t.partnerA.id);
      await w.partnerSetup(t.partnerA.id);
      const open = async () =>
        openTicket(t, t.owner.token, {
          assetNo: (await w.asset(t.partnerA.id)).no,
          centerSiteId: centerA,
          customerId: (await w.customer(t.partnerA.id)).id,
          operationType: 'regular',
          issues: ['Brakes'],
        });
      const mechanic = await t.userWith(
        ['support.customer_ticket.update', 'support.customer_ticket.assign'],
        [t.partnerA.id],
      );
      const ticket = await open();
      const assign = (id: string, mechanicUserId: string, token = t.owner.token) =>
        call(t.app, 'POST', `/support/customerTickets/${id}/$assign`, { token, body: { mechanicUserId } });
      expect((await assign(ticket.id, mechanic.id)).statusCode).toBe(200);
      const mine = (await list(mechanic.token)).json().data as Notification[];
      expect(mine).toEqual([
        expect.objectContaining({
          kind: 'ticketAssigned',
          link: `/b2c/service/ticket/detail/${ticket.id}`,
          partnerId: t.partnerA.id,
          params: expect.objectContaining({ ticketNo: ticket.ticketNo, assetNo: (ticket.asset as { no: string }).no }),
        }),
      ]);
      // Assigning it to themselves tells nobody.
      const other = await open();
      expect((await assign(other.id, mechanic.id, mechanic.token)).statusCode).toBe(200);
      expect(await unread(mechanic.token)).toBe(1);
    });

    it('tells the staff who confirm refunds of the partner that an application waits; not for staff refunds', async () => {
      const confirmer = await t.userWith(['deposit_refund_application.confirm'], [t.partnerA.id]);
      const elsewhere = await t.userWith(['deposit_refund_application.confirm'], [t.partnerB.id]);
      const customerId = randomUUID();
      await customersRepo.insert(db(), {
        id: customerId,
        referralCode: 'NTF0001',
        passwordHash: 'x',
        phoneNo: '+393449990001',
        firstName: 'Refund',
        lastName: 'Asker',
      });
      const application = (status?: string) => ({
        id: randomUUID(),
        customerId,
        partnerId: t.partnerA.id,
        assetCategoryId: w.categoryId,
        quantity: 1,
        amount: 150,
        currency: 'EUR',
        ...(status ? { status } : {}),
      });
      await db().transaction((tx) => recordRefundApplication(tx, application()));
      await db().transaction((tx) => recordRefundApplication(tx, application('Approved')));
      const told = (await list(confirmer.token)).json().data as Notification[];
      expect(told).toEqual([
        expect.objectContaining({
          kind: 'depositRefundWaiting',
          link: '/customer/deposit-refund-application?status=Waiting',
          params: { quantity: 1, amount: 150, currency: 'EUR' },
        }),
      ]);
      expect(await unread(elsewhere.token)).toBe(0);
    });
  });

  describe('live stream', () => {
    let origin = '';
    beforeAll(async () => {
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /** Reads this user's notification stream until `until` says stop (or the time runs out). */
    function events(token: string | null, until: (seen: SseEvent[]) => boolean) {
      return readEvents(
        `${origin}/api${BASE}/$live`,
        { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} },
        until,
      );
    }

    it('sends the unread count at once, then each notification written after it opened, to its user only', async () => {
      const me = await t.userWith([], [t.partnerA.id]);
      const neighbour = await t.userWith([], [t.partnerA.id]);
      await db().transaction((tx) => notifyUsers(tx, [me.id], ticketAssigned(41)));
      setTimeout(async () => {
        await db().transaction((tx) => notifyUsers(tx, [neighbour.id], ticketAssigned(42)));
        await db().transaction((tx) => notifyUsers(tx, [me.id], ticketAssigned(43)));
      }, 700);
      const stream = await events(me.token, (seen) => seen.length >= 2);
      expect(stream.status).toBe(200);
      expect(stream.type).toMatch(/^text\/event-stream/);
      expect(stream.seen[0]).toEqual({ type: 'state', data: { unread: 1, latest: null } });
      expect(stream.seen[1]).toMatchObject({
        type: 'state',
        data: { unread: 2, latest: { kind: 'ticketAssigned', params: { ticketNo: 'T43' } } },
      });
    }, 20_000);

    it('refuses a caller without a session before streaming', async () => {
      const stream = await events(null, () => true);
      expect(stream.status).toBe(401);
    });
  });
});
