import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../harness.ts';
import { buildServer, freePort, MOSQUITTO_URL, OWNER_EMAIL, PASSWORD } from './nodes.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * `npm run start:cluster -- --nodes 2` as an operator runs it (scripts/start-cluster.mjs, the compiled nodes and
 * the Node proxy): a sign-in through the proxy works on each node, the live map's event stream comes through the
 * proxy as it is sent, and SIGTERM to the script stops every node.
 */
describe('npm run start:cluster', () => {
  let script: ChildProcess;
  let output = '';
  let port: number;
  let dataDir: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    buildServer();
    const db = await freshPostgresDatabase();
    drop = db.drop;
    port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-start-cluster-'));
    // No SECRETS_KEY: the script makes DATA_DIR/secrets.key and hands it to both nodes.
    const { SECRETS_KEY: _, ...inherited } = process.env;
    script = spawn(process.execPath, ['scripts/start-cluster.mjs', '--nodes=2', `--port=${port}`], {
      cwd: root,
      env: {
        ...inherited,
        DATABASE_URL: db.url,
        MQTT_URL: MOSQUITTO_URL,
        MQTT_TOPIC_ROOT: `cluster-${randomUUID().slice(0, 8)}`,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: OWNER_EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const keep = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Fleetdesk cluster:')) resolve();
      };
      script.stdout?.on('data', keep);
      script.stderr?.on('data', keep);
      script.once('exit', (code) => reject(new Error(`start-cluster exited with ${code}:\n${output}`)));
    });
  });
  afterAll(async () => {
    if (script?.exitCode === null) script.kill('SIGKILL');
    await drop?.();
  });

  it('serves both nodes through the proxy, streams events unbuffered, and stops every node on SIGTERM', async () => {
    const proxy = `http://127.0.0.1:${port}/api`;
    const nodes = [1, 2].map((i) => `http://127.0.0.1:${port + i}/api`);
    const login = await fetch(`${proxy}/account/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER_EMAIL, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const statuses = await Promise.all(
      nodes.map(async (node) => (await fetch(`${node}/account/users/$me/profile`, { headers })).status),
    );

    // The stream's first event is the viewport's snapshot; the response stays open, so it arrives only if the
    // proxy passes it on without waiting for the end.
    const started = Date.now();
    const stream = await fetch(`${proxy}/asset/assets/$map-live`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ viewport: { west: 9, south: 45.3, east: 9.4, north: 45.6 }, zoom: 11 }),
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    while (!received.includes('event: snapshot')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    const firstEventMs = Date.now() - started;
    await reader.cancel();

    script.kill('SIGTERM');
    const code = await new Promise((resolve) => script.once('exit', resolve));
    const stillUp = await Promise.all(
      nodes.map((node) =>
        fetch(`${node}/health`).then(
          () => true,
          () => false,
        ),
      ),
    );
    console.log(
      `start:cluster: profile on node1/node2 ${statuses.join('/')}, ${stream.headers.get('content-type')} first event after ${firstEventMs} ms, SIGTERM → exit ${code}, nodes still up ${stillUp.join('/')}, secrets.key made ${existsSync(path.join(dataDir, 'secrets.key'))}`,
    );
    expect(statuses).toEqual([200, 200]);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(received).toContain('event: snapshot');
    expect(code).toBe(0);
    expect(stillUp).toEqual([false, false]);
    expect(existsSync(path.join(dataDir, 'secrets.key'))).toBe(true);
  });
});
