import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../../test/oidc-provider.ts';
import { oidcStates, sessions, userIdentities, users } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { sha256 } from '../../lib/secrets.ts';

const REDIRECT_URI = 'http://127.0.0.1:8080/api/account/auth/oidc/callback';

/**
 * Third-party sign-in against a real OpenID Connect provider (oidc-provider on its own port): our server
 * discovers it, sends the browser there with PKCE, state and nonce, and the test signs in at its login form
 * as a browser would before handing the provider's answer to our callback.
 */
describe('OpenID Connect sign-in', () => {
  let op: TestProvider;
  let t: TestContext;

  beforeAll(async () => {
    op = await startTestProvider({ redirectUris: [REDIRECT_URI] });
    t = await createTestContext({
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_SECRET: op.clientSecret,
      OIDC_NAME: 'Test ID',
      OIDC_REDIRECT_URI: REDIRECT_URI,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  const start = async (body: object = {}) => {
    const res = await call(t.app, 'POST', '/account/auth/oidc/$start', { body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { authorizationUrl: string } }>().data.authorizationUrl;
  };
  /** Our callback with what the provider sent the browser back with; answers where we send the browser. */
  const callback = async (providerAnswer: URL) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/account/auth/oidc/callback${providerAnswer.search}` });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(res.headers.location as string, 'http://console.test');
  };
  const exchange = (code: string) => call(t.app, 'POST', '/account/auth/oidc/$exchange', { body: { code } });
  const staff = async (email: string) =>
    seed.user(t.database.db, { username: email.split('@')[0] as string, email, password: PASSWORD, roleIds: [] });
  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n;
  const profileOf = async (token: string) =>
    (await call(t.app, 'GET', '/account/users/$me/profile', { token })).json<{ data: { id: string } }>().data;

  it('tells the console it is configured and under which name', async () => {
    const res = await call(t.app, 'GET', '/account/auth/oidc/config');
    expect(res.json()).toEqual({ data: { enabled: true, name: 'Test ID' } });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, kept in oidc_states for 10 minutes', async () => {
    const url = new URL(await start());
    expect(url.origin).toBe(op.issuer);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toContain('email');
    const [row] = await t.database.db
      .select()
      .from(oidcStates)
      .where(eq(oidcStates.state, q.get('state') as string));
    expect(row).toMatchObject({ purpose: 'login', nonce: q.get('nonce'), rememberMe: false });
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('links a live staff member by the verified e-mail, signs in through a one-time code, and sends the PKCE verifier', async () => {
    const member = await staff('invited.mechanic@test.local');
    const answer = await signInAtProvider(
      await start({ rememberMe: true }),
      'invited.mechanic@test.local',
      REDIRECT_URI,
    );
    const state = answer.searchParams.get('state') as string;
    const landing = await callback(answer);
    expect(landing.pathname).toBe('/auth/oidc');
    const code = landing.searchParams.get('code') as string;
    expect(code.length).toBeGreaterThanOrEqual(40);
    // The token endpoint received the verifier we stored for this round trip, and the round trip is spent.
    expect(op.exchangedVerifiers.at(-1)).toMatch(/^[\w-]{43,128}$/);
    expect(await t.database.db.select().from(oidcStates).where(eq(oidcStates.state, state))).toEqual([]);
    // The hand-off is stored hashed, never the code itself.
    expect(await t.database.db.select().from(oidcStates).where(eq(oidcStates.state, code))).toEqual([]);

    const res = await exchange(code);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<{ data: { token: string } }>().data;
    expect((await profileOf(session.token)).id).toBe(member.id);
    const [stored] = await t.database.db
      .select({ idleSeconds: sessions.idleSeconds })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(session.token)));
    const [shortSession] = await t.database.db
      .select({ idleSeconds: sessions.idleSeconds })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(await t.login('invited.mechanic@test.local'))));
    // "Remember me" from the start travelled through the round trip.
    expect(stored?.idleSeconds).toBeGreaterThan(shortSession?.idleSeconds ?? Number.POSITIVE_INFINITY);

    const identities = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, member.id));
    expect(identities).toMatchObject([{ issuer: op.issuer, subject: 'invited.mechanic@test.local' }]);

    // The code is single use.
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('OidcCodeInvalid');

    // Next time the linked identity signs in directly, even if the e-mail changed at the provider.
    op.accounts.set('invited.mechanic@test.local', { email: 'someone.else@test.local', email_verified: false });
    const next = await callback(await signInAtProvider(await start(), 'invited.mechanic@test.local', REDIRECT_URI));
    const nextSession = await exchange(next.searchParams.get('code') as string);
    expect((await profileOf(nextSession.json<{ data: { token: string } }>().data.token)).id).toBe(member.id);
  });

  it('refuses an e-mail the provider has not verified, and links nothing', async () => {
    const member = await staff('unverified.staff@test.local');
    op.accounts.set('unverified-login', { email: 'unverified.staff@test.local', email_verified: false });
    const landing = await callback(await signInAtProvider(await start(), 'unverified-login', REDIRECT_URI));
    expect(landing.pathname).toBe('/auth/login');
    expect(landing.searchParams.get('error')).toBe('OidcEmailNotVerified');
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, member.id))).toEqual([]);
  });

  it('refuses an unknown e-mail and never creates a user', async () => {
    const before = await userCount();
    const landing = await callback(await signInAtProvider(await start(), 'stranger@elsewhere.test', REDIRECT_URI));
    expect(landing.searchParams.get('error')).toBe('OidcNoAccount');
    expect(await userCount()).toBe(before);
    expect(
      await t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, 'stranger@elsewhere.test')),
    ).toEqual([]);
  });

  it('refuses a deleted staff member whose e-mail matches', async () => {
    const member = await staff('gone.staff@test.local');
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, member.id));
    const landing = await callback(await signInAtProvider(await start(), 'gone.staff@test.local', REDIRECT_URI));
    expect(landing.searchParams.get('error')).toBe('OidcNoAccount');
  });

  it('refuses a state used twice, an unknown state and an expired one', async () => {
    await staff('replay.staff@test.local');
    const answer = await signInAtProvider(await start(), 'replay.staff@test.local', REDIRECT_URI);
    expect((await callback(answer)).pathname).toBe('/auth/oidc');
    const replay = await callback(answer);
    expect(replay.pathname).toBe('/auth/login');
    expect(replay.searchParams.get('error')).toBe('OidcStateInvalid');

    const forged = new URL(answer);
    forged.searchParams.set('state', 'not-a-state-we-issued');
    expect((await callback(forged)).searchParams.get('error')).toBe('OidcStateInvalid');

    const late = await signInAtProvider(await start(), 'replay.staff@test.local', REDIRECT_URI);
    await t.database.db
      .update(oidcStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oidcStates.state, late.searchParams.get('state') as string));
    expect((await callback(late)).searchParams.get('error')).toBe('OidcStateInvalid');
  });

  it('refuses an expired hand-off code', async () => {
    await staff('slow.console@test.local');
    const landing = await callback(await signInAtProvider(await start(), 'slow.console@test.local', REDIRECT_URI));
    const code = landing.searchParams.get('code') as string;
    await t.database.db
      .update(oidcStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oidcStates.state, sha256(code)));
    const res = await exchange(code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'OidcCodeInvalid',
      message: 'The sign-in link is invalid or has expired',
    });
  });

  it('answers the provider’s own refusal (the user cancelled) on the login page', async () => {
    const url = new URL(await start());
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/account/auth/oidc/callback?error=access_denied&state=${url.searchParams.get('state')}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/login?error=OidcFailed');
  });

  describe('Binding: link and unlink', () => {
    const linkStart = async (token: string) => {
      const res = await call(t.app, 'POST', '/account/auth/oidc/$link', { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { authorizationUrl: string } }>().data.authorizationUrl;
    };
    const identities = async (token: string) =>
      (await call(t.app, 'GET', '/account/users/$me/identities', { token })).json<{
        data: { id: string; issuer: string; email: string | null }[];
      }>().data;

    it('links the provider account the signed-in user signs in with, lists it, unlinks it', async () => {
      const me = await t.userWith([]);
      // Any provider account may be linked by its owner, whatever its e-mail.
      op.accounts.set('my-provider-login', { email: 'private@mail.test', email_verified: false });
      const landing = await callback(
        await signInAtProvider(await linkStart(me.token), 'my-provider-login', REDIRECT_URI),
      );
      expect(landing.pathname).toBe('/setting/general/account');
      expect(landing.searchParams.get('oidc')).toBe('linked');
      const [linked] = await identities(me.token);
      expect(linked).toMatchObject({ issuer: op.issuer, email: 'private@mail.test' });

      // Signing in with it now works although the e-mail is not verified: the link is what counts.
      const viaLink = await callback(await signInAtProvider(await start(), 'my-provider-login', REDIRECT_URI));
      const session = await exchange(viaLink.searchParams.get('code') as string);
      expect((await profileOf(session.json<{ data: { token: string } }>().data.token)).id).toBe(me.id);

      // Someone else cannot unlink it (404 as if absent), its owner can.
      const other = await t.userWith([]);
      const foreign = await call(t.app, 'DELETE', `/account/users/$me/identities/${linked?.id}`, {
        token: other.token,
      });
      expect(foreign.statusCode).toBe(404);
      const res = await call(t.app, 'DELETE', `/account/users/$me/identities/${linked?.id}`, { token: me.token });
      expect(res.statusCode).toBe(200);
      expect(await identities(me.token)).toEqual([]);
      const refused = await callback(await signInAtProvider(await start(), 'my-provider-login', REDIRECT_URI));
      expect(refused.searchParams.get('error')).toBe('OidcEmailNotVerified');
    });

    it('refuses to link a provider account already linked to someone else', async () => {
      const first = await t.userWith([]);
      const second = await t.userWith([]);
      await callback(await signInAtProvider(await linkStart(first.token), 'shared-login', REDIRECT_URI));
      const landing = await callback(
        await signInAtProvider(await linkStart(second.token), 'shared-login', REDIRECT_URI),
      );
      expect(landing.pathname).toBe('/setting/general/account');
      expect(landing.searchParams.get('oidcError')).toBe('OidcIdentityLinkedElsewhere');
      expect(await identities(second.token)).toEqual([]);
      expect(await identities(first.token)).toHaveLength(1);
    });
  });
});

describe('OpenID Connect not configured', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('hides the button and refuses to start', async () => {
    expect((await call(t.app, 'GET', '/account/auth/oidc/config')).json()).toEqual({
      data: { enabled: false, name: null },
    });
    const res = await call(t.app, 'POST', '/account/auth/oidc/$start', { body: {} });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('OidcNotConfigured');
    const link = await call(t.app, 'POST', '/account/auth/oidc/$link', { token: t.owner.token });
    expect(link.statusCode).toBe(404);
  });
});
