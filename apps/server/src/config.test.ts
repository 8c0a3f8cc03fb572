import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CONCURRENT_REQUESTS, DEFAULT_MAX_EVENT_LOOP_DELAY_MS, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to PGlite under ./data on 127.0.0.1:8080 without demo data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', demoData: false, basePath: '/', logLevel: 'info' });
    expect(c.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data', 'pglite') });
  });

  it('reads memory:// as in-memory PGlite and postgres:// as PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'pglite', dataDir: null });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
  });

  it('sheds load above MAX_CONCURRENT_REQUESTS (by default two per database connection), 0 turning it off', () => {
    expect(loadConfig({}).maxConcurrentRequests).toBe(DEFAULT_MAX_CONCURRENT_REQUESTS);
    expect(loadConfig({ MAX_CONCURRENT_REQUESTS: '0' }).maxConcurrentRequests).toBe(0);
    expect(loadConfig({ MAX_CONCURRENT_REQUESTS: '250' }).maxConcurrentRequests).toBe(250);
    expect(() => loadConfig({ MAX_CONCURRENT_REQUESTS: '-1' })).toThrow(/MAX_CONCURRENT_REQUESTS/);
    expect(() => loadConfig({ MAX_CONCURRENT_REQUESTS: 'many' })).toThrow(/MAX_CONCURRENT_REQUESTS/);
  });

  it('sheds while the event loop lags only on PostgreSQL by default: PGlite runs its queries on the loop', () => {
    const pg = 'postgres://u@h:5432/db';
    expect(loadConfig({ DATABASE_URL: pg }).maxEventLoopDelayMs).toBe(DEFAULT_MAX_EVENT_LOOP_DELAY_MS);
    expect(loadConfig({}).maxEventLoopDelayMs).toBe(0);
    expect(loadConfig({ DATABASE_URL: pg, MAX_EVENT_LOOP_DELAY_MS: '0' }).maxEventLoopDelayMs).toBe(0);
    expect(loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '250' }).maxEventLoopDelayMs).toBe(250);
  });

  it('builds trips in a worker thread with PostgreSQL and inline with PGlite, which lives in this thread only', () => {
    const pg = 'postgres://u@h:5432/db';
    expect(loadConfig({ DATABASE_URL: pg }).trips.builder).toBe('worker');
    expect(loadConfig({}).trips.builder).toBe('inline');
    expect(loadConfig({ DATABASE_URL: 'memory://' }).trips.builder).toBe('inline');
    expect(loadConfig({ DATABASE_URL: pg, TRIP_BUILDER: 'inline' }).trips.builder).toBe('inline');
    expect(() => loadConfig({ TRIP_BUILDER: 'worker' })).toThrow(/TRIP_BUILDER=worker needs a PostgreSQL/);
    expect(() => loadConfig({ DATABASE_URL: pg, TRIP_BUILDER: 'thread' })).toThrow(/TRIP_BUILDER/);
  });

  it('takes DEMO_DATA=1, a base path and an API origin', () => {
    const c = loadConfig({ DEMO_DATA: '1', BASE_PATH: '/console/', PUBLIC_API_ORIGIN: 'https://api.example.com/api' });
    expect(c).toMatchObject({ demoData: true, basePath: '/console/', publicApiOrigin: 'https://api.example.com/api' });
  });

  it('links e-mails to PUBLIC_URL plus the base path, to the local port by default, and refuses a path in it', () => {
    expect(loadConfig({ PORT: '8602' }).consoleUrl).toBe('http://127.0.0.1:8602/');
    expect(loadConfig({ PUBLIC_URL: 'https://fleet.example.com/', BASE_PATH: '/console/' }).consoleUrl).toBe(
      'https://fleet.example.com/console/',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://fleet.example.com/console' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://fleet.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it("points the maps at OpenFreeMap's street style by default, at the offline atlas with MAP_STYLE_URL=offline", () => {
    expect(loadConfig({}).map.styleUrl).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(loadConfig({ MAP_STYLE_URL: 'offline' }).map.styleUrl).toBeNull();
    expect(
      loadConfig({ MAP_STYLE_URL: 'https://tiles.example.com/styles/streets.json?key={key}', MAP_ACCESS_KEY: 'a b' })
        .map.styleUrl,
    ).toBe('https://tiles.example.com/styles/streets.json?key=a%20b');
  });

  it('refuses a MAP_STYLE_URL that is neither an http(s) URL nor offline', () => {
    expect(() => loadConfig({ MAP_STYLE_URL: 'ftp://tiles.example.com/style.json' })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadConfig({ MAP_STYLE_URL: 'none' })).toThrow(/MAP_STYLE_URL/);
  });

  it('selects Stripe with its keys, and the local provider by default', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'local' });
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc',
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it('takes the device clock skew and the MQTT packet limit, with defaults of 2 minutes and 512 KiB', () => {
    expect(loadConfig({}).iot.clockSkewMs).toBe(120_000);
    expect(loadConfig({}).mqtt.maxPacketBytes).toBe(512 * 1024);
    expect(loadConfig({ IOT_CLOCK_SKEW_MS: '0' }).iot.clockSkewMs).toBe(0);
    expect(loadConfig({ IOT_CLOCK_SKEW_MS: '5000', MQTT_MAX_PACKET_BYTES: '65536' })).toMatchObject({
      iot: { clockSkewMs: 5000 },
      mqtt: { maxPacketBytes: 65_536 },
    });
  });

  it.each([
    ['a port out of range', { PORT: '70000' }, 'PORT'],
    ['a negative clock skew', { IOT_CLOCK_SKEW_MS: '-1' }, 'IOT_CLOCK_SKEW_MS'],
    ['a clock skew that is not a number', { IOT_CLOCK_SKEW_MS: '2m' }, 'IOT_CLOCK_SKEW_MS'],
    ['a packet limit below 1 KiB', { MQTT_MAX_PACKET_BYTES: '100' }, 'MQTT_MAX_PACKET_BYTES'],
    ['a packet limit above MQTT’s own', { MQTT_MAX_PACKET_BYTES: String(2 ** 30) }, 'MQTT_MAX_PACKET_BYTES'],
    ['an unknown database scheme', { DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    ['a short admin password', { ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    ['a base path without slashes', { BASE_PATH: 'console' }, 'BASE_PATH'],
    ['an unknown log level', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ['a client link that is not a web URL', { CLIENT_LINK_URL: 'ftp://x.example.com' }, 'CLIENT_LINK_URL'],
    ['Stripe without its keys', { PAYMENT_PROVIDER: 'stripe' }, 'PAYMENT_PROVIDER'],
    ['a publishable key where the secret key goes', { STRIPE_SECRET_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY'],
  ])('stops on %s, naming the variable', (_label, env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
  it('configures third-party sign-in only with issuer, client id and secret together; the redirect URI follows the API origin', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const oidc = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'fleetdesk', OIDC_CLIENT_SECRET: 's3cret' };
    expect(loadConfig({ ...oidc, OIDC_NAME: 'Example' }).oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'fleetdesk',
      clientSecret: 's3cret',
      name: 'Example',
      redirectUri: 'http://127.0.0.1:8080/api/account/auth/oidc/callback',
    });
    expect(loadConfig({ ...oidc, PUBLIC_API_ORIGIN: 'https://fleet.example.com/api/' }).oidc?.redirectUri).toBe(
      'https://fleet.example.com/api/account/auth/oidc/callback',
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'id.example.com' })).toThrow(/OIDC_ISSUER/);
  });
});
