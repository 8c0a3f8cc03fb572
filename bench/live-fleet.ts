import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import { type Database, type Db, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';

/**
 * What bench:commands and bench:ingest share: a fresh PostgreSQL database, the whole server listening on a
 * free port with its embedded broker, and a fleet of assets bound to simulated devices.
 */
export const BENCH_PASSWORD = 'bench-password-1';
export const BENCH_EMAIL = 'bench@bench.local';
export const BROKER = process.env.BENCH_BROKER === 'embedded' ? 'embedded' : 'mosquitto';
export const MOSQUITTO_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
/** A root of its own, so a bench never mixes with other users of the same Mosquitto. */
export const TOPIC_ROOT = BROKER === 'mosquitto' ? `bench-${process.pid}` : 'fleetdesk';

export interface BenchServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  baseUrl: string;
  token: string;
  deviceNos: string[];
  close(): Promise<void>;
}

export async function startBenchServer(opts: {
  databaseUrl: string;
  devices: number;
  prefix: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-'));
  const config = loadConfig({
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
    // BENCH_BROKER=embedded measures aedes; the default is the external broker a fleet of this size runs on.
    ...(BROKER === 'mosquitto' ? { MQTT_URL: MOSQUITTO_URL, MQTT_TOPIC_ROOT: TOPIC_ROOT } : {}),
    ...opts.env,
  });
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedBenchFleet(database.db, opts);
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.liveFleet.start();
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  // Right after seeding and the fleet's start the event loop is behind and the server sheds (503, Retry-After):
  // a client does what it says.
  let login: Response;
  for (let attempt = 1; ; attempt++) {
    login = await fetch(`${baseUrl}/account/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    if (login.status !== 503 || attempt === 30) break;
    await login.arrayBuffer();
    await new Promise((r) => setTimeout(r, Number(login.headers.get('retry-after') ?? 1) * 1000));
  }
  const loginBody = (await login.json()) as { data: { token: string } | null };
  if (!loginBody.data) throw new Error(`the bench's sign-in failed (${login.status}): ${JSON.stringify(loginBody)}`);
  const token = loginBody.data.token;
  const deviceNos = Array.from({ length: opts.devices }, (_, i) => `${opts.prefix}${String(i + 1).padStart(7, '0')}`);
  return {
    app,
    config,
    database,
    baseUrl,
    token,
    deviceNos,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The bench fleet on a migrated database: the account, a staff user (bench@bench.local / BENCH_PASSWORD) and
 * `devices` e-bikes bound to tbox devices `<prefix>0000001…`, around Milano.
 */
export async function seedBenchFleet(db: Db, opts: { devices: number; prefix: string }) {
  await seed.account(db);
  const role = await seed.adminRole(db);
  await seed.user(db, { username: 'bench', email: BENCH_EMAIL, password: BENCH_PASSWORD, roleIds: [role.id] });
  const partner = await seed.partner(db, { name: 'Bench partner' });
  const categoryId = crypto.randomUUID();
  await db.execute(sql`insert into asset_categories (id, name, asset_type, is_iot)
    values (${categoryId}, 'Bench e-bikes', 'EBIKE', true)`);
  await db.execute(sql`
    insert into assets (id, no, partner_id, category_id, usage_mode, life_cycle_state, iot_device_no, iot_vendor,
                        latitude, longitude)
    select gen_random_uuid(), ${`${opts.prefix}A`} || lpad(g::text, 7, '0'), ${partner.id}, ${categoryId},
           'customer-rental', 'Ready', ${opts.prefix} || lpad(g::text, 7, '0'), 'tbox',
           45.4 + (g % 100) * 0.001, 9.1 + (g / 100) * 0.001
    from generate_series(1, ${opts.devices}) g`);
}

/**
 * The simulator's arguments for a riding fleet of `devices` reporting every `cycleMs` (what bench:ingest and
 * bench:cluster offer the gateway).
 */
export function fleetSimulatorArgs(opts: {
  devices: number;
  prefix: string;
  cycleMs: number;
  url: string;
  bridges: number;
  unbatched?: boolean;
}) {
  return [
    `--devices=${opts.devices}`,
    `--prefix=${opts.prefix}`,
    '--pad=7',
    '--vendor=tbox',
    '--riding',
    `--tick=${Math.min(250, Math.max(100, opts.cycleMs / 10))}`,
    `--scale=${opts.cycleMs / 10_000}`,
    `--url=${opts.url}`,
    `--bridges=${opts.bridges}`,
    ...(opts.unbatched ? ['--unbatched'] : []),
  ];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The simulator in a process of its own, as devices are on the road: the server's event loop is not theirs.
 * `result()` stops it and returns its final statistics line.
 */
export function spawnSimulator(args: string[], env: Record<string, string>) {
  const root = path.resolve(import.meta.dirname, '..');
  // BENCH_PROFILE_DIR: a CPU profile of the simulator (run the bench itself with `node --cpu-prof` for the server's).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/sim.ts', '--quiet', ...args], {
    cwd: root,
    env: { ...process.env, MQTT_TOPIC_ROOT: TOPIC_ROOT, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async result<T>(): Promise<T> {
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(output.trim().split('\n').at(-1) as string) as T;
    },
  };
}
