import type { OidcErrorCode, OidcConfig as OidcInfo, Session, UserIdentity } from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso } from '../../lib/rows.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import { liveUserByEmail } from '../auth/auth.repo.ts';
import { limitRate } from '../auth/rate-limit.ts';
import * as repo from './binding.repo.ts';

/** How long the browser may spend at the provider. */
const ROUND_TRIP_SECONDS = 10 * 60;
/** How long the console has to trade the callback's one-time code for a session. */
const HANDOFF_SECONDS = 60;
/** Round trips one client address may begin per hour (each writes a row before anyone is known). */
const STARTS_PER_ADDRESS_PER_HOUR = 60;

/** Where the callback sends the browser: a console path under the base path, with its query. */
export type CallbackRedirect = string;

const notConfigured = () => new DomainError('OidcNotConfigured', 404, 'Third-party sign-in is not configured');
const unavailable = () =>
  new DomainError('OidcUnavailable', 503, 'The sign-in provider cannot be reached, try again later');

class Refusal extends Error {
  constructor(
    readonly code: OidcErrorCode,
    readonly purpose: 'login' | 'link',
  ) {
    super(code);
  }
}

export function createOidcService(deps: {
  db: Db;
  oidc: OidcConfig | undefined;
  basePath: string;
  issueSession: (userId: string, rememberMe: boolean) => Promise<Session>;
  log: FastifyBaseLogger;
}) {
  const { db, oidc, log } = deps;
  let discovered: Promise<client.Configuration> | undefined;

  /** The provider's metadata, read once; a failed read is tried again by the next request. */
  function provider(settings: OidcConfig): Promise<client.Configuration> {
    discovered ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // A provider on plain http is only ever a local one (tests, a laptop); production issuers are https.
        execute: settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  async function begin(purpose: 'login' | 'link', userId: string | null, rememberMe: boolean) {
    if (!oidc) throw notConfigured();
    const config = await provider(oidc).catch((error: unknown) => {
      log.warn({ err: error, issuer: oidc.issuer }, 'OpenID Connect discovery failed');
      throw unavailable();
    });
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await repo.insertOidcState(db, {
      state,
      codeVerifier,
      nonce,
      purpose,
      userId,
      rememberMe,
      expiresAt: new Date(Date.now() + ROUND_TRIP_SECONDS * 1000),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: oidc.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { authorizationUrl: url.href };
  }

  const consolePath = (path: string, query: Record<string, string>) =>
    `${deps.basePath}${path}?${new URLSearchParams(query).toString()}`;

  /** A one-time code for the console, stored hashed next to the round trips: the token never travels in a URL. */
  async function handOff(userId: string, rememberMe: boolean): Promise<CallbackRedirect> {
    const code = newToken();
    await repo.insertOidcState(db, {
      state: sha256(code),
      codeVerifier: '',
      nonce: '',
      purpose: 'handoff',
      userId,
      rememberMe,
      expiresAt: new Date(Date.now() + HANDOFF_SECONDS * 1000),
    });
    return consolePath('auth/oidc', { code });
  }

  /** The e-mail claims, from the ID token when it carries them, else from the UserInfo endpoint. */
  async function claimsOf(
    config: client.Configuration,
    tokens: client.TokenEndpointResponse & { claims(): client.IDToken | undefined },
  ) {
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the provider returned no ID token');
    let email = idToken.email;
    let verified = idToken.email_verified;
    if (email === undefined || verified === undefined) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      email = info.email;
      verified = info.email_verified;
    }
    return {
      subject: idToken.sub,
      email: typeof email === 'string' ? email : null,
      // Only the provider's explicit boolean counts; anything else is "not verified".
      emailVerified: verified === true,
    };
  }

  async function signIn(issuer: string, claims: Awaited<ReturnType<typeof claimsOf>>, rememberMe: boolean) {
    const linked = await repo.findIdentity(db, issuer, claims.subject);
    if (linked?.live) return handOff(linked.userId, rememberMe);
    if (linked) throw new Refusal('OidcNoAccount', 'login');
    // Checked before any lookup, so the answer says nothing about which e-mails have accounts.
    if (!claims.email || !claims.emailVerified) throw new Refusal('OidcEmailNotVerified', 'login');
    const user = await liveUserByEmail(db, claims.email);
    // Staff are invited by an owner; a provider account alone never creates a user.
    if (!user) throw new Refusal('OidcNoAccount', 'login');
    if (!(await repo.insertIdentity(db, { userId: user.id, issuer, subject: claims.subject, email: claims.email }))) {
      // Linked by a concurrent callback meanwhile: sign in as whoever holds it now.
      const now = await repo.findIdentity(db, issuer, claims.subject);
      if (!now?.live) throw new Refusal('OidcNoAccount', 'login');
      return handOff(now.userId, rememberMe);
    }
    return handOff(user.id, rememberMe);
  }

  async function link(issuer: string, claims: Awaited<ReturnType<typeof claimsOf>>, userId: string) {
    if (!(await repo.isLiveUser(db, userId))) throw new Refusal('OidcStateInvalid', 'link');
    const linked = await repo.findIdentity(db, issuer, claims.subject);
    if (linked && linked.userId !== userId) throw new Refusal('OidcIdentityLinkedElsewhere', 'link');
    if (!linked && !(await repo.insertIdentity(db, { userId, issuer, subject: claims.subject, email: claims.email }))) {
      const now = await repo.findIdentity(db, issuer, claims.subject);
      if (now?.userId !== userId) throw new Refusal('OidcIdentityLinkedElsewhere', 'link');
    }
    return consolePath('setting/general/account', { oidc: 'linked' });
  }

  return {
    info(): OidcInfo {
      return { enabled: oidc !== undefined, name: oidc?.name ?? null };
    },

    async start(rememberMe: boolean, clientAddress: string) {
      if (!oidc) throw notConfigured();
      await limitRate(db, `oidc:address:${clientAddress}`, STARTS_PER_ADDRESS_PER_HOUR, 3600);
      return begin('login', null, rememberMe);
    },

    /** Linking starts from account settings: the round trip remembers who asked. */
    startLink: (caller: Caller) => begin('link', caller.userId, false),

    /**
     * The provider's answer: exchanges the code (PKCE verifier, expected state and nonce) and decides. Never
     * throws: every outcome is a console path, a refusal carrying its reason (`error=` on the login page,
     * `oidcError=` on account settings).
     */
    async callback(
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
      rawQuery: string,
    ): Promise<CallbackRedirect> {
      const refuse = (code: OidcErrorCode, purpose: 'login' | 'link') =>
        purpose === 'link'
          ? consolePath('setting/general/account', { oidcError: code })
          : consolePath('auth/login', { error: code });
      if (!oidc) return refuse('OidcNotConfigured', 'login');
      const round = query.state ? await repo.takeOidcState(db, query.state, ['login', 'link']) : undefined;
      if (!round) return refuse('OidcStateInvalid', 'login');
      const purpose = round.purpose === 'link' ? 'link' : 'login';
      if (query.error || !query.code) {
        log.info({ error: query.error }, 'OpenID Connect provider refused the sign-in');
        return refuse('OidcFailed', purpose);
      }
      try {
        const config = await provider(oidc);
        // The redirect URI as registered (not as this request's Host says): openid-client sends it back.
        const current = new URL(oidc.redirectUri);
        current.search = rawQuery;
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: round.codeVerifier,
          expectedState: round.state,
          expectedNonce: round.nonce,
        });
        const claims = await claimsOf(config, tokens);
        const issuer = config.serverMetadata().issuer;
        if (purpose === 'link') return await link(issuer, claims, round.userId as string);
        return await signIn(issuer, claims, round.rememberMe);
      } catch (error) {
        if (error instanceof Refusal) return refuse(error.code, error.purpose);
        log.warn({ err: error }, 'OpenID Connect callback failed');
        return refuse('OidcFailed', purpose);
      }
    },

    /** The console trades the callback's one-time code for a session, once, within a minute. */
    async exchange(code: string): Promise<Session> {
      const handoff = await repo.takeOidcState(db, sha256(code), ['handoff']);
      if (!handoff?.userId || !(await repo.isLiveUser(db, handoff.userId))) {
        throw new DomainError('OidcCodeInvalid', 400, 'The sign-in link is invalid or has expired');
      }
      return deps.issueSession(handoff.userId, handoff.rememberMe);
    },

    async identities(caller: Caller): Promise<UserIdentity[]> {
      const rows = await repo.listIdentities(db, caller.userId);
      return rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) }));
    },

    async unlink(caller: Caller, id: string) {
      if (!(await repo.deleteIdentity(db, caller.userId, id))) throw notFound();
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
