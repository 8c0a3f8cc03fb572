import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { quantile, startServerProcess } from './common.ts';

/**
 * npm run bench:api — GET /api/account/users/$me/profile (authenticated) on PostgreSQL against a bare
 * Fastify route reading the same row with the same driver. Targets (issue 27): requests/s ≥ 0.8 × the
 * baseline's and p99 ≤ 1.5 × the baseline's p99 in the same run, at 32 connections. Both servers run as separate
 * processes (the API at LOG_LEVEL=warn, the baseline without a logger); autocannon runs here.
 */
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
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
  // Alternating pairs: a machine whose speed drifts (other work, CPU boost) affects both sides of a pair alike.
  const pairs: { bare: Awaited<ReturnType<typeof measure>>; api: Awaited<ReturnType<typeof measure>> }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const bare = await measure('bare Fastify + pg', 'http://127.0.0.1:8099/bare/profile');
    const api = await measure('GET /api/…/$me/profile', 'http://127.0.0.1:8098/api/account/users/$me/profile', {
      authorization: `Bearer ${token}`,
    });
    pairs.push({ bare, api });
  }
  const ratio = quantile(
    pairs.map((p) => p.api.rps / p.bare.rps),
    0.5,
  );
  const p99Ratio = quantile(
    pairs.map((p) => p.api.p99 / Math.max(1, p.bare.p99)),
    0.5,
  );
  console.log(
    `\nmedian of ${PAIRS} pairs: ratio ${ratio.toFixed(2)} (target ≥ 0.80) · API p99 ${p99Ratio.toFixed(2)} × the baseline's (target ≤ 1.5 ×)`,
  );
  console.log(ratio >= 0.8 && p99Ratio <= 1.5 ? 'TARGET MET' : 'TARGET MISSED');
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
}
