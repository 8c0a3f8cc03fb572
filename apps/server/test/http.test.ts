import { randomUUID } from 'node:crypto';
import { appPermission, appPermissions, NUL_CHARACTER_MESSAGE, webPermissions } from '@fleetdesk/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { call, createTestContext, errorOf, type TestContext } from './harness.ts';

/** Never a 500, never a stack trace or an internal path in what the client sees. */
function expectCleanError(res: LightMyRequestResponse, status: number | number[]) {
  expect(Array.isArray(status) ? status : [status]).toContain(res.statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const error = errorOf(res);
  expect(error.code).not.toBe('InternalServerError');
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|stack/);
  return error;
}

/** The MDS Provider API (issue 25): the agency guard checks an agency client's token on these, and only these. */
const agencyRoutes = [
  'GET /api/mds/events/historical',
  'GET /api/mds/events/recent',
  'GET /api/mds/telemetry',
  'GET /api/mds/trips',
  'GET /api/mds/vehicles',
  'GET /api/mds/vehicles/:device_id',
  'GET /api/mds/vehicles/status',
  'GET /api/mds/vehicles/status/:device_id',
];

describe('HTTP surface', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('GET /api/health answers without a token with status, database kind and version', async () => {
    const res = await call(t.app, 'GET', '/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite',
      version: expect.any(String),
    });
  });

  it('GET /api/openapi.json is an OpenAPI 3 document with the partner paths and bearer security', async () => {
    const res = await call(t.app, 'GET', '/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/account/partners', '/account/partners/{id}', '/account/partners/$all']),
    );
    expect(doc.paths['/account/partners'].post.requestBody).toBeDefined();
    expect(doc.paths['/account/partners'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Load shedding may answer any call but the health check with 503 and Retry-After.
    const shed = doc.paths['/account/partners'].get.responses['503'];
    expect(shed.description).toContain('load shedding');
    expect(shed.headers['retry-after']).toBeDefined();
    expect(shed.content['application/json'].schema.properties.code.enum).toEqual(['ServiceUnavailable']);
    expect(Object.keys(doc.paths['/health'].get.responses)).toEqual(['200']);
  });

  it('GET /api/docs answers with the documentation page, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.toLowerCase()).toContain('swagger');
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/account/nope'],
    ['POST', '/api/account/partners/x/y/z'],
    ['DELETE', '/api'],
  ] as const)('answers %s %s with 404 NotFound in the error shape', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(expectCleanError(res, 404).code).toBe('NotFound');
  });

  it('answers an unknown /api path with 404 even without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(expectCleanError(res, 404).code).toBe('NotFound');
  });

  describe('bad input', () => {
    const post = (payload: string | Buffer, contentType = 'application/json', token = t.owner.token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/partners',
        payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      });

    it('refuses malformed JSON with 400 in the error shape', async () => {
      const error = expectCleanError(await post('{"name": "Torino", '), 400);
      expect(error.code).toBe('BadRequest');
    });

    it('refuses malformed JSON on the public login route too', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/auth/login',
        payload: '{email:',
        headers: { 'content-type': 'application/json' },
      });
      expectCleanError(res, 400);
    });

    it('refuses an empty JSON body with 400', async () => {
      expectCleanError(await post(''), 400);
    });

    it('refuses a JSON body that is not an object with 400 ValidationError', async () => {
      expect(expectCleanError(await post('[1,2,3]'), 400).code).toBe('ValidationError');
      expect(expectCleanError(await post('null'), 400).code).toBe('ValidationError');
    });

    it('refuses a JSON body over 1 MB with 413 PayloadTooLarge, before authentication matters', async () => {
      const big = JSON.stringify({ name: 'x', note: 'y'.repeat(BODY_LIMIT) });
      expect(expectCleanError(await post(big), 413).code).toBe('PayloadTooLarge');
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/account/auth/login',
        payload: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(expectCleanError(login, 413).code).toBe('PayloadTooLarge');
    });

    it('refuses a wrong content type with 415 in the error shape', async () => {
      expect(
        expectCleanError(await post('name=Torino', 'application/x-www-form-urlencoded'), [400, 415]).code,
      ).not.toBe('NotFound');
      expectCleanError(await post('name: Torino', 'text/plain'), [400, 415]);
      expectCleanError(await post('<partner/>', 'application/xml'), [400, 415]);
    });

    it('refuses wrong types and unknown enum values in the query with 400 ValidationError', async () => {
      for (const url of [
        '/account/partners?pageNo=abc',
        '/account/partners?pageSize=-1',
        '/account/users?sort=createdAt:sideways',
      ]) {
        const res = await call(t.app, 'GET', url, { token: t.owner.token });
        expect(expectCleanError(res, 400).code, url).toBe('ValidationError');
      }
    });

    it('refuses a NUL character in a path, query or body string with 400 on every route, never a 500', async () => {
      const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(300);
      let refused = 0;
      for (const r of routes) {
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(r.method);
        // A NUL in the last path parameter if there is one, else in the query, and in the body's first field.
        const url = r.url.includes(':')
          ? r.url.replace(/:(\w+)(?!.*:\w)/, 'x%00y').replace(/:\w+/g, randomUUID())
          : `${r.url}?search=x%00y`;
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: { authorization: `Bearer ${t.owner.token}` },
          ...(hasBody ? { payload: { name: 'x\u0000y', note: 'x\u0000y' } } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode === 400 && res.body.includes('NUL')) refused++;
      }
      // Every route whose request reached validation refused the NUL there (a few answer earlier: 404 of an
      // unknown feed, the agency guard's 401).
      expect(refused).toBeGreaterThan(routes.length * 0.9);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/account/auth/login',
        payload: { email: t.owner.email, password: 'pass\u0000word' },
      });
      expect(login.statusCode).toBe(400);
      expect(errorOf(login)).toEqual({
        code: 'ValidationError',
        message: NUL_CHARACTER_MESSAGE,
        data: { fields: { password: NUL_CHARACTER_MESSAGE } },
      });
    });

    it('refuses ids of the wrong shape with 400 on every route with an :id', async () => {
      const routes = t.app.routeTable.filter((r) => r.url.includes(':id') && r.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(5);
      for (const r of routes) {
        const url = r.url.replace(':id', "1'or'1'='1").replace(/:\w+/g, randomUUID());
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: { authorization: `Bearer ${t.owner.token}` },
          ...(['POST', 'PUT', 'PATCH'].includes(r.method) ? { payload: {} } : {}),
        });
        expect(expectCleanError(res, [400, 404]).code, `${r.method} ${r.url}`).toMatch(/ValidationError|NotFound/);
      }
    });
  });

  describe('route table', () => {
    const apiRoutes = () => t.app.routeTable.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));

    it('holds the routes of every module', () => {
      const urls = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
      for (const expected of [
        'GET /api/health',
        'POST /api/account/auth/login',
        'GET /api/account/users/$me/profile',
        'PUT /api/account/accounts/me/logo',
        'GET /api/account/partners',
        'DELETE /api/account/roles/:id',
        'POST /api/account/users/:id/reset-password',
      ]) {
        expect(urls).toContain(expected);
      }
    });

    it('has no /api route that declares no permission requirement', () => {
      const undeclared = apiRoutes()
        .filter((r) => r.method !== 'HEAD')
        .filter((r) => r.requires === undefined)
        .map((r) => `${r.method} ${r.url}`);
      expect(undeclared).toEqual([]);
    });

    it('declares every requirement as "public" or a list of alternatives of known permission strings', () => {
      const knownPermissions = new Set([...webPermissions, ...appPermissions.map(appPermission)]);
      for (const r of apiRoutes()) {
        if (r.requires === 'public') continue;
        // Fastify answers HEAD for every GET route: an agency route's HEAD is its GET's.
        if (r.requires === 'agency' && agencyRoutes.includes(`${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`))
          continue;
        expect(Array.isArray(r.requires), `${r.method} ${r.url}`).toBe(true);
        for (const alternative of r.requires as string[][]) {
          expect(Array.isArray(alternative)).toBe(true);
          // Web permissions as they are, operation-app ones as app:<permission>: all from the catalogue.
          for (const p of alternative) expect(knownPermissions.has(p), `${r.method} ${r.url}: ${p}`).toBe(true);
        }
      }
    });

    it("keeps the routes for agencies (an agency client's token, not a staff session) to the MDS Provider API", () => {
      const agency = apiRoutes()
        .filter((r) => r.requires === 'agency' && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`)
        .sort();
      expect(agency).toEqual([...agencyRoutes].sort());
    });

    it('keeps the public routes to the few that must be', () => {
      const open = apiRoutes()
        .filter((r) => r.requires === 'public' && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
        .map((r) => `${r.method} ${r.url}`)
        .sort();
      expect(open).toEqual([
        // Third-party sign-in: its configuration (to show the button), and the round trip's state, the provider's
        // code and our one-time hand-off code are the credentials.
        'GET /api/account/auth/oidc/callback',
        'GET /api/account/auth/oidc/config',
        'GET /api/files/:folder/:name',
        // Open data (issue 25): GBFS is a public feed by definition; rate-limited per address, no personal data.
        'GET /api/gbfs/:systemId/documents/:type',
        'GET /api/gbfs/:systemId/gbfs.json',
        'GET /api/gbfs/:systemId/geofencing_zones.json',
        'GET /api/gbfs/:systemId/station_information.json',
        'GET /api/gbfs/:systemId/station_status.json',
        'GET /api/gbfs/:systemId/system_alerts.json',
        'GET /api/gbfs/:systemId/system_information.json',
        'GET /api/gbfs/:systemId/system_pricing_plans.json',
        'GET /api/gbfs/:systemId/vehicle_status.json',
        'GET /api/gbfs/:systemId/vehicle_types.json',
        'GET /api/gbfs/manifest.json',
        'GET /api/health',
        'GET /api/openapi.json',
        // Register account: a visitor's request, rate-limited, answered alike whether or not the e-mail is known.
        'POST /api/account/access-requests',
        'POST /api/account/auth/login',
        'POST /api/account/auth/oidc/$exchange',
        'POST /api/account/auth/oidc/$start',
        // Forgot password: the request answers alike for every e-mail; the reset's single-use token is the credential.
        'POST /api/account/auth/password-reset-requests',
        'POST /api/account/auth/password-resets',
        'POST /api/account/auth/verification-codes',
        // The link of a customer's verification e-mail: a single-use 32-byte token is the credential.
        'POST /api/customer/$verifyEmail',
        // Payment providers sign their webhooks; the signature and its age are the credential.
        'POST /api/payments/webhooks/:provider',
      ]);
    });

    it('answers 401 Unauthorized on every non-public route called without a token', async () => {
      const guarded = apiRoutes().filter((r) => r.requires !== 'public');
      expect(guarded.length).toBeGreaterThan(15);
      for (const r of guarded) {
        const url = r.url.replace(/:\w+/g, randomUUID()).replace('*', 'x');
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          ...(['POST', 'PUT', 'PATCH'].includes(r.method) ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        if (r.method !== 'HEAD') expect(errorOf(res).code).toBe('Unauthorized');
      }
    });

    it('answers 401 on every non-public route called with a revoked token', async () => {
      const token = await t.login(t.owner.email);
      await call(t.app, 'POST', '/account/auth/logout', { token });
      for (const r of apiRoutes().filter((x) => x.requires !== 'public' && x.method !== 'HEAD')) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url.replace(/:\w+/g, randomUUID()),
          headers: { authorization: `Bearer ${token}` },
          ...(['POST', 'PUT', 'PATCH'].includes(r.method) ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      }
    });
  });
});
