import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';

/** What every benchmark shares: the PostgreSQL admin URL, its databases, the machine line and quantiles. */
export const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A benchmark database on the local PostgreSQL: kept between runs (seeding big fleets takes minutes) unless
 * `fresh` or BENCH_FRESH=1 asks for a new one.
 */
export async function benchDatabase(name: string, opts: { fresh?: boolean } = {}) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  if (opts.fresh || process.env.BENCH_FRESH === '1') await admin.query(`drop database if exists ${name} with (force)`);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  const version = (await admin.query('show server_version')).rows[0]?.server_version as string;
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, version };
}

export async function openBenchDatabase(name: string) {
  const { url, version } = await benchDatabase(name);
  return { database: await openDatabase({ kind: 'postgres', url }), name, version };
}

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}`;
}

/** The q-quantile (0.95 → p95) by the nearest-rank method. */
export const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * The real server on a bench database, listening on a free loopback port, with the account owner bootstrapped
 * (password `password`); `login` signs a user in and returns the bearer token. Called over real HTTP by the benches.
 */
export async function startBenchServer(
  database: Database,
  dataDir: string,
  password: string,
  env: Record<string, string> = {},
) {
  const config = loadConfig({
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: password,
    DEMO_DATA: '0',
    ...env,
  });
  const app = await buildApp(config, database);
  await bootstrap(database.db, config, app.log);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  async function login(email = config.adminEmail, pass = password) {
    const res = await fetch(`${base}/account/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: pass }),
    });
    if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  }
  return { base, login, close: () => app.close() };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A script of the repository (`apps/server/src/main.ts`, a bench server) as its own process, resolved once its
 * output matches `ready`: what is measured then does not share an event loop or a heap with the bench's client.
 * A `.mjs` or `.js` script (the compiled server, scripts/start-cluster.mjs) runs without the TypeScript loader.
 */
export function startServerProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const loader = /\.m?js$/.test(args[0] ?? '') ? [] : ['--import', 'tsx'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...loader, ...args], {
      cwd: root,
      // Capacity benches measure what the server does, not what it refuses: load shedding is off unless a bench
      // sets it (bench:shed does).
      env: { ...process.env, MAX_CONCURRENT_REQUESTS: '0', MAX_EVENT_LOOP_DELAY_MS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}
