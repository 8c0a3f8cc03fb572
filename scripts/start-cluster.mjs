import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startProxy } from './proxy.mjs';

/**
 * `npm run start:cluster -- --nodes N`: N compiled API nodes (`apps/server/dist/main.js`, built by the npm script)
 * on one PostgreSQL database and an external MQTT broker, on ports PORT+1 … PORT+N, behind a round-robin proxy on
 * PORT (default 8080). One machine's version of docs/deploy/README.md.
 *
 *   DATABASE_URL   postgres://… (default postgres://postgres@127.0.0.1:5432/fleetdesk, created when missing)
 *   MQTT_URL       the broker every node's gateway shares (default mqtt://127.0.0.1:1883)
 *   DATA_DIR       shared by all nodes: uploaded files; its secrets.key is made once and given to every node as
 *                  SECRETS_KEY unless SECRETS_KEY is set (the nodes must share one key)
 *   DEMO_DATA=1    the demo data set, made by the first node on an empty database; SIMULATOR (default: as
 *                  DEMO_DATA) runs on the first node only, or every device would be simulated N times
 * Every other variable (ADMIN_PASSWORD, LOG_LEVEL, …) reaches every node as it is. Ctrl-C stops them all.
 */
const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
  },
});
const count = Number(values.nodes);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1) throw new Error('--nodes must be a whole number ≥ 1');

const root = path.resolve(import.meta.dirname, '..');
const host = process.env.HOST ?? '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fleetdesk';
if (!databaseUrl.startsWith('postgres')) {
  // PGlite is one process's database: a second node could not open it.
  throw new Error('A cluster needs PostgreSQL: set DATABASE_URL=postgres://…');
}
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const demoData = process.env.DEMO_DATA ?? '0';
const publicUrl = process.env.PUBLIC_URL ?? `http://${host}:${port}`;

await createDatabaseIfMissing(databaseUrl);
const sharedEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  MQTT_URL: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883',
  DATA_DIR: dataDir,
  SECRETS_KEY: process.env.SECRETS_KEY || sharedSecretsKey(dataDir),
  PUBLIC_URL: publicUrl,
  // Every request reaches the nodes through the proxy: the client's address is in X-Forwarded-For.
  TRUST_PROXY: '1',
  HOST: '127.0.0.1',
};

const children = [];
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));
const targets = [];
for (let i = 1; i <= count; i++) {
  const name = `node${i}`;
  const first = i === 1;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...sharedEnv,
      PORT: String(port + i),
      NODE_NAME: name,
      DEMO_DATA: first ? demoData : '0',
      SIMULATOR: first ? (process.env.SIMULATOR ?? demoData) : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixLines(child.stdout, process.stdout, name);
  prefixLines(child.stderr, process.stderr, name);
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[${name}] exited (${signal ?? code}); the proxy skips it`);
  });
  children.push(child);
  targets.push(`http://127.0.0.1:${port + i}`);
  // The first node migrates and creates the account (and the demo data) before the others start: a node started
  // without DEMO_DATA that won the bootstrap lock would leave the cluster without it.
  if (first) await waitHealthy(targets[0], child);
}
await Promise.all(targets.slice(1).map((url, i) => waitHealthy(url, children[i + 1])));
await startProxy({ port, host, targets });

console.log(`\nFleetdesk cluster: ${count} node(s) behind http://${host}:${port}/`);
for (const [i, url] of targets.entries()) console.log(`  node${i + 1}  ${url}/`);
console.log(`database ${redact(databaseUrl)}, broker ${sharedEnv.MQTT_URL}, files in ${dataDir}\n`);

/** SIGTERM to every node (each finishes its requests and closes), then out. */
async function stop(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping ${children.length} node(s)`);
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}

async function waitHealthy(url, child) {
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (child.exitCode !== null) {
      await stop(`${url} failed to start`, 1);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer /api/health within 3 minutes`);
}

/** DATA_DIR/secrets.key, made once (`wx`: if two starts race, the first file wins). */
function sharedSecretsKey(dir) {
  const file = path.join(dir, 'secrets.key');
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

async function createDatabaseIfMissing(url) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    // 3D000: no such database. Anything else (a wrong password, no server) is the operator's to see.
    if (error.code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
    console.log(`created database ${name}`);
  } finally {
    await client.end();
  }
}

function prefixLines(from, to, name) {
  let rest = '';
  from.setEncoding('utf8').on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) to.write(`[${name}] ${line}\n`);
  });
}

function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
