import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { contentSecurityPolicy } from '../src/plugins/security-headers.ts';
import { createTestContext, PASSWORD, type TestContext } from './harness.ts';

/** A console build of our own: the test must not depend on `npm run build` having run. */
function fakeConsole(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'export {};');
  writeFileSync(path.join(dir, 'assets', 'maplibre-gl-worker-abc123.js'), 'self.onmessage = () => {};');
  return dir;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

/**
 * Security headers (issue 26) through a real listening server and fetch: the CSP the console runs under, the
 * headers helmet adds everywhere, no-store on API answers that carry tokens, and the caching the open-data feeds
 * and the console's own files choose for themselves.
 */
describe('security headers', () => {
  let t: TestContext;
  let origin = '';
  beforeAll(async () => {
    t = await createTestContext({
      WEB_DIST: fakeConsole(),
      MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty.json?key={key}',
      MAP_ACCESS_KEY: 'k',
      MAP_ORIGINS: 'https://fonts.example.net, https://sprites.example.net/',
      GBFS_CACHE_MAX_AGE_MS: '0',
    });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('puts a CSP without inline or eval script on the console page, with nosniff, DENY and the referrer policy', async () => {
    const res = await fetch(`${origin}/dashboard`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
    // The map style's origin and the further map origins, never the style's key.
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://tiles.example.org',
      'https://fonts.example.net',
      'https://sprites.example.net',
    ]);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://tiles.example.org']));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers index.html and config.js with no-cache under the CSP, and hashed assets as immutable', async () => {
    for (const url of ['/', '/index.html', '/config.js']) {
      const res = await fetch(`${origin}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
    }
    const asset = await fetch(`${origin}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-site');
    // A script is no document: the document-only headers stay off it (issue 27: bytes on every file of a page).
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'])
      expect(asset.headers.get(name), name).toBeNull();
    // No page is served under /assets/ (where the page's headers are not sent): a missing file is a plain 404.
    const missing = await fetch(`${origin}/assets/missing-abc123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toMatch(/html/);
    // A worker runs under the CSP of its own script, so the map's worker keeps it.
    const worker = await fetch(`${origin}/assets/maplibre-gl-worker-abc123.js`);
    expect(worker.status).toBe(200);
    expect(directives(worker.headers.get('content-security-policy'))['script-src']).toEqual(["'self'"]);
  });

  it('answers the sign-in and the session with no-store, and the same headers on the API', async () => {
    const login = await fetch(`${origin}/api/account/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: t.owner.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.headers.get('x-content-type-options')).toBe('nosniff');
    expect(login.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const { data } = (await login.json()) as { data: { token: string } };
    const me = await fetch(`${origin}/api/account/permissions`, { headers: { authorization: `Bearer ${data.token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Errors too: a 401 and an unknown path.
    for (const url of ['/api/account/permissions', '/api/nope']) {
      const res = await fetch(`${origin}${url}`);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('keeps the GBFS feeds public: their own max-age, CORS open, readable cross-origin', async () => {
    const on = await fetch(`${origin}/api/openData/partners/${t.partnerA.id}/gbfs`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true, feedContactEmail: 'feeds@example.com', stations: [], zones: [] }),
    });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(on.headers.get('cache-control')).toBe('no-store');
    for (const url of ['/api/gbfs/manifest.json', `/api/gbfs/${t.partnerA.id}/system_information.json`]) {
      const res = await fetch(`${origin}${url}`, { headers: { origin: 'https://planner.example.com' } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toMatch(/^public, max-age=\d+$/);
      expect(res.headers.get('access-control-allow-origin'), url).toBe('*');
      expect(res.headers.get('cross-origin-resource-policy'), url).toBe('cross-origin');
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
    // The legal pages keep their own, stricter CSP.
    const saved = await fetch(`${origin}/api/account/documents/terms`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: { en: '<p>Ride safely.</p>' } }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const terms = await fetch(`${origin}/api/gbfs/${t.partnerA.id}/documents/terms`);
    expect(terms.status).toBe(200);
    expect(terms.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(terms.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves the API documentation under the same CSP (swagger-ui needs no inline script)', async () => {
    const page = await fetch(`${origin}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<script\s+(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const initializer = await fetch(`${origin}/api/docs/static/swagger-initializer.js`);
    expect(initializer.status).toBe(200);
  });

  it('adds PUBLIC_API_ORIGIN and Stripe to the CSP only when configured', () => {
    const base = {
      DATABASE_URL: 'memory://',
      MAP_STYLE_URL: 'offline',
      PUBLIC_API_ORIGIN: 'https://api.example.com/api',
    };
    const plain = contentSecurityPolicy(loadConfig(base));
    expect(plain['connect-src']).toEqual(["'self'", 'https://api.example.com']);
    expect(plain['script-src']).toEqual(["'self'"]);
    const stripe = contentSecurityPolicy(
      loadConfig({
        ...base,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }),
    );
    expect(stripe['script-src']).toContain('https://js.stripe.com');
    expect(stripe['frame-src']).toContain('https://js.stripe.com');
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
    expect(stripe['script-src']).not.toContain("'unsafe-inline'");
  });
});
