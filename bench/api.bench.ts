import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServerProcess } from './common.ts';

/**
 * npm run bench:api — GET /api/account/users/$me/profile (authenticated) on PostgreSQL against a bare
 * Fastify route reading the same row with the same driver. Target: ratio ≥ 0.7 and p99 ≤ 10 ms at 32
 * connections. Both servers run as separate processes with logging off; autocannon runs here.
 */
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const PASSWORD = 'bench-password-1';
const dbName = `fleetdesk_bench_${Date.now()}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and pools are hot before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 3, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const summary = { title, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
  console.log(
    `${title.padEnd(28)} ${String(summary.rps).padStart(7)} req/s   p50 ${summary.p50} ms   p99 ${summary.p99} ms`,
  );
  return summary;
}

const children: ChildProcess[] = [];
try {
  await admin(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  children.push(
    await startServerProcess(
      ['apps/server/src/main.ts'],
      {
        DATABASE_URL: databaseUrl,
        PORT: '8098',
        ADMIN_PASSWORD: PASSWORD,
        DEMO_DATA: '1',
        // The demo's simulated fleet (5,000 devices reporting into this process) is not the request path the
        // baseline is compared with: BENCH_SIMULATOR=1 measures with it.
        SIMULATOR: process.env.BENCH_SIMULATOR === '1' ? '1' : '0',
        LOG_LEVEL: 'warn',
      },
      /running at/,
    ),
  );
  const login = await fetch('http://127.0.0.1:8098/api/account/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@fleetdesk.local', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const profile = (await (
    await fetch('http://127.0.0.1:8098/api/account/users/$me/profile', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { data: { id: string } };

  children.push(
    await startServerProcess(
      ['bench/bare-server.ts'],
      { DATABASE_URL: databaseUrl, BENCH_USER_ID: profile.data.id, PORT: '8099' },
      /ready/,
    ),
  );

  console.log(
    `\n${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s\n`,
  );
  const bare = await measure('bare Fastify + pg', 'http://127.0.0.1:8099/bare/profile');
  const api = await measure('GET /api/…/$me/profile', 'http://127.0.0.1:8098/api/account/users/$me/profile', {
    authorization: `Bearer ${token}`,
  });
  const ratio = api.rps / bare.rps;
  console.log(`\nratio ${ratio.toFixed(2)} (target ≥ 0.70)   API p99 ${api.p99} ms (target ≤ 10 ms)`);
  console.log(ratio >= 0.7 && api.p99 <= 10 ? 'TARGET MET' : 'TARGET MISSED');
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
}
