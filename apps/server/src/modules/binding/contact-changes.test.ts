import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { latestMessage } from '../../adapters/outbox.repo.ts';
import { contactChangeCodes, users } from '../../db/schema/index.ts';

/** Binding: changing one's own sign-in e-mail or phone with a code sent to the new address or number. */
describe('contact changes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  }, 120_000);
  afterAll(() => t?.close());

  const request = (token: string, body: object) =>
    call(t.app, 'POST', '/account/users/$me/contact-changes', { token, body });
  const confirm = (token: string, body: object) =>
    call(t.app, 'POST', '/account/users/$me/contact-changes/$confirm', { token, body });
  const codeSentTo = async (channel: 'mail' | 'sms', to: string) => {
    const message = await latestMessage(t.database.db, channel, to);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  };
  const userRow = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0] as typeof users.$inferSelect;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  /** Lets the resend countdown pass without waiting a minute. */
  const ageCodes = (userId: string) =>
    t.database.db
      .update(contactChangeCodes)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(contactChangeCodes.userId, userId));

  it('changes the e-mail with the code sent to the new address, tells the old one, and signs in with the new', async () => {
    const me = await t.userWith([]);
    const elsewhere = await t.login(me.email);
    const res = await request(me.token, { channel: 'email', value: 'new.me@test.local', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { resendAfterSeconds: 60 } });
    const code = await codeSentTo('mail', 'new.me@test.local');
    // Stored hashed only.
    const [stored] = await t.database.db.select().from(contactChangeCodes).where(eq(contactChangeCodes.userId, me.id));
    expect(stored?.codeHash).not.toContain(code);
    expect(((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000).toBeCloseTo(10, 0);

    const done = await confirm(me.token, { channel: 'email', value: 'new.me@test.local', code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ data: { email: 'new.me@test.local', phoneNo: null } });
    expect((await userRow(me.id)).email).toBe('new.me@test.local');
    expect((await latestMessage(t.database.db, 'mail', me.email))?.subject).toBe(
      'Your Fleetdesk sign-in e-mail was changed',
    );
    // The session that made the change goes on; the account's other sessions are over.
    expect((await call(t.app, 'GET', '/account/users/$me/profile', { token: me.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/account/users/$me/profile', { token: elsewhere })).statusCode).toBe(401);
    await t.login('new.me@test.local');
    // The code is spent.
    const again = await confirm(me.token, { channel: 'email', value: 'new.me@test.local', code });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('VerificationCodeInvalid');
  });

  it('changes the phone number with the code sent by SMS', async () => {
    const me = await t.userWith([]);
    expect((await request(me.token, { channel: 'phone', value: '+393339876543', password: PASSWORD })).statusCode).toBe(
      200,
    );
    const code = await codeSentTo('sms', '+393339876543');
    const done = await confirm(me.token, { channel: 'phone', value: '+393339876543', code });
    expect(done.statusCode, done.body).toBe(200);
    expect((await userRow(me.id)).phoneNo).toBe('+393339876543');
  });

  it('asks the current password first and sends nothing without it', async () => {
    const me = await t.userWith([]);
    const res = await request(me.token, { channel: 'email', value: 'takeover@evil.test', password: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'IncorrectPassword',
      data: { fields: { password: 'The current password is incorrect' } },
    });
    expect(await latestMessage(t.database.db, 'mail', 'takeover@evil.test')).toBeUndefined();
    const missing = await request(me.token, { channel: 'email', value: 'takeover@evil.test' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).code).toBe('ValidationError');
  });

  it('refuses a value another live user signs in with (409 naming the field) and the current one', async () => {
    const me = await t.userWith([]);
    const other = await t.userWith([]);
    const res = await request(me.token, { channel: 'email', value: other.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'Conflict',
      message: 'Email already used by another staff member',
      data: { field: 'value' },
    });
    const own = await request(me.token, { channel: 'email', value: me.email, password: PASSWORD });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).message).toBe('This is already your sign-in e-mail or phone number');
  });

  it('refuses a second code within 60 seconds, with the seconds left', async () => {
    const me = await t.userWith([]);
    expect(
      (await request(me.token, { channel: 'email', value: 'first@test.local', password: PASSWORD })).statusCode,
    ).toBe(200);
    const res = await request(me.token, { channel: 'email', value: 'second@test.local', password: PASSWORD });
    expect(res.statusCode).toBe(429);
    const { data } = errorOf(res) as { data: { retryAfterSeconds: number } };
    expect(data.retryAfterSeconds).toBeGreaterThan(50);
    expect(data.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await latestMessage(t.database.db, 'mail', 'second@test.local')).toBeUndefined();
    // After the minute a new code replaces the old one: only the latest confirms.
    await ageCodes(me.id);
    expect(
      (await request(me.token, { channel: 'email', value: 'second@test.local', password: PASSWORD })).statusCode,
    ).toBe(200);
    const oldCode = await codeSentTo('mail', 'first@test.local');
    expect((await confirm(me.token, { channel: 'email', value: 'first@test.local', code: oldCode })).statusCode).toBe(
      400,
    );
  });

  it('allows 5 attempts: after 5 wrong codes even the right one is refused', async () => {
    const me = await t.userWith([]);
    await request(me.token, { channel: 'email', value: 'guessed@test.local', password: PASSWORD });
    const code = await codeSentTo('mail', 'guessed@test.local');
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await confirm(me.token, { channel: 'email', value: 'guessed@test.local', code: wrongCode(code) });
      expect(res.statusCode).toBe(400);
      left.push((errorOf(res).data as { attemptsLeft: number }).attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const right = await confirm(me.token, { channel: 'email', value: 'guessed@test.local', code });
    expect(right.statusCode).toBe(400);
    expect((await userRow(me.id)).email).toBe(me.email);
  });

  it('refuses an expired code, and a code confirmed for another value than it was sent to', async () => {
    const me = await t.userWith([]);
    await request(me.token, { channel: 'email', value: 'late@test.local', password: PASSWORD });
    const code = await codeSentTo('mail', 'late@test.local');
    const swapped = await confirm(me.token, { channel: 'email', value: 'other@test.local', code });
    expect(swapped.statusCode).toBe(400);
    await t.database.db
      .update(contactChangeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(contactChangeCodes.userId, me.id));
    const late = await confirm(me.token, { channel: 'email', value: 'late@test.local', code });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe('The verification code is incorrect or has expired');
    expect((await userRow(me.id)).email).toBe(me.email);
  });

  it('refuses at confirmation when someone else took the value meanwhile', async () => {
    const me = await t.userWith([]);
    const other = await t.userWith([]);
    await request(me.token, { channel: 'phone', value: '+393330000111', password: PASSWORD });
    const code = await codeSentTo('sms', '+393330000111');
    await t.database.db.update(users).set({ phoneNo: '+393330000111' }).where(eq(users.id, other.id));
    const res = await confirm(me.token, { channel: 'phone', value: '+393330000111', code });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('Phone number already used by another staff member');
    expect((await userRow(me.id)).phoneNo).toBeNull();
  });
});
