import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrationsFolder, openDatabase } from '../src/db/client.ts';
import { seed } from '../src/db/seed/builders.ts';

export const PASSWORD = 'correct-horse-battery';
export const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The migrations' identity: a template made from other migrations is never reused (PostgreSQL templates outlive
 * the run; a changed or added migration names a new one).
 */
let key: string | undefined;
function migrationsKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsFolder)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(f).update(readFileSync(path.join(migrationsFolder, f)));
  }
  key = hash.digest('hex').slice(0, 12);
  return key;
}

/** This worker's migrated PGlite, dumped once: every later test file starts from a copy instead of migrating. */
let pgliteTemplate: Blob | undefined;
async function migratedPglite(): Promise<Database> {
  if (pgliteTemplate) return openDatabase({ kind: 'pglite', dataDir: null }, { loadDataDir: pgliteTemplate });
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
  pgliteTemplate = await (database.dump as () => Promise<Blob>)();
  return database;
}

/**
 * The migrated PostgreSQL template of this migration set, made once (under an advisory lock, so parallel workers
 * and runs make it once) and copied by CREATE DATABASE … TEMPLATE: a copy takes a fraction of running 30 migrations.
 */
async function migratedPostgresTemplate(admin: pg.Client): Promise<string> {
  const name = `fleetdesk_test_template_${migrationsKey()}`;
  await admin.query('select pg_advisory_lock(7231002)');
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`drop database if exists ${name}_building with (force)`);
      await admin.query(`create database ${name}_building`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}_building`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      await database.migrate();
      await database.close();
      await admin.query(`alter database ${name}_building rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(7231002)');
  }
  return name;
}

/**
 * A fresh database per test file: in-memory PGlite by default, a new PostgreSQL database when
 * TEST_DATABASE=postgres (dropped again afterwards). Both start migrated, from a template.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const database = await migratedPglite();
    return { database, drop: async () => undefined };
  }
  const { url, drop } = await freshPostgresDatabase();
  return { database: await openDatabase({ kind: 'postgres', url }), drop };
}

/**
 * A new, migrated PostgreSQL database (a copy of the template): its URL, and how to drop it again. `empty`: a
 * database without even the migrations, as an operator's first start finds it.
 */
export async function freshPostgresDatabase(
  opts: { empty?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fleetdesk_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const template = opts.empty ? 'template0' : await migratedPostgresTemplate(admin);
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  token: string;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Where this context's uploaded files live (DATA_DIR). */
  dataDir: string;
  /** Account user holding base:admin. */
  owner: TestUser;
  partnerA: { id: string; name: string };
  partnerB: { id: string; name: string };
  /** A staff member with exactly these permissions (through one role of their own) and this scope, signed in. */
  userWith(permissions: string[], scope?: '*' | string[]): Promise<TestUser & { roleId: string }>;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * Builds the real app on a fresh database with an account, its owner and two partners; `env` adds
 * configuration variables (e.g. CLIENT_LINK_URL) to the test defaults.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  /** A test that reads the log gives its stream (and a LOG_LEVEL in `env`). */
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestContext> {
  // Already migrated: it is a copy of this migration set's template.
  const { database, drop } = await freshDatabase();
  const config = {
    ...loadConfig({
      DATABASE_URL: 'memory://',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: `/tmp/fleetdesk-test-${randomUUID()}`,
      // Tests read what they just wrote: the map's low-zoom grid is read for every request.
      MAP_GRID_MAX_AGE_MS: '0',
      // Tests fire requests in parallel on a shared machine: only the load-shedding test sheds.
      MAX_CONCURRENT_REQUESTS: '0',
      ...env,
    }),
  };
  const app = await buildApp(config, database, opts);
  const { db } = database;
  await seed.account(db);
  const adminRole = await seed.adminRole(db);
  const partnerA = await seed.partner(db, { name: 'Partner A', addressCity: 'Milano' });
  const partnerB = await seed.partner(db, { name: 'Partner B', addressCity: 'Barcelona' });

  async function login(email: string, password = PASSWORD) {
    const res = await app.inject({ method: 'POST', url: '/api/account/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.body}`);
    return res.json<{ data: { token: string } }>().data.token;
  }

  async function createUser(roleIds: string[], scope: '*' | string[]): Promise<TestUser> {
    counter += 1;
    const username = `staff${counter}-${randomUUID().slice(0, 6)}`;
    const email = `${username}@test.local`;
    const { id } = await seed.user(db, { username, email, password: PASSWORD, partnerScope: scope, roleIds });
    return { id, username, email, token: await login(email) };
  }

  const owner = await createUser([adminRole.id], '*');
  return {
    app,
    database,
    dataDir: config.dataDir,
    owner,
    partnerA: { id: partnerA.id, name: partnerA.name },
    partnerB: { id: partnerB.id, name: partnerB.name },
    async userWith(permissions, scope = '*') {
      // `app:`-prefixed ones are operation-app permissions: the role holds them there, as the guard reads them.
      const app = permissions.filter((p) => p.startsWith('app:')).map((p) => p.slice(4));
      const role = await seed.role(db, {
        title: `role ${permissions.join(' ')}`.slice(0, 60),
        permissions: permissions.filter((p) => !p.startsWith('app:')),
        appPermissions: app,
      });
      return { ...(await createUser([role.id], scope)), roleId: role.id };
    },
    login,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call through the whole HTTP pipeline (routing, auth, validation, serialisation, error shape). */
export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}

/** Parses an error response and checks it has the one error shape. */
export function errorOf(res: LightMyRequestResponse) {
  const body = res.json<{ code: string; message: string; data: unknown }>();
  if (typeof body.code !== 'string' || typeof body.message !== 'string' || !('data' in body)) {
    throw new Error(`not an error body: ${res.body}`);
  }
  return body;
}

/** A multipart/form-data body carrying one file (field "file" unless named), built as a browser would. */
export async function multipartFile(file: { content: Buffer; filename: string; type: string }, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

/**
 * A test device: a plain MQTT client with the device's own credentials that answers each command or config the
 * way `answer` says (by default a success; null: stays silent). The caller ends it.
 */
export async function connectTestDevice(
  app: FastifyInstance,
  topicRoot: string,
  deviceNo: string,
  answer: (m: { id: string; attempt: number; command?: string }) => Array<Record<string, unknown>> | null = (m) => [
    { id: m.id, status: 'success' },
  ],
): Promise<MqttClient> {
  const client = await mqtt.connectAsync(app.liveFleet.brokerUrl() as string, {
    clientId: deviceNo,
    username: deviceNo,
    password: app.liveFleet.credentials.devicePassword(deviceNo),
    reconnectPeriod: 0,
  });
  // Refusals also arrive as 'error' events; the tests look at the promises.
  client.on('error', () => undefined);
  await client.subscribeAsync([`${topicRoot}/${deviceNo}/cmd`, `${topicRoot}/${deviceNo}/config`], { qos: 1 });
  client.on('message', (topic, payload) => {
    const message = JSON.parse(payload.toString()) as { id: string; attempt: number; command?: string };
    // A reply still in flight when the test ends the device is lost, as a real device's would be: not an error.
    for (const reply of answer(message) ?? [])
      client.publishAsync(`${topic}/reply`, JSON.stringify(reply), { qos: 1 }).catch(() => undefined);
  });
  return client;
}
