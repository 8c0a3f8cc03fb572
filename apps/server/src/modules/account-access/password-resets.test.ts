import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { latestMessage } from '../../adapters/outbox.repo.ts';
import { fieldLogs, passwordTokens, sessions, users } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { LOGIN_LIMITS } from '../auth/auth.service.ts';
import { RESET_LIMITS } from './password-resets.service.ts';

let addressCounter = 0;
/** Each request comes from its own client address unless a test is about the per-address limit. */
const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
const NEW_PASSWORD = 'a-brand-new-secret';

describe('forgot password', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ PUBLIC_URL: 'https://fleet.example.com', BASE_PATH: '/console/' });
  });
  afterAll(() => t.close());

  const ask = (email: string, remoteAddress = freshAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/auth/password-reset-requests',
      payload: { email },
      remoteAddress,
    });
  const reset = (token: string, password = NEW_PASSWORD) =>
    call(t.app, 'POST', '/account/auth/password-resets', { body: { token, password } });
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/auth/login',
      payload: { email, password },
      remoteAddress: freshAddress(),
    });
  const profile = (token: string) => call(t.app, 'GET', '/account/users/$me/profile', { token });

  /** The link of the newest mail to this address, and its token. */
  async function linkFor(email: string) {
    const mail = await latestMessage(t.database.db, 'mail', email);
    const link = mail?.body.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no link mailed to ${email}`);
    return { link, token: new URL(link).searchParams.get('token') as string, mail };
  }
  const tokenCount = async (userId: string) =>
    (await t.database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, userId))).length;

  it('mails a one-time link to the console, valid 30 minutes, storing only its hash', async () => {
    const staff = await t.userWith([]);
    const res = await ask(staff.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    const { link, token, mail } = await linkFor(staff.email);
    expect(mail.subject).toBe('Reset your Fleetdesk password');
    expect(link).toMatch(/^https:\/\/fleet\.example\.com\/console\/auth\/reset-password\?token=[\w-]{43}$/);
    const [row] = await t.database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, staff.id));
    expect(row?.purpose).toBe('reset');
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('drops the mail as a file into DATA_DIR/mail, named by time and recipient', async () => {
    const staff = await t.userWith([]);
    await ask(staff.email);
    const dir = path.join(t.dataDir, 'mail');
    const names = (await readdir(dir)).filter((n) => n.includes(`_${staff.email}_`));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z_/);
    const text = await readFile(path.join(dir, names[0] as string), 'utf8');
    expect(text).toContain(`To: ${staff.email}\r\n`);
    expect(text).toContain('Subject: Reset your Fleetdesk password\r\n');
    expect(text).toContain((await linkFor(staff.email)).link);
  });

  it('answers an unknown e-mail exactly the same, and mails nothing', async () => {
    const staff = await t.userWith([]);
    const known = await ask(staff.email);
    const tokensBefore = (await t.database.db.select().from(passwordTokens)).length;
    const unknown = await ask('nobody-here@test.local');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await latestMessage(t.database.db, 'mail', 'nobody-here@test.local')).toBeUndefined();
    expect((await t.database.db.select().from(passwordTokens)).length).toBe(tokensBefore);
  });

  it('mails no link to a deleted user', async () => {
    const gone = await t.userWith([]);
    expect((await call(t.app, 'DELETE', `/account/users/${gone.id}`, { token: t.owner.token })).statusCode).toBe(200);
    expect((await ask(gone.email)).statusCode).toBe(200);
    expect(await tokenCount(gone.id)).toBe(0);
  });

  it('sets the password once, revokes every session and lets the user sign in with it', async () => {
    const staff = await t.userWith([]);
    const second = await t.login(staff.email);
    await ask(staff.email);
    const { token } = await linkFor(staff.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(errorOf(await profile(staff.token)).code).toBe('Unauthorized');
    expect(errorOf(await profile(second)).code).toBe('Unauthorized');
    expect((await login(staff.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(staff.email, NEW_PASSWORD)).statusCode).toBe(200);
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, staff.id));
    expect(logs.map((l) => [l.field, l.after])).toContainEqual(['password', 'reset by link']);

    // Single use: the same link again is refused and changes nothing.
    const again = await reset(token, 'yet-another-secret');
    expect(again.statusCode).toBe(410);
    expect(errorOf(again)).toEqual({
      code: 'InvalidToken',
      message: 'This link is invalid or has expired. Ask for a new one.',
      data: null,
    });
    expect((await login(staff.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link with the same answer, writing nothing', async () => {
    const staff = await t.userWith([]);
    await ask(staff.email);
    const { token } = await linkFor(staff.email);
    await t.database.db
      .update(passwordTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordTokens.userId, staff.id));
    const [before] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    const res = await reset(token);
    expect(res.statusCode).toBe(410);
    expect(errorOf(res).code).toBe('InvalidToken');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect((await profile(staff.token)).statusCode).toBe(200);
    const [link] = await t.database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, staff.id));
    expect(link?.consumedAt).toBeNull();
  });

  it('refuses an unknown token and a link whose user was deleted alike', async () => {
    const unknown = await reset('a'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    const staff = await t.userWith([]);
    await ask(staff.email);
    const { token } = await linkFor(staff.email);
    expect((await call(t.app, 'DELETE', `/account/users/${staff.id}`, { token: t.owner.token })).statusCode).toBe(200);
    const res = await reset(token);
    expect(res.body).toBe(unknown.body);
  });

  it('a newer link retires the older one', async () => {
    const staff = await t.userWith([]);
    await ask(staff.email);
    const first = (await linkFor(staff.email)).token;
    await t.database.db.execute(sql`delete from rate_limits where key like 'reset:email:%'`);
    await ask(staff.email);
    const second = (await linkFor(staff.email)).token;
    expect(second).not.toBe(first);
    expect((await reset(first)).statusCode).toBe(410);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('refuses a short password with 400 naming the field, keeping the link usable', async () => {
    const staff = await t.userWith([]);
    await ask(staff.email);
    const { token } = await linkFor(staff.email);
    const res = await reset(token, 'short');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data).toEqual({ fields: { password: 'Password must be at least 8 characters' } });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses a malformed e-mail with 400', async () => {
    const res = await ask('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data).toEqual({ fields: { email: 'Incorrect email format!' } });
  });

  it('lifts a sign-in lockout once the password is reset by link', async () => {
    const staff = await t.userWith([]);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) await login(staff.email, 'wrong-password');
    expect((await login(staff.email, PASSWORD)).statusCode).toBe(429);
    await ask(staff.email);
    expect((await reset((await linkFor(staff.email)).token)).statusCode).toBe(200);
    expect((await login(staff.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  describe('rate limits', () => {
    it('one link per e-mail a minute, counted whether or not the e-mail is known', async () => {
      const staff = await t.userWith([]);
      expect((await ask(staff.email)).statusCode).toBe(200);
      const res = await ask(staff.email);
      expect(res.statusCode).toBe(429);
      expect(errorOf(res)).toMatchObject({ code: 'TooManyRequests', data: { retryAfterSeconds: 60 } });
      expect((await ask('unknown-twice@test.local')).statusCode).toBe(200);
      expect((await ask('unknown-twice@test.local')).statusCode).toBe(429);
      expect(await tokenCount(staff.id)).toBe(1);
    });

    it(`at most ${RESET_LIMITS.perAddress} requests per client address an hour`, async () => {
      const address = freshAddress();
      for (let i = 0; i < RESET_LIMITS.perAddress; i++) {
        expect((await ask(`someone${i}@test.local`, address)).statusCode).toBe(200);
      }
      const staff = await seed.user(t.database.db, { username: 'limited', email: 'limited@test.local' });
      const res = await ask('limited@test.local', address);
      expect(res.statusCode).toBe(429);
      expect(await tokenCount(staff.id)).toBe(0);
      expect((await ask('limited@test.local')).statusCode).toBe(200);
    });
  });

  it('logs every session out of the user only, not anyone else', async () => {
    const staff = await t.userWith([]);
    await ask(staff.email);
    await reset((await linkFor(staff.email)).token);
    const live = await t.database.db.select().from(sessions).where(sql`${sessions.revokedAt} is null`);
    expect(live.some((s) => s.userId === t.owner.id)).toBe(true);
    expect(live.some((s) => s.userId === staff.id)).toBe(false);
  });
});
