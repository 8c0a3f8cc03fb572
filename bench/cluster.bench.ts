import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ADMIN_URL, benchDatabase, machine, quantile, startServerProcess } from './common.ts';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  fleetSimulatorArgs,
  MOSQUITTO_URL,
  seedBenchFleet,
  sleep,
  spawnSimulator,
  TOPIC_ROOT,
} from './live-fleet.ts';

/**
 * npm run bench:cluster — one node against two (issue 26): the same workload on `npm run start:cluster -- --nodes
 * N` (compiled nodes, the Node proxy), same PostgreSQL and Mosquitto, a fresh database each time.
 *
 * API, by autocannon with BENCH_CONNECTIONS (32) for BENCH_API_SECONDS (15) each, authenticated: a light read
 * (GET …/users/$me/profile, the bench:api route) and the asset list's first page (POST /api/asset/assets/$query),
 * its connections spread over the nodes directly; then the asset list through the proxy. Ingest: BENCH_DEVICES (20,000) simulated devices every BENCH_CYCLE_MS (1,000) through
 * BENCH_BRIDGES (4) vendor bridges for BENCH_SECONDS (30); the nodes share the broker's subscription. Positions
 * written per second are counted in the database; report → visible is sampled on BENCH_PROBES (50) assets, each
 * polled every 50 ms for its newest position (so the figures are up to ~50 ms late).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 15);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 20_000);
const CYCLE_MS = Number(process.env.BENCH_CYCLE_MS ?? 1000);
const BRIDGES = Number(process.env.BENCH_BRIDGES ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PROBES = Number(process.env.BENCH_PROBES ?? 50);
const NODE_COUNTS = (process.env.BENCH_NODES ?? '1,2').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 18_380);
const PREFIX = 'BC';

interface Figures {
  nodes: number;
  api: { profile: ApiFigures; list: ApiFigures; listProxy: ApiFigures };
  ingest: { perSecond: number; offered: number; lost: number; p50: number; p99: number; samples: number };
  load: string;
}
interface ApiFigures {
  rps: number;
  p50: number;
  p99: number;
}

/** Three figures that tell this machine's speed on the day from the code's (docs/performance.md, issue 5). */
function machineSpeed(admin: string) {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 1e9; i++) x += i;
  const loop = (performance.now() - started) / 1000;
  const series = Number(
    execFileSync('psql', [admin, '-Atc', '\\timing on', '-c', 'select count(*) from generate_series(1, 10000000)'])
      .toString()
      .match(/Time: ([\d.]+) ms/)?.[1],
  );
  const ddStarted = performance.now();
  execFileSync('dd', ['if=/dev/zero', 'of=/dev/null', 'bs=1', 'count=2000000'], { stdio: 'ignore' });
  const dd = (performance.now() - ddStarted) / 1000;
  if (x === -1) console.log(x); // keeps the loop from being optimised away
  return `Node loop of 10⁹ additions ${loop.toFixed(1)} s, generate_series(1, 10⁷) ${(series / 1000).toFixed(1)} s, dd of 2,000,000 bytes one at a time ${dd.toFixed(1)} s`;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** A light read (one indexed row, the bench:api route) and the asset list's first page. */
const PROFILE = { path: '/api/account/users/$me/profile', method: 'GET' as const };
const ASSET_LIST = {
  path: '/api/asset/assets/$query',
  method: 'POST' as const,
  body: JSON.stringify({ pageNo: 1, pageSize: 20 }),
};

async function apiRun(
  bases: string[],
  token: string,
  call: { path: string; method: 'GET' | 'POST'; body?: string },
): Promise<ApiFigures> {
  const urls = bases.map((base) => base + call.path);
  const options = {
    // autocannon spreads the connections over several URLs (its types know only one).
    url: (urls.length === 1 ? urls[0] : urls) as string,
    method: call.method,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(call.body ? { body: call.body } : {}),
  };
  // Warm-up: JIT, pools and the planner's caches on every node.
  await autocannon({ ...options, duration: 3 });
  const result = await autocannon({ ...options, duration: API_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${urls.join(', ')}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

async function run(nodes: number): Promise<Figures> {
  const { url: databaseUrl } = await benchDatabase('fleetdesk_bench_cluster', { fresh: true });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await database.migrate();
  await seedBenchFleet(database.db, { devices: DEVICES, prefix: PREFIX });
  // Statistics and the visibility map now, not whenever autovacuum gets to the new rows: the first API run would
  // otherwise plan blind and pay for the hint bits and heap visits the later ones do not (it ran slower every time).
  await database.db.execute(sql`vacuum analyze`);
  await database.close();

  const secretsKey = randomBytes(32).toString('base64');
  const cluster: ChildProcess = await startServerProcess(
    ['scripts/start-cluster.mjs', `--nodes=${nodes}`, `--port=${PORT}`],
    {
      DATABASE_URL: databaseUrl,
      MQTT_URL: MOSQUITTO_URL,
      MQTT_TOPIC_ROOT: TOPIC_ROOT,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-cluster-')),
      SECRETS_KEY: secretsKey,
      DEMO_DATA: '0',
      SIMULATOR: '0',
      LOG_LEVEL: 'warn',
    },
    /Fleetdesk cluster:/,
  );
  try {
    const proxy = `http://127.0.0.1:${PORT}`;
    const nodeUrls = Array.from({ length: nodes }, (_, i) => `http://127.0.0.1:${PORT + i + 1}`);
    const login = await fetch(`${proxy}/api/account/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const profile = await apiRun(nodeUrls, token, PROFILE);
    console.log(`${nodes} node(s), profile direct: ${JSON.stringify(profile)}`);
    const list = await apiRun(nodeUrls, token, ASSET_LIST);
    console.log(`${nodes} node(s), asset list direct: ${JSON.stringify(list)}`);
    const listProxy = await apiRun([proxy], token, ASSET_LIST);
    console.log(`${nodes} node(s), asset list through the proxy: ${JSON.stringify(listProxy)}`);
    const ingest = await ingestRun(databaseUrl, secretsKey);
    console.log(`${nodes} node(s), ingest: ${JSON.stringify(ingest)}`);
    return { nodes, api: { profile, list, listProxy }, ingest, load: loadAverage() };
  } finally {
    cluster.kill('SIGTERM');
    await new Promise((resolve) => cluster.once('exit', resolve));
  }
}

async function ingestRun(databaseUrl: string, secretsKey: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const positions = async () =>
    Number((await client.query('select count(*)::bigint as n from asset_positions')).rows[0].n);
  const probeIds = (
    await client.query<{ id: string }>('select id from assets where iot_device_no like $1 order by no limit $2', [
      `${PREFIX}%`,
      PROBES,
    ])
  ).rows.map((r) => r.id);
  const sim = spawnSimulator(
    fleetSimulatorArgs({ devices: DEVICES, prefix: PREFIX, cycleMs: CYCLE_MS, url: MOSQUITTO_URL, bridges: BRIDGES }),
    { SECRETS_KEY: secretsKey },
  );
  // Warm-up: the fleet connects and every device has reported once, then a few seconds more.
  for (let i = 0; i < 600 && (await positions()) < DEVICES; i++) await sleep(200);
  await sleep(3000);

  const newest = new Map<string, number>();
  const delays: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const { rows } = await client.query<{ id: string; at: Date | null }>(
        `select a.id, (select max(recorded_at) from asset_positions p where p.asset_id = a.id) as at
           from unnest($1::uuid[]) a(id)`,
        [probeIds],
      );
      const now = Date.now();
      for (const { id, at } of rows) {
        if (!at) continue;
        const previous = newest.get(id);
        if (previous !== undefined && at.getTime() > previous) delays.push(now - at.getTime());
        newest.set(id, at.getTime());
      }
      await sleep(50);
    }
  })();
  const before = await positions();
  const started = Date.now();
  await sleep(SECONDS * 1000);
  const windowWritten = (await positions()) - before;
  const seconds = (Date.now() - started) / 1000;
  probing = false;
  await probe;
  const { telemetry } = await sim.result<{ telemetry: number }>();
  // What is in flight drains before the losses are counted.
  let total = await positions();
  for (let i = 0; i < 50; i++) {
    await sleep(200);
    const now = await positions();
    if (now === total && i > 5) break;
    total = now;
  }
  await client.end();
  return {
    perSecond: Math.round(windowWritten / seconds),
    offered: Math.round((DEVICES * 1000) / CYCLE_MS),
    lost: Math.max(0, telemetry - total),
    p50: quantile(delays, 0.5),
    p99: quantile(delays, 0.99),
    samples: delays.length,
  };
}

console.log(`machine: ${machine()}; load average ${loadAverage()} before the run`);
console.log(machineSpeed(ADMIN_URL));
const results: Figures[] = [];
for (const n of NODE_COUNTS) results.push(await run(n));

const row = (label: string, cell: (f: Figures) => string) =>
  console.log(`${label.padEnd(46)}${results.map((f) => cell(f).padStart(22)).join('')}`);
console.log(
  `\nbench:cluster — ${DEVICES.toLocaleString('en')} devices every ${CYCLE_MS} ms through ${BRIDGES} bridges, ${SECONDS} s; API ${CONNECTIONS} connections, ${API_SECONDS} s`,
);
row('', (f) => `${f.nodes} node${f.nodes > 1 ? 's' : ''}`);
row('profile (light read), direct: req/s', (f) => String(f.api.profile.rps));
row('  p50 / p99 ms', (f) => `${f.api.profile.p50} / ${f.api.profile.p99}`);
row('asset list, direct to the nodes: req/s', (f) => String(f.api.list.rps));
row('  p50 / p99 ms', (f) => `${f.api.list.p50} / ${f.api.list.p99}`);
row('asset list, through the Node proxy: req/s', (f) => String(f.api.listProxy.rps));
row('  p50 / p99 ms', (f) => `${f.api.listProxy.p50} / ${f.api.listProxy.p99}`);
row('ingest: positions written/s (offered)', (f) => `${f.ingest.perSecond} (${f.ingest.offered})`);
row('  lost', (f) => String(f.ingest.lost));
row('  report → visible p50 / p99 ms', (f) => `${f.ingest.p50} / ${f.ingest.p99}`);
row('load average after (1 / 5 / 15 min)', (f) => f.load);
process.exit(0);
