import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { DEFAULT_MAX_CONCURRENT_REQUESTS, DEFAULT_MAX_EVENT_LOOP_DELAY_MS } from '../apps/server/src/config.ts';
import { benchDatabase, machine, quantile, startServerProcess } from './common.ts';

/**
 * npm run bench:shed — load shedding (issue 26): the API under three times the rate it can sustain.
 *
 * 1. The server (its own process, PostgreSQL, the demo data set, no simulator, shedding off) answers the asset list
 *    (POST /api/asset/assets/$query, 20 a page, as the console's asset screen asks) to autocannon with 40
 *    connections: its throughput there is the sustainable rate R.
 * 2. For each run of BENCH_RUNS, a new server process takes an open-loop load of BENCH_FACTOR × R (default 3) for
 *    BENCH_SECONDS: requests leave on a fixed schedule whatever the answers, as independent clients send them.
 *    (autocannon's rate limit sends each connection's quota back to back at the start of every second, and a
 *    connection waits for its answer before it sends more: that hides a queue instead of showing it.) Latency counts
 *    from the scheduled send, so time spent waiting for a client socket counts too. Every request gives up after
 *    10 s (a gateway's timeout). Printed: p50/p99/max of the admitted (2xx) answers, the 503s and their latency,
 *    timeouts and errors, every second's admitted count and p99, and the server's RSS every second.
 */
const PORT = 8097;
const PASSWORD = 'bench-password-1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const FACTOR = Number(process.env.BENCH_FACTOR ?? 3);
/**
 * The runs (BENCH_RUNS): MAX_CONCURRENT_REQUESTS/MAX_EVENT_LOOP_DELAY_MS pairs. Default: the server's defaults on
 * PostgreSQL, the count alone, twice the count, and no shedding.
 */
const RUNS = (
  process.env.BENCH_RUNS ??
  `${DEFAULT_MAX_CONCURRENT_REQUESTS}/${DEFAULT_MAX_EVENT_LOOP_DELAY_MS},${DEFAULT_MAX_CONCURRENT_REQUESTS}/0,${DEFAULT_MAX_CONCURRENT_REQUESTS * 2}/0,0/0`
)
  .split(',')
  .map((run) => {
    const [limit, lag] = run.split('/').map(Number);
    return { limit: limit ?? 0, lag: lag ?? 0 };
  });
/** The most requests the load generator has open at once: clients beyond it wait for a socket (and that counts). */
const CLIENT_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const TIMEOUT_MS = 10_000;
const SETTLE_MS = 8_000;
/** Keep-alive connections open before each open-loop run (enough for the admitted requests and the quick 503s). */
const WARM_SOCKETS = Number(process.env.BENCH_WARM_SOCKETS ?? 300);
const PATH = '/api/asset/assets/$query';
const BODY = JSON.stringify({ pageNo: 1, pageSize: 20 });

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
};

async function startServer(databaseUrl: string, run: { limit: number; lag: number }): Promise<ChildProcess> {
  const child = await startServerProcess(
    ['apps/server/src/main.ts'],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      ADMIN_PASSWORD: PASSWORD,
      DEMO_DATA: '1',
      SIMULATOR: '0',
      LOG_LEVEL: 'error',
      MAX_CONCURRENT_REQUESTS: String(run.limit),
      MAX_EVENT_LOOP_DELAY_MS: String(run.lag),
      // The periodic jobs' first rounds run at start; later ones would land in some runs and not in others.
      REMINDER_EVALUATE_MS: '3600000',
      SUBSCRIPTION_BILLING_MS: '3600000',
    },
    /running at/,
  );
  // What runs at start (the first job rounds over the demo data) is over before anything is measured.
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  return child;
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function token(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/account/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@fleetdesk.local', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Closed loop at 40 connections (twice the database pool): the throughput the node sustains. */
async function sustainableRate(headers: Record<string, string>) {
  const options = { url: `http://127.0.0.1:${PORT}${PATH}`, method: 'POST' as const, headers, body: BODY };
  await autocannon({ ...options, connections: 40, duration: 5 });
  const result = await autocannon({ ...options, connections: 40, duration: 15 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`capacity run: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

interface Outcome {
  status: number;
  ms: number;
  /** The second of the run it was scheduled in. */
  second: number;
}

/**
 * Opens `count` keep-alive connections before the clock starts, as a balancer or gateway holds them: a burst of new
 * connections to a busy node overflows its accept queue, and the SYN retransmits (1 s, 3 s, 7 s) would be measured
 * as the server's latency.
 */
async function openConnections(agent: http.Agent, count: number) {
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port: PORT, path: '/api/health', agent }, (res) => {
              res.resume();
              res.on('end', () => resolve());
            })
            .on('error', reject);
        }),
    ),
  );
}

/** Sends `rate` requests a second on a 10 ms schedule for SECONDS, each on its own, and collects every answer. */
async function openLoop(rate: number, headers: Record<string, string>, pid: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENT_SOCKETS, maxFreeSockets: CLIENT_SOCKETS });
  await openConnections(agent, WARM_SOCKETS);
  const outcomes: Outcome[] = [];
  const pending: Promise<void>[] = [];
  const rss: number[] = [rssMb(pid)];
  // The generator shares the machine: its own lag is printed so that it is not mistaken for the server's.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const sampler = setInterval(() => rss.push(rssMb(pid)), 1000);
  let started = 0;
  const send = (scheduled: number) =>
    new Promise<void>((resolve) => {
      const done = (status: number) => {
        outcomes.push({ status, ms: performance.now() - scheduled, second: Math.floor((scheduled - started) / 1000) });
        resolve();
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port: PORT,
          path: PATH,
          method: 'POST',
          agent,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) },
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
          res.on('error', () => done(-1));
        },
      );
      // Counted from the scheduled send: a request still waiting for a socket is late too.
      const timer = setTimeout(
        () => req.destroy(new Error('timeout')),
        Math.max(0, TIMEOUT_MS - (performance.now() - scheduled)),
      );
      req.on('error', (error) => done(error.message === 'timeout' ? 0 : -1));
      req.on('close', () => clearTimeout(timer));
      req.end(BODY);
    });
  started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.min(Math.floor((elapsed / 1000) * rate), Math.floor(SECONDS * rate));
      // Each request keeps its own scheduled time, however late the timer fires.
      for (; sent < due; sent++) pending.push(send(started + (sent / rate) * 1000));
      if (elapsed >= SECONDS * 1000) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  await Promise.all(pending);
  clearInterval(sampler);
  lag.disable();
  rss.push(rssMb(pid));
  agent.destroy();
  return { outcomes, rss, sent, clientLagP99: lag.percentile(99) / 1e6 };
}

function report(config: { limit: number; lag: number }, rate: number, run: Awaited<ReturnType<typeof openLoop>>) {
  const of = (pick: (o: Outcome) => boolean) => run.outcomes.filter(pick).map((o) => o.ms);
  const ok = of((o) => o.status >= 200 && o.status < 300);
  const shed = of((o) => o.status === 503);
  const timeouts = of((o) => o.status === 0).length;
  const errors = run.outcomes.length - ok.length - shed.length - timeouts;
  const f = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');
  const line = {
    limit: config.limit === 0 ? 'off' : String(config.limit),
    'lag limit ms': config.limit === 0 || config.lag === 0 ? 'off' : config.lag,
    offered: `${rate}/s`,
    admitted: `${(ok.length / SECONDS).toFixed(0)}/s`,
    'admitted p50/p99/max ms': `${f(quantile(ok, 0.5))} / ${f(quantile(ok, 0.99))} / ${f(Math.max(...ok))}`,
    '503s': shed.length,
    '503 p50/p99 ms': `${f(quantile(shed, 0.5))} / ${f(quantile(shed, 0.99))}`,
    timeouts,
    errors,
    'client lag p99 ms': Math.round(run.clientLagP99),
    'RSS MB first/max/last': `${run.rss[0]} / ${Math.max(...run.rss)} / ${run.rss.at(-1)}`,
  };
  console.log(JSON.stringify(line));
  console.log(`  RSS every second (MB): ${run.rss.join(' ')}`);
  const seconds = Array.from({ length: SECONDS }, (_, second) => {
    const inSecond = run.outcomes.filter((o) => o.second === second);
    const admitted = inSecond.filter((o) => o.status >= 200 && o.status < 300).map((o) => o.ms);
    const refused = inSecond.filter((o) => o.status === 503).map((o) => o.ms);
    return `${admitted.length}:${f(quantile(admitted, 0.99))}/${refused.length}:${f(quantile(refused, 0.99))}`;
  });
  console.log(`  each second, admitted:p99 ms/503s:p99 ms: ${seconds.join(' ')}`);
  return line;
}

const { url: databaseUrl, version } = await benchDatabase('fleetdesk_bench_shed');
let server = await startServer(databaseUrl, { limit: 0, lag: 0 });
try {
  const headers = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
  console.log(
    `\n${machine()}, PostgreSQL ${version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const capacity = await sustainableRate(headers);
  console.log(
    `sustainable (closed loop, 40 connections): ${capacity.rps} req/s, p50 ${capacity.p50} ms, p99 ${capacity.p99} ms`,
  );
  const rate = Math.round(capacity.rps * FACTOR);
  console.log(
    `open loop at ${FACTOR} × = ${rate} req/s for ${SECONDS} s, ${WARM_SOCKETS} connections opened before, at most ${CLIENT_SOCKETS}, ${TIMEOUT_MS / 1000} s timeout\n`,
  );
  for (const run of RUNS) {
    await stopServer(server);
    server = await startServer(databaseUrl, run);
    const auth = { authorization: `Bearer ${await token()}` };
    // A short warm-up at the sustainable rate so JIT and the pool are hot.
    await autocannon({
      url: `http://127.0.0.1:${PORT}${PATH}`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: BODY,
      connections: 20,
      duration: 3,
    });
    report(run, rate, await openLoop(rate, auth, server.pid as number));
    console.log(
      `  load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  }
} finally {
  await stopServer(server);
}
