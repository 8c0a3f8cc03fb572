import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** Stripe.js and its card frames (only with PAYMENT_PROVIDER=stripe): https://docs.stripe.com/security/guide#content-security-policy */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

const originOf = (url: string | null | undefined): string[] => {
  if (!url) return [];
  const { origin } = new URL(url);
  return origin === 'null' ? [] : [origin];
};

const unique = (values: string[]) => [...new Set(values)];

/**
 * The console's Content-Security-Policy (docs/decisions.md "Token storage and CSP (issue 26)"). Scripts only from
 * this origin: no inline script, no eval (zod runs jitless in the console), so an injected string can neither run
 * nor fetch the bearer token out to another origin (connect-src names the only other servers the console talks to).
 * Styles allow 'unsafe-inline': antd's CSS-in-JS writes <style> elements at run time and React/antd/maplibre set
 * style attributes; a nonce cannot reach either, and CSS cannot run script or read localStorage.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const stripe = config.payments.provider === 'stripe';
  const map = unique([...originOf(config.map.styleUrl), ...config.map.origins]);
  const api = originOf(config.publicApiOrigin);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE.script : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    // maplibre draws decoded tiles and sprites from blob: URLs; antd and TinyMCE use data: icons.
    'img-src': unique(["'self'", 'data:', 'blob:', ...map, ...api]),
    'font-src': ["'self'", 'data:'],
    // The map style, its tiles, glyphs and sprites are fetched by maplibre (in its workers too).
    'connect-src': unique(["'self'", ...api, ...map, ...(stripe ? STRIPE.connect : [])]),
    // maplibre's worker is a file of the build; blob: for the workers it may start from a bundle.
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...(stripe ? STRIPE.frame : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // No upgrade-insecure-requests: the server speaks plain http on 127.0.0.1 unless a proxy adds TLS.
  };
}

/** Paths other sites may embed or read without CORS (feeds, public images): Cross-Origin-Resource-Policy allows it. */
const isPublicResource = (url: string) => url.startsWith('/api/gbfs/') || url.startsWith('/api/files/');
const isApi = (request: FastifyRequest) => /^\/api(\/|\?|$)/.test(request.url);

/**
 * The headers helmet sets for these options, computed once. None of them depends on the request (no CSP nonces,
 * no function directives), and @fastify/helmet built a new helmet, re-parsing the policy, for every request: a
 * profile of bench:api put that at ~4 % of the server's time (docs/performance.md).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const collect = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/** The headers that mean something on a script, a stylesheet or an image: MIME sniffing and who may embed it. */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

/**
 * Security headers on every response (console, API, docs), as helmet decides them, and `Cache-Control: no-store`
 * on API answers that did not choose their own: they carry tokens and personal data. Routes that set a
 * Cache-Control (GBFS feeds' max-age, public images) or a CSP (GBFS legal pages) keep theirs: a reply header wins
 * over one set on the raw response.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS belongs to whoever terminates TLS; here it would be ignored on http, or pin a whole domain by surprise.
    strictTransportSecurity: false,
    // The console and API are one site; a PUBLIC_API_ORIGIN on a sibling host still serves the console's images.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // The build's hashed files (scripts, styles, fonts, images) are never a document: of the headers above only those
  // that act on a subresource apply to them. The rest is ~850 bytes on each of the dozens of files a console page
  // loads over HTTP/1.1 (issue 27 counts the bytes that cross the network). Worker scripts keep the whole set: a
  // worker runs under the CSP delivered with its own script.
  const subresourceHeaders = headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name.toLowerCase()));
  const assets = `${config.basePath}assets/`;
  const isBuildFile = (url: string) => url.startsWith(assets) && !url.includes('worker');
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isBuildFile(request.url) ? subresourceHeaders : headers)
      reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request)) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      if (isPublicResource(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done(null, payload);
  });
}
