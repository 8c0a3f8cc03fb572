import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { latestMessage } from '../../adapters/outbox.repo.ts';
import { accessRequests, passwordTokens, users } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { ACCESS_REQUEST_LIMITS, defaultUsername } from './access-requests.service.ts';

let addressCounter = 0;
const freshAddress = () => `10.8.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
let emailCounter = 0;
const freshEmail = () => `visitor${++emailCounter}-${Date.now() % 100_000}@example.org`;

describe('access requests', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>, remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/account/access-requests', payload: body, remoteAddress });
  const visitor = (email = freshEmail()) => ({ name: 'Marta Vidal', email, partnerName: 'Rent a Bike', message: 'Hi' });
  const requestsOf = (email: string) =>
    t.database.db.select().from(accessRequests).where(eq(accessRequests.email, email));
  /** A new pending request, returned as the team's list shows it. */
  async function pendingRequest(email = freshEmail()) {
    expect((await register(visitor(email))).statusCode).toBe(200);
    const [row] = await requestsOf(email);
    if (!row) throw new Error('no request stored');
    return row;
  }
  const approve = (token: string, id: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/account/access-requests/${id}/$approve`, { token, body });
  const decline = (token: string, id: string, body: Record<string, unknown> = {}) =>
    call(t.app, 'POST', `/account/access-requests/${id}/$decline`, { token, body });

  describe('register (public)', () => {
    it('stores a pending request and answers with nothing to tell', async () => {
      const email = freshEmail();
      const res = await register(visitor(email));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null });
      const rows = await requestsOf(email);
      expect(rows).toMatchObject([
        { name: 'Marta Vidal', partnerName: 'Rent a Bike', message: 'Hi', status: 'pending' },
      ]);
    });

    it('stores one pending request of several sent at once for one e-mail, whatever its case', async () => {
      const email = freshEmail();
      const answers = await Promise.all(
        [email, email.toUpperCase(), email, email.toUpperCase(), email].map((e) => register(visitor(e))),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const stored = await t.database.db
        .select()
        .from(accessRequests)
        .where(sql`lower(${accessRequests.email}) = ${email.toLowerCase()}`);
      expect(stored).toHaveLength(1);
    });

    it('answers an e-mail with an account or a pending request the same, adding nothing', async () => {
      const fresh = await register(visitor());
      const pending = await pendingRequest();
      const again = await register(visitor(pending.email));
      const member = await register(visitor(t.owner.email.toUpperCase()));
      expect(again.body).toBe(fresh.body);
      expect(member.body).toBe(fresh.body);
      expect(await requestsOf(pending.email)).toHaveLength(1);
      expect(await requestsOf(t.owner.email.toUpperCase())).toHaveLength(0);
      // The account's owner learns how to get back in; the visitor's answer told nothing.
      expect((await latestMessage(t.database.db, 'mail', t.owner.email))?.subject).toBe(
        'You already have a Fleetdesk account',
      );
    });

    it.each([
      ['a missing name', { email: 'a@example.org', partnerName: 'P' }, 'name'],
      ['a malformed e-mail', { name: 'A', email: 'nope', partnerName: 'P' }, 'email'],
      ['a blank partner', { name: 'A', email: 'a@example.org', partnerName: '  ' }, 'partnerName'],
      ['an unknown field', { name: 'A', email: 'a@example.org', partnerName: 'P', role: 'admin' }, 'role'],
    ])('refuses %s with 400 naming the field', async (_label, body, field) => {
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys((errorOf(res).data as { fields: object }).fields)).toEqual([field]);
    });

    it(`takes at most ${ACCESS_REQUEST_LIMITS.perAddress} requests per client address an hour`, async () => {
      const address = freshAddress();
      for (let i = 0; i < ACCESS_REQUEST_LIMITS.perAddress; i++) {
        expect((await register(visitor(), address)).statusCode).toBe(200);
      }
      const email = freshEmail();
      const res = await register(visitor(email), address);
      expect(res.statusCode).toBe(429);
      expect(errorOf(res).code).toBe('TooManyRequests');
      expect(await requestsOf(email)).toHaveLength(0);
    });

    it('derives a username from the e-mail', () => {
      expect(defaultUsername('Marta.Vidal@Example.org')).toBe('marta.vidal@example.org');
      expect(defaultUsername('marta+bikes@example.org')).toBe('marta.bikes');
      expect(defaultUsername('a+@example.org')).toBe('user.a.');
    });
  });

  describe('the team', () => {
    it('lists requests with user.read, newest first, filtered by status and search', async () => {
      const reader = await t.userWith(['user.read'], [t.partnerB.id]);
      const first = await pendingRequest();
      const second = await pendingRequest();
      await decline(t.owner.token, first.id);
      const all = await call(t.app, 'GET', '/account/access-requests?pageSize=100', { token: reader.token });
      expect(all.statusCode).toBe(200);
      const ids = all.json().data.map((r: { id: string }) => r.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      const pending = await call(t.app, 'GET', '/account/access-requests?status=pending&pageSize=100', {
        token: reader.token,
      });
      const statuses = new Set(pending.json().data.map((r: { status: string }) => r.status));
      expect([...statuses]).toEqual(['pending']);
      const found = await call(t.app, 'GET', `/account/access-requests?search=${encodeURIComponent(first.email)}`, {
        token: reader.token,
      });
      expect(found.json()).toMatchObject({
        count: 1,
        data: [{ id: first.id, status: 'declined', decidedBy: { id: t.owner.id }, user: null }],
      });
    });

    it('approves: creates the staff member with the roles and scope given, mails a 72-hour invitation', async () => {
      const role = await seed.role(t.database.db, { title: 'Readers', permissions: ['asset.read'] });
      const request = await pendingRequest();
      const res = await approve(t.owner.token, request.id, { partnerScope: [t.partnerA.id], roleIds: [role.id] });
      expect(res.statusCode).toBe(200);
      const approved = res.json().data;
      expect(approved).toMatchObject({
        status: 'approved',
        decidedBy: { id: t.owner.id },
        user: { username: request.email.toLowerCase() },
      });
      const staff = await call(t.app, 'GET', `/account/users/${approved.user.id}`, { token: t.owner.token });
      expect(staff.json().data).toMatchObject({
        name: 'Marta Vidal',
        email: request.email,
        partnerScope: [t.partnerA.id],
        roles: [{ id: role.id }],
      });

      const mail = await latestMessage(t.database.db, 'mail', request.email);
      expect(mail?.subject).toBe('Your Fleetdesk access was approved');
      const link = mail?.body.match(/http\S+/)?.[0] as string;
      expect(link).toMatch(/\/auth\/set-password\?token=/);
      const [token] = await t.database.db
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.userId, approved.user.id));
      expect(token?.purpose).toBe('invite');
      const hours = (token!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThanOrEqual(72);

      // The new user sets a password through the link, then signs in.
      const set = await call(t.app, 'POST', '/account/auth/password-resets', {
        body: { token: new URL(link).searchParams.get('token'), password: PASSWORD },
      });
      expect(set.statusCode).toBe(200);
      expect(await t.login(request.email)).toBeTruthy();
    });

    it('takes the username the approver gives', async () => {
      const request = await pendingRequest();
      const res = await approve(t.owner.token, request.id, { username: 'marta.v', partnerScope: '*', roleIds: [] });
      expect(res.json().data.user.username).toBe('marta.v');
    });

    it('answers 409 to a second decision, either way, and writes nothing', async () => {
      const request = await pendingRequest();
      expect((await decline(t.owner.token, request.id, { reason: 'Unknown company' })).statusCode).toBe(200);
      const mail = await latestMessage(t.database.db, 'mail', request.email);
      expect(mail?.body).toContain('Reason: Unknown company');
      const usersBefore = (await t.database.db.select().from(users)).length;
      for (const res of [
        await decline(t.owner.token, request.id),
        await approve(t.owner.token, request.id, { partnerScope: '*', roleIds: [] }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(errorOf(res)).toEqual({
          code: 'AccessRequestDecided',
          message: 'This access request has already been approved or declined',
          data: null,
        });
      }
      expect((await t.database.db.select().from(users)).length).toBe(usersBefore);
      const [row] = await requestsOf(request.email);
      expect(row?.status).toBe('declined');
    });

    it('answers 404 to an unknown request', async () => {
      const res = await decline(t.owner.token, '00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(404);
    });

    it('a partner user grants only inside their scope (403 PartnerOutOfScope), nothing written', async () => {
      const approver = await t.userWith(['user.read', 'user.create'], [t.partnerA.id]);
      const request = await pendingRequest();
      for (const partnerScope of ['*', [t.partnerB.id]]) {
        const res = await approve(approver.token, request.id, { partnerScope, roleIds: [] });
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).code).toBe('PartnerOutOfScope');
      }
      const [row] = await requestsOf(request.email);
      expect(row?.status).toBe('pending');
      expect(await t.database.db.select().from(users).where(eq(users.email, request.email))).toHaveLength(0);
      const ok = await approve(approver.token, request.id, { partnerScope: [t.partnerA.id], roleIds: [] });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses a role granting more than the approver holds (403 Forbidden), nothing written', async () => {
      const approver = await t.userWith(['user.read', 'user.create']);
      const admin = await seed.role(t.database.db, { title: 'Too much', permissions: ['user.delete'] });
      const request = await pendingRequest();
      const res = await approve(approver.token, request.id, { partnerScope: '*', roleIds: [admin.id] });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
      const [row] = await requestsOf(request.email);
      expect(row?.status).toBe('pending');
      expect(await t.database.db.select().from(users).where(eq(users.email, request.email))).toHaveLength(0);
    });

    it('refuses an e-mail taken since the request (409) and a taken username, leaving the request pending', async () => {
      const request = await pendingRequest();
      await seed.user(t.database.db, { username: `taken-${emailCounter}`, email: request.email });
      const res = await approve(t.owner.token, request.id, { partnerScope: '*', roleIds: [] });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).data).toEqual({ field: 'email' });
      const other = await pendingRequest();
      const taken = await approve(t.owner.token, other.id, {
        username: t.owner.username,
        partnerScope: '*',
        roleIds: [],
      });
      expect(errorOf(taken).code).toBe('UsernameAlreadyUsed');
      const [row] = await requestsOf(other.email);
      expect(row?.status).toBe('pending');
    });

    it('needs user.create to decide and user.read to list', async () => {
      const reader = await t.userWith(['user.read']);
      const request = await pendingRequest();
      expect((await decline(reader.token, request.id)).statusCode).toBe(403);
      expect((await approve(reader.token, request.id, { partnerScope: '*', roleIds: [] })).statusCode).toBe(403);
      const creator = await t.userWith(['user.create']);
      expect((await call(t.app, 'GET', '/account/access-requests', { token: creator.token })).statusCode).toBe(403);
    });
  });
});
