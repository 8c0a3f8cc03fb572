import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './nodes.ts';

/**
 * A PostgreSQL server of the test's own, to restart under load without touching the shared one: initdb in a
 * temporary directory (as the postgres user when the test runs as root: initdb refuses root), trust auth.
 */
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  url: string;
  /**
   * Stops the server in the given mode, keeps it down `pauseMs`, starts it again; answers how long it refused
   * connections (ms, approximately).
   */
  restart(mode?: 'fast' | 'immediate', pauseMs?: number): Promise<number>;
  destroy(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync('/tmp/fleetdesk-pg-');
  const asRoot = userInfo().uid === 0;
  const pgUser = (args: string[]) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];
  const run = (args: string[]) => {
    const [cmd, rest] = pgUser(args) as [string, string[]];
    execFileSync(cmd, rest, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'log');
  const port = await freePort();
  const ctl = (...args: string[]) =>
    run([path.join(BIN, 'pg_ctl'), '-D', data, '-l', logFile, '-o', `-p ${port} -k /tmp -c fsync=off`, '-w', ...args]);
  try {
    run([path.join(BIN, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    ctl('start');
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(mode = 'fast', pauseMs = 0) {
      const started = Date.now();
      ctl('stop', '-m', mode);
      await new Promise((r) => setTimeout(r, pauseMs));
      ctl('start');
      return Date.now() - started;
    },
    destroy() {
      try {
        ctl('stop', '-m', 'immediate');
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
