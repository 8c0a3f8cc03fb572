/// <reference path="./oidc-provider-types.d.ts" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider, type ProviderContext } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) for the tests and the e2e suite: one
 * confidential client, PKCE required, its development login form (any login, any password: the login typed is
 * the account), consent granted without a screen (a first-party client). An account's claims are its login as
 * a verified e-mail, unless `accounts` says otherwise.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims by login, e.g. `{ email: 'x@y', email_verified: false }`; unset logins are verified e-mails. */
  accounts: Map<string, { email?: string; email_verified?: boolean }>;
  /** The code_verifier of every code exchanged at the token endpoint, in order. */
  exchangedVerifiers: (string | undefined)[];
  close(): Promise<void>;
}

export const TEST_CLIENT = { clientId: 'fleetdesk-console', clientSecret: 'a-test-client-secret-of-some-length' };

export async function startTestProvider(opts: {
  port?: number;
  redirectUris: string[];
  client?: { clientId: string; clientSecret: string };
}): Promise<TestProvider> {
  const client = opts.client ?? TEST_CLIENT;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts: TestProvider['accounts'] = new Map();
  const exchangedVerifiers: (string | undefined)[] = [];

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client's default for a client with a secret.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => {
        const own = accounts.get(sub) ?? {};
        return { sub, email: own.email ?? sub, email_verified: own.email_verified ?? true, name: sub };
      },
    }),
    // Consent is implied for this first-party client, as an organisation's own provider would configure it.
    async loadExistingGrant(ctx: ProviderContext) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.on('grant.success', (ctx) => {
    exchangedVerifiers.push(ctx.oidc.params?.code_verifier as string | undefined);
  });
  server.on('request', provider.callback());

  return {
    issuer,
    ...client,
    accounts,
    exchangedVerifiers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Signs in at the provider as a browser would (cookies, its login form) and returns the URL the provider sends
 * the browser back to (our callback, with code and state), without calling it.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let next: { url: URL; init?: RequestInit } = { url: new URL(authorizationUrl) };
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init?.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const target = new URL(location, next.url);
      if (target.href.startsWith(redirectUri)) return target;
      next = { url: target };
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (res.status !== 200 || !action) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    next = {
      url: new URL(action.replaceAll('&amp;', '&'), next.url),
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      },
    };
  }
  throw new Error('too many hops at the provider');
}
