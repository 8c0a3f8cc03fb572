import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { latestMessage } from '../../adapters/outbox.repo.ts';
import { sessions, users, verificationCodes } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { sha256 } from '../../lib/secrets.ts';
import { LOGIN_LIMITS, loginBackOffSeconds, SESSION_POLICY } from './auth.service.ts';

let addressCounter = 0;
/** Each test signs in from its own client address so per-address counters never leak between tests. */
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe('auth API', () => {
  let t: TestContext;
  let phoneUser: { id: string; phoneNo: string };

  beforeAll(async () => {
    t = await createTestContext();
    const phoneNo = '+393331234567';
    const { id } = await seed.user(t.database.db, {
      username: 'phone-user',
      email: 'phone-user@test.local',
      phoneNo,
      password: PASSWORD,
      roleIds: [],
    });
    phoneUser = { id, phoneNo };
  });
  afterAll(() => t.close());

  const login = (payload: object, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url: '/api/account/auth/login', payload, remoteAddress });
  const askCode = (phoneNo: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/account/auth/verification-codes', payload: { phoneNo }, remoteAddress });
  const profile = (token?: string, headers?: Record<string, string>) =>
    call(t.app, 'GET', '/account/users/$me/profile', { token, headers });
  const codeFromOutbox = async (phoneNo: string) => {
    const message = await latestMessage(t.database.db, 'sms', phoneNo);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the outbox for ${phoneNo}`);
    return code;
  };
  const sessionOf = (token: string) => eq(sessions.tokenHash, sha256(token));

  describe('login by email', () => {
    it('returns an opaque token of at least 128 bits and its absolute expiry', async () => {
      const res = await login({ email: t.owner.email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const { token, expiresAt } = res.json().data;
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      const lifetime = new Date(expiresAt).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(SESSION_POLICY.absoluteSeconds * 1000 - 60_000);
      expect(lifetime).toBeLessThanOrEqual(SESSION_POLICY.absoluteSeconds * 1000);
      expect((await profile(token)).statusCode).toBe(200);
    });

    it('records the sign-in as the user’s last activity', async () => {
      const staff = await t.userWith([]);
      const me = (await profile(staff.token)).json().data;
      expect(me.lastActiveTime).not.toBeNull();
      expect(Date.now() - new Date(me.lastActiveTime).getTime()).toBeLessThan(60_000);
    });

    it('gives the profile its times as the stored instants, in ISO 8601 UTC with milliseconds', async () => {
      const staff = await t.userWith([]);
      const me = (await profile(staff.token)).json().data;
      const [user] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
      expect(me.createdAt).toBe(user!.createdAt.toISOString());
      expect(me.updatedAt).toBe(user!.updatedAt.toISOString());
      expect(me.lastActiveTime).toBe(user!.lastActiveTime!.toISOString());
    });

    it('stores only a hash of the token', async () => {
      const { token } = (await login({ email: t.owner.email, password: PASSWORD })).json().data;
      const stored = await t.database.db.select().from(sessions).where(sessionOf(token));
      expect(stored).toHaveLength(1);
      const all = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
      expect(all.some((s) => s.tokenHash === token)).toBe(false);
    });

    it('matches the email regardless of case', async () => {
      const res = await login({ email: t.owner.email.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown user identically', async () => {
      const address = freshAddress();
      const wrong = await login({ email: t.owner.email, password: 'not-the-password' }, address);
      const unknown = await login({ email: 'nobody@test.local', password: PASSWORD }, address);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(errorOf(wrong)).toEqual({
        code: 'IncorrectCredentials',
        message: 'Incorrect email / password',
        data: null,
      });
      expect(unknown.body).toBe(wrong.body);
    });

    it('refuses a user without a password', async () => {
      await seed.user(t.database.db, { username: 'no-password', email: 'no-password@test.local' });
      const res = await login({ email: 'no-password@test.local', password: PASSWORD }, freshAddress());
      expect(errorOf(res).code).toBe('IncorrectCredentials');
    });

    it.each([
      ['a missing password', { email: 'a@test.local' }, 'password', 'Please input your password!'],
      ['a malformed email', { email: 'not-an-email', password: PASSWORD }, 'email', 'Incorrect email format!'],
      ['an unknown field', { email: 'a@test.local', password: PASSWORD, admin: true }, 'admin', 'Unknown field'],
      ['a missing code', { phoneNo: '+393331234567' }, 'verificationCode', 'Please input verification code!'],
    ])('refuses %s with 400 naming the field', async (_label, body, field, message) => {
      const res = await login(body, freshAddress());
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('ValidationError');
      expect(error.data).toEqual({ fields: { [field]: message } });
    });
  });

  describe('login by username (staff may have no e-mail)', () => {
    const username = 'Counter.Staff';
    beforeAll(async () => {
      // Created through the API as a creator would, without an e-mail.
      const created = await call(t.app, 'POST', '/account/users', {
        token: t.owner.token,
        body: { username, password: PASSWORD, name: 'Counter Staff', partnerScope: [t.partnerA.id], roleIds: [] },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.email).toBeNull();
    });

    it('signs in a user without an e-mail by username, whatever its case', async () => {
      const res = await login({ username: username.toLowerCase(), password: PASSWORD }, freshAddress());
      expect(res.statusCode).toBe(200);
      expect((await profile(res.json().data.token)).json().data.username).toBe(username);
    });

    it('signs in by e-mail typed into the username field too', async () => {
      const res = await login({ username: t.owner.email, password: PASSWORD }, freshAddress());
      expect(res.statusCode).toBe(200);
      expect((await profile(res.json().data.token)).json().data.id).toBe(t.owner.id);
    });

    it('answers a wrong password and an unknown username identically, with "Incorrect username/password"', async () => {
      const address = freshAddress();
      const wrong = await login({ username, password: 'not-the-password' }, address);
      const unknown = await login({ username: 'nobody-here', password: PASSWORD }, address);
      expect(wrong.statusCode).toBe(401);
      expect(errorOf(wrong)).toEqual({
        code: 'IncorrectCredentials',
        message: 'Incorrect username/password',
        data: null,
      });
      expect(unknown.body).toBe(wrong.body);
    });

    it('refuses a blank username with 400 naming the field', async () => {
      const res = await login({ username: '  ', password: PASSWORD }, freshAddress());
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).data).toEqual({ fields: { username: 'Please input your username or email!' } });
    });

    it('refuses the username of a deleted user', async () => {
      const gone = await t.userWith([]);
      expect((await call(t.app, 'DELETE', `/account/users/${gone.id}`, { token: t.owner.token })).statusCode).toBe(200);
      const res = await login({ username: gone.username, password: PASSWORD }, freshAddress());
      expect(errorOf(res).code).toBe('IncorrectCredentials');
    });
  });

  describe('login by phone', () => {
    it('sends a 6-digit code, signs in with it once, and consumes it', async () => {
      const sent = await askCode(phoneUser.phoneNo, freshAddress());
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data.resendAfterSeconds).toBe(60);
      const code = await codeFromOutbox(phoneUser.phoneNo);
      expect(code).toMatch(/^\d{6}$/);

      const address = freshAddress();
      const ok = await login({ phoneNo: phoneUser.phoneNo, verificationCode: code }, address);
      expect(ok.statusCode).toBe(200);
      const me = (await profile(ok.json().data.token)).json().data;
      expect(me.id).toBe(phoneUser.id);

      const again = await login({ phoneNo: phoneUser.phoneNo, verificationCode: code }, address);
      expect(again.statusCode).toBe(401);
      expect(errorOf(again)).toMatchObject({
        code: 'IncorrectCredentials',
        message: 'Incorrect phone number / password',
      });
    });

    it('refuses a second code request within 60 seconds with 429', async () => {
      const phoneNo = '+393330000001';
      await seed.user(t.database.db, { username: 'resend-user', phoneNo });
      expect((await askCode(phoneNo, freshAddress())).statusCode).toBe(200);
      const res = await askCode(phoneNo, freshAddress());
      expect(res.statusCode).toBe(429);
      const error = errorOf(res);
      expect(error.code).toBe('TooManyRequests');
      expect((error.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    });

    it('sends nothing to a number no user has, but answers the same', async () => {
      const phoneNo = '+393339999999';
      const res = await askCode(phoneNo, freshAddress());
      expect(res.statusCode).toBe(200);
      expect(await latestMessage(t.database.db, 'sms', phoneNo)).toBeUndefined();
    });

    it('refuses a wrong code with "Incorrect phone number / password"', async () => {
      const phoneNo = '+393330000002';
      await seed.user(t.database.db, { username: 'wrong-code-user', phoneNo });
      await askCode(phoneNo, freshAddress());
      const code = await codeFromOutbox(phoneNo);
      const wrong = code === '000000' ? '111111' : '000000';
      const res = await login({ phoneNo, verificationCode: wrong }, freshAddress());
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({
        code: 'IncorrectCredentials',
        message: 'Incorrect phone number / password',
        data: null,
      });
    });

    it('refuses an expired code', async () => {
      const phoneNo = '+393330000003';
      await seed.user(t.database.db, { username: 'expired-code-user', phoneNo });
      await askCode(phoneNo, freshAddress());
      const code = await codeFromOutbox(phoneNo);
      await t.database.db
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verificationCodes.phoneNo, phoneNo));
      const res = await login({ phoneNo, verificationCode: code }, freshAddress());
      expect(errorOf(res).code).toBe('IncorrectCredentials');
    });

    it('refuses a code that is not 6 digits with 400', async () => {
      const res = await login({ phoneNo: phoneUser.phoneNo, verificationCode: '12345' }, freshAddress());
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('ValidationError');
    });
  });

  describe('rate limiting', () => {
    it('refuses an account after too many failures, even with the right password', async () => {
      const victim = await t.userWith([]);
      // Failures come from many addresses, so only the per-account counter can trip.
      for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
        const res = await login({ email: victim.email, password: 'wrong-password' }, freshAddress());
        expect(res.statusCode).toBe(401);
      }
      const res = await login({ email: victim.email, password: PASSWORD }, freshAddress());
      expect(res.statusCode).toBe(429);
      expect(errorOf(res).code).toBe('TooManyRequests');
      // Other accounts are unaffected.
      expect((await login({ email: t.owner.email, password: PASSWORD }, freshAddress())).statusCode).toBe(200);
    });

    it('refuses a client address after too many failures, whatever the account', async () => {
      const address = freshAddress();
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
        await login({ email: `guess${i}@test.local`, password: 'wrong-password' }, address);
      }
      const res = await login({ email: t.owner.email, password: PASSWORD }, address);
      expect(res.statusCode).toBe(429);
      expect(errorOf(res).code).toBe('TooManyRequests');
      expect((await login({ email: t.owner.email, password: PASSWORD }, freshAddress())).statusCode).toBe(200);
    });
  });

  describe('throttling that cannot be raced or turned against the owner (issue 26)', () => {
    it('lets 30 parallel wrong passwords on one account past the account limit not once', async () => {
      const victim = await t.userWith([]);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => login({ email: victim.email, password: 'wrong-password' }, freshAddress())),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.perAccount);
      expect(codes.filter((c) => c === 429)).toHaveLength(30 - LOGIN_LIMITS.perAccount);
    });

    it('signs in one person from several tabs at once: parallel right passwords from one address all succeed', async () => {
      const staff = await t.userWith([]);
      const address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => login({ email: staff.email, password: PASSWORD }, address)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    });

    it('counts only failures against an address: a whole office signing in on new devices is never held', async () => {
      const office = freshAddress();
      const staff = await t.userWith([]);
      for (let i = 0; i < LOGIN_LIMITS.perAddress + 5; i++) {
        expect((await login({ email: staff.email, password: PASSWORD }, office)).statusCode).toBe(200);
      }
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
        await login({ email: `stranger${i}@test.local`, password: 'wrong-password' }, office);
      }
      expect((await login({ email: staff.email, password: PASSWORD }, office)).statusCode).toBe(429);
    });

    it('backs off exponentially per account and address after the free failures', async () => {
      const victim = await t.userWith([]);
      const address = freshAddress();
      for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) {
        expect((await login({ email: victim.email, password: 'wrong-password' }, address)).statusCode).toBe(401);
      }
      const held = await login({ email: victim.email, password: PASSWORD }, address);
      expect(held.statusCode).toBe(429);
      expect(errorOf(held).data).toEqual({ retryAfterSeconds: 1 });
      // The same account from another address is not held.
      expect((await login({ email: victim.email, password: 'wrong-password' }, freshAddress())).statusCode).toBe(401);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await login({ email: victim.email, password: 'wrong-password' }, address)).statusCode).toBe(401);
      const longer = await login({ email: victim.email, password: PASSWORD }, address);
      expect(longer.statusCode).toBe(429);
      expect(errorOf(longer).data).toEqual({ retryAfterSeconds: 2 });
      expect(loginBackOffSeconds(LOGIN_LIMITS.freeFailures + 20)).toBe(LOGIN_LIMITS.maxBackOffSeconds);
    });

    it('gives a device token at sign-in and keeps that device signing in while the account or address is attacked', async () => {
      const owner = await t.userWith([]);
      const home = freshAddress();
      const first = await login({ email: owner.email, password: PASSWORD }, home);
      expect(first.statusCode).toBe(200);
      const deviceToken = first.json().data.deviceToken as string;
      expect(Buffer.from(deviceToken, 'base64url').length).toBeGreaterThanOrEqual(16);
      const again = await login({ email: owner.email, password: PASSWORD, deviceToken }, home);
      expect(again.json().data.deviceToken).toBe(deviceToken);

      // Someone guesses the owner's password from everywhere: the account is held for devices it does not know…
      for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
        await login({ email: owner.email, password: 'wrong-password' }, freshAddress());
      }
      expect((await login({ email: owner.email, password: PASSWORD }, freshAddress())).statusCode).toBe(429);
      const forged = { email: owner.email, password: PASSWORD, deviceToken: 'made-up-token' };
      expect((await login(forged, freshAddress())).statusCode).toBe(429);
      // …and the owner's browser still signs in, from home or from anywhere else.
      expect((await login({ email: owner.email, password: PASSWORD, deviceToken }, home)).statusCode).toBe(200);
      expect((await login({ email: owner.email, password: PASSWORD, deviceToken }, freshAddress())).statusCode).toBe(
        200,
      );

      // A whole office behind one address (a proxy without TRUST_PROXY) fails 50 times on other accounts.
      const office = freshAddress();
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
        await login({ email: `colleague${i}@test.local`, password: 'wrong-password' }, office);
      }
      const colleague = await t.userWith([]);
      expect((await login({ email: colleague.email, password: PASSWORD }, office)).statusCode).toBe(429);
      expect((await login({ email: owner.email, password: PASSWORD, deviceToken }, office)).statusCode).toBe(200);

      // A device token names one user's browser: it does not free another account.
      expect((await login({ email: colleague.email, password: PASSWORD, deviceToken }, office)).statusCode).toBe(429);
    });
  });

  describe('tokens', () => {
    it('logout revokes the token', async () => {
      const token = await t.login(t.owner.email);
      const out = await call(t.app, 'POST', '/account/auth/logout', { token });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ data: null });
      const after = await profile(token);
      expect(after.statusCode).toBe(401);
      expect(errorOf(after).code).toBe('Unauthorized');
      // Only that token: the owner's other sessions live on.
      expect((await profile(t.owner.token)).statusCode).toBe(200);
    });

    it.each([
      ['no Authorization header', undefined],
      ['a garbage header', { authorization: 'Bearer !!!' }],
      ['a scheme other than Bearer', { authorization: `Basic ${'a'.repeat(43)}` }],
      ['an unknown token', { authorization: `Bearer ${'a'.repeat(43)}` }],
    ])('answers 401 Unauthorized to %s', async (_label, headers) => {
      const res = await profile(undefined, headers);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
    });

    it('answers 401 to an expired token', async () => {
      const token = await t.login(t.owner.email);
      await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(sessionOf(token));
      const res = await profile(token);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
    });

    it('answers 401 to a token idle for longer than its idle window', async () => {
      const token = await t.login(t.owner.email);
      await t.database.db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - make_interval(secs => ${SESSION_POLICY.idleSeconds + 1})` })
        .where(sessionOf(token));
      expect(errorOf(await profile(token)).code).toBe('Unauthorized');
    });

    it('keeps a used token alive: use moves the idle window on', async () => {
      const token = await t.login(t.owner.email);
      // Used just inside the idle window: the request must succeed and refresh last use.
      await t.database.db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - make_interval(secs => ${SESSION_POLICY.idleSeconds - 60})` })
        .where(sessionOf(token));
      expect((await profile(token)).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(sessions).where(sessionOf(token));
      expect(Date.now() - new Date(row!.lastUsedAt).getTime()).toBeLessThan(60_000);
    });

    it('marks a session used at most once a minute', async () => {
      const token = await t.login(t.owner.email);
      const recently = sql`now() - make_interval(secs => ${SESSION_POLICY.touchEverySeconds - 10})`;
      await t.database.db.update(sessions).set({ lastUsedAt: recently }).where(sessionOf(token));
      const [before] = await t.database.db.select().from(sessions).where(sessionOf(token));
      expect((await profile(token)).statusCode).toBe(200);
      const [after] = await t.database.db.select().from(sessions).where(sessionOf(token));
      expect(after!.lastUsedAt).toEqual(before!.lastUsedAt);
    });

    it('keeps a session 12 hours without "remember me" and 30 days with it, each with its idle window', async () => {
      const lifetimeOf = (expiresAt: string) => (new Date(expiresAt).getTime() - Date.now()) / 1000;
      const short = (await login({ email: t.owner.email, password: PASSWORD }, freshAddress())).json().data;
      const long = (await login({ email: t.owner.email, password: PASSWORD, rememberMe: true }, freshAddress())).json()
        .data;
      expect(lifetimeOf(short.expiresAt)).toBeGreaterThan(12 * 3600 - 60);
      expect(lifetimeOf(short.expiresAt)).toBeLessThanOrEqual(12 * 3600);
      expect(lifetimeOf(long.expiresAt)).toBeGreaterThan(30 * 86400 - 60);
      expect(lifetimeOf(long.expiresAt)).toBeLessThanOrEqual(30 * 86400);
      const [shortRow] = await t.database.db.select().from(sessions).where(sessionOf(short.token));
      const [longRow] = await t.database.db.select().from(sessions).where(sessionOf(long.token));
      expect(shortRow!.idleSeconds).toBe(8 * 3600);
      expect(longRow!.idleSeconds).toBe(SESSION_POLICY.rememberedIdleSeconds);
      // The stored expiry is what the guard reads: a short session past 12 hours is refused.
      await t.database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(sessionOf(short.token));
      expect(errorOf(await profile(short.token)).code).toBe('Unauthorized');
      expect((await profile(long.token)).statusCode).toBe(200);
    });

    it('answers 401 to the token of a deleted user', async () => {
      const doomed = await t.userWith(['user.read']);
      const res = await call(t.app, 'DELETE', `/account/users/${doomed.id}`, { token: t.owner.token });
      expect(res.statusCode).toBe(200);
      expect(errorOf(await profile(doomed.token)).code).toBe('Unauthorized');
      expect(errorOf(await login({ email: doomed.email, password: PASSWORD }, freshAddress())).code).toBe(
        'IncorrectCredentials',
      );
    });

    it('revokes every session of a user whose password is reset', async () => {
      const staff = await t.userWith(['user.read']);
      const second = await t.login(staff.email);
      const res = await call(t.app, 'POST', `/account/users/${staff.id}/reset-password`, { token: t.owner.token });
      expect(res.statusCode).toBe(200);
      expect(errorOf(await profile(staff.token)).code).toBe('Unauthorized');
      expect(errorOf(await profile(second)).code).toBe('Unauthorized');
    });
  });

  describe('changes apply on the very next request', () => {
    it('a change of the user’s roles', async () => {
      const staff = await t.userWith(['user.read']);
      const other = await seed.role(t.database.db, { title: 'Partner reader', permissions: ['partner.read'] });
      expect((await call(t.app, 'GET', '/account/users', { token: staff.token })).statusCode).toBe(200);
      const put = await call(t.app, 'PUT', `/account/users/${staff.id}`, {
        token: t.owner.token,
        body: { name: 'Staff', partnerScope: '*', roleIds: [other.id] },
      });
      expect(put.statusCode).toBe(200);
      expect(errorOf(await call(t.app, 'GET', '/account/users', { token: staff.token })).code).toBe('Forbidden');
      expect((await call(t.app, 'GET', '/account/partners', { token: staff.token })).statusCode).toBe(200);
      expect((await profile(staff.token)).json().data.permissions).toEqual(['partner.read']);
    });

    it('a change of a role’s permissions', async () => {
      const staff = await t.userWith(['user.read']);
      const put = await call(t.app, 'PUT', `/account/roles/${staff.roleId}`, {
        token: t.owner.token,
        body: { title: 'Now partner reader', permissions: ['partner.read'], appPermissions: [] },
      });
      expect(put.statusCode).toBe(200);
      expect(errorOf(await call(t.app, 'GET', '/account/users', { token: staff.token })).code).toBe('Forbidden');
      expect((await call(t.app, 'GET', '/account/partners', { token: staff.token })).statusCode).toBe(200);
    });

    it('a change of the user’s partner scope', async () => {
      const staff = await t.userWith(['partner.read'], [t.partnerA.id]);
      expect((await call(t.app, 'GET', `/account/partners/${t.partnerB.id}`, { token: staff.token })).statusCode).toBe(
        404,
      );
      const put = await call(t.app, 'PUT', `/account/users/${staff.id}`, {
        token: t.owner.token,
        body: { name: 'Staff', partnerScope: [t.partnerB.id], roleIds: [staff.roleId] },
      });
      expect(put.statusCode).toBe(200);
      expect((await profile(staff.token)).json().data.partnerScope).toEqual([t.partnerB.id]);
      expect((await call(t.app, 'GET', `/account/partners/${t.partnerB.id}`, { token: staff.token })).statusCode).toBe(
        200,
      );
      expect(errorOf(await call(t.app, 'GET', `/account/partners/${t.partnerA.id}`, { token: staff.token })).code).toBe(
        'NotFound',
      );
    });
  });
});
