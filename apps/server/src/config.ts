import path from 'node:path';
import { z } from 'zod';

/** Connections each node keeps to PostgreSQL at most (db/client.ts). */
export const POSTGRES_POOL_SIZE = 20;
/**
 * MAX_CONCURRENT_REQUESTS's default: two requests per database connection. As many as the pool has connections
 * run, as many again wait for one, each for about one request's time; more would only wait longer, and on a node
 * short of CPU every admitted request shares the loop (docs/performance.md "Load shedding (issue 26)": at 3× the
 * sustainable rate 40 kept the admitted p99 at 407 ms where 80 let it reach 700 ms).
 */
export const DEFAULT_MAX_CONCURRENT_REQUESTS = POSTGRES_POOL_SIZE * 2;
/** MAX_EVENT_LOOP_DELAY_MS's default on PostgreSQL (docs/performance.md "Load shedding (issue 26)"). */
export const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 100;

/**
 * The street map shown where the browser has internet: OpenFreeMap's "liberty" style (OpenStreetMap data, no key,
 * no registration, free to use). docs/decisions.md "Street basemap with the atlas as fallback (issue 21)".
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
/** MAP_STYLE_URL's value that keeps every map on the offline atlas, never asking another server. */
export const OFFLINE_MAP = 'offline';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((v) => v === '1' || v === 'true');

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(memory:\/\/|postgres(ql)?:\/\/.+)$/, { message: 'DATABASE_URL must be memory:// or postgres://…' })
      .optional(),
    ADMIN_EMAIL: z.email().default('owner@fleetdesk.local'),
    ADMIN_PASSWORD: z.string().min(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' }).optional(),
    DEMO_DATA: flag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the built console lives; the server serves it with a history fallback. */
    WEB_DIST: z.string().optional(),
    /** The console's base path (document 1 §2.1), e.g. "/console/". */
    BASE_PATH: z
      .string()
      .regex(/^\/([\w-]+\/)*$/, { message: 'BASE_PATH must start and end with /' })
      .default('/'),
    /**
     * Where people reach the console (scheme, host and port; BASE_PATH is added): the links of e-mails (reset a
     * password, set the first one) point there. Unset → http://127.0.0.1:<PORT>.
     */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: 'PUBLIC_URL must be an http(s) URL' })
      .refine((v) => new URL(v).pathname === '/' && !new URL(v).search, {
        message: 'PUBLIC_URL is an origin (https://host[:port]); the path is BASE_PATH',
      })
      .optional(),
    /** Overrides the API origin the console calls (served in /config.js). */
    PUBLIC_API_ORIGIN: z.url().optional(),
    /** The customer web client of this account (GET /api/account/clientLink). */
    CLIENT_LINK_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** 32 bytes, base64: encrypts provider secrets at rest. Unset → generated once into DATA_DIR/secrets.key. */
    SECRETS_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, { message: 'SECRETS_KEY must be 32 bytes in base64' })
      .optional(),
    /** Trust X-Forwarded-For from a proxy in front (for per-address rate limits). */
    TRUST_PROXY: flag,
    /** An external MQTT broker (mqtt://host:1883); unset → the embedded broker on MQTT_PORT. */
    MQTT_URL: z
      .url({ protocol: /^(mqtts?|wss?)$/, message: 'MQTT_URL must be mqtt://, mqtts://, ws:// or wss://' })
      .optional(),
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
    /**
     * The largest MQTT packet the embedded broker takes, in bytes (header included); a larger one closes the
     * connection before its body is read. A bridge's batch of 1,000 full reports is about 250 KB. An external broker
     * has its own setting (docs/device-protocol.md). 256 MiB is MQTT's own bound.
     */
    MQTT_MAX_PACKET_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(256 * 1024 * 1024)
      .default(512 * 1024),
    /**
     * This instance's name among several (node1, api-2…): unique per instance and the same across its restarts.
     * With an external broker it names the gateway's persistent MQTT session (see MQTT_CLIENT_ID).
     */
    NODE_NAME: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'NODE_NAME: letters, digits, dot, dash, underscore' })
      .optional(),
    /**
     * The gateway's client id at an external broker; default `fleetdesk-<topic root>-<NODE_NAME>` when NODE_NAME is
     * set. A stable id gives a persistent session: what was delivered and not yet committed when the instance died
     * is redelivered when it comes back (docs/architecture.md). Neither set: a fresh id and a clean session.
     */
    MQTT_CLIENT_ID: z.string().min(1).max(128).optional(),
    /** How long the broker keeps a crashed gateway's session (its unacknowledged and queued messages), in seconds. */
    MQTT_SESSION_EXPIRY_S: z.coerce.number().int().min(0).max(4_294_967_295).default(600),
    /**
     * The gateway's Receive Maximum at an external broker: QoS 1 messages taken in and not yet committed. Beyond it
     * the broker keeps the backlog (up to its own queue limit); it bounds the gateway's memory.
     */
    MQTT_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(65_535).default(10_000),
    /** The gateway's own credentials at an external broker. */
    MQTT_USERNAME: z.string().optional(),
    MQTT_PASSWORD: z.string().optional(),
    /** Every device topic starts with this (docs/device-protocol.md). */
    MQTT_TOPIC_ROOT: z
      .string()
      .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, { message: 'MQTT_TOPIC_ROOT: lower-case words separated by /' })
      .default('fleetdesk'),
    /** Run the device simulator for the demo fleet inside the server (default: with DEMO_DATA). */
    SIMULATOR: z.enum(['0', '1', 'true', 'false', '']).optional(),
    /** How many of the demo fleet's devices the in-process simulator brings to life. */
    SIMULATOR_DEVICES: z.coerce.number().int().min(1).max(100_000).default(5000),
    /**
     * The maps' MapLibre style URL (`{key}` in it is replaced by MAP_ACCESS_KEY): unset → OpenFreeMap's street map,
     * `offline` → the atlas shipped with the console. The console falls back to the atlas when a style fails to load.
     */
    MAP_STYLE_URL: z
      .union([z.literal(OFFLINE_MAP), z.url({ protocol: /^https?$/ })], {
        message: `MAP_STYLE_URL must be an http(s) URL of a MapLibre style, or ${OFFLINE_MAP}`,
      })
      .default(DEFAULT_MAP_STYLE_URL),
    MAP_ACCESS_KEY: z.string().optional(),
    /**
     * Further origins the map style loads tiles, glyphs or sprites from, comma-separated: the Content-Security-Policy
     * lets the console reach only these and MAP_STYLE_URL's own origin.
     */
    MAP_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({ protocol: /^https?$/, message: 'MAP_ORIGINS: comma-separated http(s) origins' })
            .transform((u) => new URL(u).origin),
        ),
      ),
    /** How old the asset map's low-zoom cluster counts may be (ms) before they are read again; 0 reads every time. */
    MAP_GRID_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /**
     * API requests in progress on this node above which new ones are answered 503 with Retry-After at once
     * (load shedding); 0 turns it off. Health checks, the console's files and open event streams are not counted.
     */
    MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_MAX_CONCURRENT_REQUESTS),
    /**
     * With load shedding on: while the event loop's mean delay over a quarter second is above this (ms), every new
     * API request is shed, however few are in progress (a node short of CPU); 0 turns this check off. Default: on
     * with PostgreSQL, off with PGlite, whose queries run on the event loop itself (a long one is not an overload).
     */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** Requests per minute one address may make to the public GBFS feeds (a consumer polls ~16). */
    GBFS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** How long this node keeps a built GBFS document at most (ms); unset → the feed's ttl. 0 builds every time. */
    GBFS_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
    /** How long an IoT command or config may take to be answered, and the first retry's delay (doubling). */
    IOT_COMMAND_TTL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    IOT_RETRY_BASE_MS: z.coerce.number().int().min(50).max(600_000).default(3_000),
    /**
     * How far ahead of its arrival a device report may be dated (ms); one dated later is stored with its arrival
     * time, so a device with its clock set ahead cannot freeze its asset's state (docs/device-protocol.md).
     */
    IOT_CLOCK_SKEW_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
    /**
     * Where trips are built: `worker` (a worker thread with its own event loop and connection pool, so a long round
     * never delays ingest or the API on this one) or `inline` (in this event loop). Default: `worker` with
     * PostgreSQL; PGlite is one in-process database and always builds inline.
     */
    TRIP_BUILDER: z.enum(['inline', 'worker']).optional(),
    /** How often the reminder evaluation runs (ms); the e2e server sets it low. */
    REMINDER_EVALUATE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** How often subscription billing runs (ms): fixes periods, makes and charges trades. */
    SUBSCRIPTION_BILLING_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** How long after a period's end its usage is final (document 2 §9: trips may lag up to 48 h). */
    SUBSCRIPTION_USAGE_LAG_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400_000)
      .default(48 * 3_600_000),
    /** Who takes the payments: `local` (Stripe's test mode, kept in our database; no account needed) or `stripe`. */
    PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    /** The Stripe account's secret key (sk_live_… / sk_test_…) and the signing secret of its webhook endpoint. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { message: 'STRIPE_SECRET_KEY: sk_… or rk_…' })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, { message: 'STRIPE_WEBHOOK_SECRET: whsec_…' })
      .optional(),
    /** The publishable key (pk_…) Stripe Elements uses in the console to take cards; public by design. */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, { message: 'STRIPE_PUBLISHABLE_KEY: pk_…' })
      .optional(),
    /** Another Stripe API base URL (stripe-mock, a local fake); Stripe's own when unset. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Third-party sign-in (OpenID Connect): the provider's issuer URL and this console's client there. */
    OIDC_ISSUER: z.url({ protocol: /^https?$/, message: 'OIDC_ISSUER must be an http(s) URL' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** The provider's name on the login page's button ("Sign in with Google"). */
    OIDC_NAME: z.string().min(1).max(40).optional(),
    /**
     * The redirect URI registered at the provider; default: PUBLIC_API_ORIGIN (or http://HOST:PORT/api) +
     * /account/auth/oidc/callback.
     */
    OIDC_REDIRECT_URI: z.url({ protocol: /^https?$/, message: 'OIDC_REDIRECT_URI must be an http(s) URL' }).optional(),
  })
  .refine((e) => e.PAYMENT_PROVIDER !== 'stripe' || (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET), {
    message: 'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    path: ['PAYMENT_PROVIDER'],
  })
  .refine(
    (e) =>
      [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].every((v) => v === undefined || v === '') ||
      Boolean(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET),
    { message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together', path: ['OIDC_ISSUER'] },
  )
  .refine((e) => e.TRIP_BUILDER !== 'worker' || /^postgres(ql)?:/.test(e.DATABASE_URL ?? ''), {
    message: 'TRIP_BUILDER=worker needs a PostgreSQL DATABASE_URL (PGlite lives in this process only)',
    path: ['TRIP_BUILDER'],
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  adminEmail: string;
  adminPassword: string | undefined;
  demoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  basePath: string;
  /** The console's root as e-mailed links use it, ending with BASE_PATH ("https://fleet.example.com/console/"). */
  consoleUrl: string;
  publicApiOrigin: string | undefined;
  clientLinkUrl: string | undefined;
  trustProxy: boolean;
  /** API requests in progress above which a new one is shed with 503; 0: no limit. */
  maxConcurrentRequests: number;
  /** The event loop delay (ms) above which every new API request is shed; 0: not checked. */
  maxEventLoopDelayMs: number;
  secretsKey: string | undefined;
  version: string;
  mqtt: {
    url: string | undefined;
    port: number;
    username: string | undefined;
    password: string | undefined;
    topicRoot: string;
    /** The embedded broker's packet size limit (bytes). */
    maxPacketBytes: number;
    /** The gateway's stable client id at an external broker (a persistent session), if any. */
    clientId: string | undefined;
    sessionExpirySeconds: number;
    maxInFlight: number;
  };
  simulator: boolean;
  simulatorDevices: number;
  /** clockSkewMs: how far ahead of its arrival a report may be dated before it is dated at its arrival. */
  iot: { commandTtlMs: number; retryBaseMs: number; clockSkewMs: number };
  /** builder: where trips are built (TRIP_BUILDER). */
  trips: { builder: 'inline' | 'worker' };
  reminders: { evaluateMs: number };
  subscriptions: { billingMs: number; usageLagMs: number };
  /** styleUrl: the style the console tries first, its key put in; null → the offline atlas only. */
  map: { styleUrl: string | null; origins: string[]; gridMaxAgeMs: number };
  /** The public GBFS feeds: the API origin they are published at, per-address limit, node cache bound. */
  gbfs: { apiBaseUrl: string; rateLimitPerMinute: number; cacheMaxAgeMs: number | undefined };
  payments:
    | { provider: 'local' }
    | {
        provider: 'stripe';
        secretKey: string;
        webhookSecret: string;
        publishableKey: string | undefined;
        apiUrl: string | undefined;
      };
  /** Third-party sign-in; undefined when not configured (the login page shows no button). */
  oidc: OidcConfig | undefined;
};

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string | null;
  redirectUri: string;
}

/** Parses the environment once; a bad value stops start-up with a readable list of problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database: Config['database'] =
    e.DATABASE_URL === undefined
      ? { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }
      : e.DATABASE_URL === 'memory://'
        ? { kind: 'pglite', dataDir: null }
        : { kind: 'postgres', url: e.DATABASE_URL };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    basePath: e.BASE_PATH,
    consoleUrl: `${(e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, '')}${e.BASE_PATH}`,
    publicApiOrigin: e.PUBLIC_API_ORIGIN,
    clientLinkUrl: e.CLIENT_LINK_URL,
    trustProxy: e.TRUST_PROXY,
    maxConcurrentRequests: e.MAX_CONCURRENT_REQUESTS,
    maxEventLoopDelayMs:
      e.MAX_EVENT_LOOP_DELAY_MS ?? (database.kind === 'postgres' ? DEFAULT_MAX_EVENT_LOOP_DELAY_MS : 0),
    secretsKey: e.SECRETS_KEY,
    mqtt: {
      url: e.MQTT_URL,
      port: e.MQTT_PORT,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      topicRoot: e.MQTT_TOPIC_ROOT,
      maxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
      clientId:
        e.MQTT_CLIENT_ID ??
        (e.NODE_NAME ? `fleetdesk-${e.MQTT_TOPIC_ROOT.replaceAll('/', '-')}-${e.NODE_NAME}` : undefined),
      sessionExpirySeconds: e.MQTT_SESSION_EXPIRY_S,
      maxInFlight: e.MQTT_MAX_IN_FLIGHT,
    },
    simulator:
      e.SIMULATOR === undefined || e.SIMULATOR === '' ? e.DEMO_DATA : e.SIMULATOR === '1' || e.SIMULATOR === 'true',
    simulatorDevices: e.SIMULATOR_DEVICES,
    iot: { commandTtlMs: e.IOT_COMMAND_TTL_MS, retryBaseMs: e.IOT_RETRY_BASE_MS, clockSkewMs: e.IOT_CLOCK_SKEW_MS },
    trips: { builder: e.TRIP_BUILDER ?? (database.kind === 'postgres' ? 'worker' : 'inline') },
    reminders: { evaluateMs: e.REMINDER_EVALUATE_MS },
    subscriptions: { billingMs: e.SUBSCRIPTION_BILLING_MS, usageLagMs: e.SUBSCRIPTION_USAGE_LAG_MS },
    gbfs: {
      apiBaseUrl: `${e.PUBLIC_API_ORIGIN ?? (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, '')}/api`,
      rateLimitPerMinute: e.GBFS_RATE_LIMIT_PER_MINUTE,
      cacheMaxAgeMs: e.GBFS_CACHE_MAX_AGE_MS,
    },
    map: {
      styleUrl:
        e.MAP_STYLE_URL === OFFLINE_MAP
          ? null
          : e.MAP_STYLE_URL.replaceAll('{key}', encodeURIComponent(e.MAP_ACCESS_KEY ?? '')),
      origins: e.MAP_ORIGINS,
      gridMaxAgeMs: e.MAP_GRID_MAX_AGE_MS,
    },
    payments:
      e.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY as string,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: 'local' },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME ?? null,
            // PUBLIC_API_ORIGIN is the API's base (…/api), as the console calls it.
            redirectUri:
              e.OIDC_REDIRECT_URI ??
              `${e.PUBLIC_API_ORIGIN?.replace(/\/$/, '') ?? `http://${e.HOST}:${e.PORT}/api`}/account/auth/oidc/callback`,
          }
        : undefined,
    version: process.env.npm_package_version ?? '0.1.0',
  };
}
