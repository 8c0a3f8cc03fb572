import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

/** Starts the real server process and collects what it prints. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'fd-')),
      // Its own embedded MQTT broker on a free port: test files run side by side.
      MQTT_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Generous: start-up compiles TypeScript, boots the WASM database and seeds the demo fleet, and CI machines
  // are often busy; a healthy start takes a few seconds.
  const printed = async (pattern: RegExp, ms = 90_000) => {
    const until = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, printed, output: () => output };
}

const stop = (child: ChildProcess) => child.exitCode === null && child.kill('SIGKILL');

describe('server process', () => {
  it('starts, seeds the owner, prints the demo login and shuts down cleanly on SIGTERM', async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const server = startServer({ PORT: port, ADMIN_PASSWORD: 'lifecycle-pass', DEMO_DATA: '1' });
    try {
      await server.printed(/running at/);
      expect(server.output()).toContain('Demo login: owner@fleetdesk.local / lifecycle-pass');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', db: 'pglite' });
      const config = await fetch(`http://127.0.0.1:${port}/config.js`);
      expect(await config.text()).toContain('window.__FLEETDESK_CONFIG__');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      stop(server.child);
    }
  }, 120_000);

  it('refuses to start on an empty database without ADMIN_PASSWORD', async () => {
    const env = { ...process.env };
    delete env.ADMIN_PASSWORD;
    const server = startServer({ PORT: '0' });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('set ADMIN_PASSWORD');
    } finally {
      stop(server.child);
    }
  }, 60_000);
});
