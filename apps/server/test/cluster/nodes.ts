import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshPostgresDatabase, PASSWORD } from '../harness.ts';

/**
 * Real server processes for the multi-node and fault tests (`npm run test:cluster`): each node is
 * `node apps/server/src/main.ts` on its own port (or, with `compiled`, the production build
 * `node apps/server/dist/main.js`), all on one PostgreSQL database and the machine's Mosquitto (MQTT_URL, a shared
 * subscription), the way docs/deploy/ runs them. Nothing is faked between the nodes.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const MAIN = path.join(root, 'apps/server/src/main.ts');
export const COMPILED_MAIN = path.join(root, 'apps/server/dist/main.js');

export interface NodeOptions {
  /** Run the compiled server (apps/server/dist, built once per test process by `npm run build:server`). */
  compiled?: boolean;
}

let built = false;
/** `npm run build:server`, once per test process: the compiled nodes then run what production runs. */
export function buildServer() {
  if (built) return;
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'pipe' });
  built = true;
}
export const MOSQUITTO_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
export const OWNER_EMAIL = 'owner@cluster.test';
export { PASSWORD };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Node {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** Everything the node wrote (stdout and stderr), for the failure message of a test. */
  output(): string;
  /** JSON call to /api<path>; answers status and parsed body. */
  call<T = unknown>(
    method: string,
    apiPath: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  login(email?: string, password?: string): Promise<string>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (graceful drain). */
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

export interface Cluster {
  databaseUrl: string;
  /** What every node of this cluster gets (shared secrets key and data directory, topic root, broker). */
  env: Record<string, string>;
  nodes: Node[];
  /** Starts one more node with the cluster's environment (plus `env`), waiting until /api/health answers. */
  start(name: string, env?: Record<string, string>): Promise<Node>;
  close(): Promise<void>;
}

/**
 * A database of its own (migrated template copy), a topic root of its own on the shared broker, and the first
 * node started alone (it creates the account owner), then the others. `together`: all nodes start at once, on a
 * database without even the migrations (the first start of a cluster).
 */
export async function startCluster(
  count: number,
  env: Record<string, string> = {},
  /** `databaseUrl`: a database of the test's own (a private PostgreSQL it restarts), used as it is, not dropped. */
  opts: NodeOptions & { together?: boolean; databaseUrl?: string } = {},
): Promise<Cluster> {
  const { url: databaseUrl, drop } = opts.databaseUrl
    ? { url: opts.databaseUrl, drop: async () => undefined }
    : await freshPostgresDatabase({ empty: opts.together });
  const dataDir = `/tmp/fleetdesk-cluster-${randomUUID()}`;
  mkdirSync(dataDir, { recursive: true });
  const clusterEnv: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    MQTT_URL: MOSQUITTO_URL,
    MQTT_TOPIC_ROOT: `cluster-${randomUUID().slice(0, 8)}`,
    ADMIN_EMAIL: OWNER_EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    DEMO_DATA: '0',
    SIMULATOR: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    // The tests' own load (several nodes, devices, a restarted database) on two cores lags event loops; a test call
    // refused for lag would test the machine, not the cluster. Shedding has its own test (load-shedding.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  };
  const nodes: Node[] = [];
  const cluster: Cluster = {
    databaseUrl,
    env: clusterEnv,
    nodes,
    async start(name, extra = {}) {
      const node = await startNode(name, { ...clusterEnv, ...extra }, undefined, opts);
      nodes.push(node);
      return node;
    },
    async close() {
      await Promise.all(nodes.map((n) => n.kill()));
      await drop();
    },
  };
  const names = Array.from({ length: count }, (_, i) => `node${i + 1}`);
  try {
    if (opts.together) {
      // allSettled: a node that failed must not leave the others running past close().
      const started = await Promise.allSettled(names.map((name) => startNode(name, clusterEnv, undefined, opts)));
      for (const s of started) if (s.status === 'fulfilled') nodes.push(s.value);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
    } else {
      for (const name of names) await cluster.start(name);
    }
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}

export async function startNode(
  name: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
  opts: NodeOptions = {},
): Promise<Node> {
  const port = await freePort();
  if (opts.compiled) buildServer();
  const child = spawn(process.execPath, opts.compiled ? [COMPILED_MAIN] : ['--import', 'tsx', MAIN], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const node: Node = {
    name,
    port,
    url,
    process: child,
    exited,
    output: () => output,
    async call(method, apiPath, opts = {}) {
      const res = await fetch(`${url}/api${apiPath}`, {
        method,
        headers: {
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON (an event stream, a file): the text
      }
      return { status: res.status, body: body as never, headers: res.headers };
    },
    async login(email = OWNER_EMAIL, password = PASSWORD) {
      const res = await node.call<{ data: { token: string } }>('POST', '/account/auth/login', {
        body: { email, password },
      });
      if (res.status !== 200) throw new Error(`${name}: login failed (${res.status}) ${JSON.stringify(res.body)}`);
      return res.body.data.token;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await node.kill();
      throw new Error(`${name} did not answer /api/health within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return node;
}

/**
 * The nodes whose trip builder thread (TRIP_BUILDER=worker, the default on PostgreSQL) has connected within
 * `timeoutMs`: its pool names its connections `fleetdesk-trips-<the node's pid>`.
 */
export async function nodesWithTripThread(cluster: Cluster, timeoutMs = 20_000): Promise<string[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ name: string }>(
        `select distinct application_name as name from pg_stat_activity
         where datname = current_database() and application_name like 'fleetdesk-trips-%'`,
      );
      const names = new Set(rows.map((r) => r.name));
      const found = cluster.nodes.filter((n) => names.has(`fleetdesk-trips-${n.process.pid}`)).map((n) => n.name);
      if (found.length === cluster.nodes.length || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}
