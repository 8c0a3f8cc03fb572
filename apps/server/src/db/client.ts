import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type Config, POSTGRES_POOL_SIZE } from '../config.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type repos see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * `COPY (…) TO STDOUT` as the raw bytes PostgreSQL sends, for bulk reads that would cost more as rows in the
   * driver than in the query (GBFS vehicle_status). PostgreSQL only: PGlite has no COPY to the client. COPY
   * takes no parameters: the statement must carry only literals the caller has checked.
   */
  copyOut?(statement: string): AsyncIterable<Buffer>;
  /**
   * LISTEN on `channel` over a connection of its own; answers how to stop. PostgreSQL only: PGlite is one process,
   * which has no one else to hear from. A lost connection is re-opened every second; `onGap` runs when it is lost and
   * again once it is back, since whatever was sent meanwhile is gone.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
}

export const migrationsFolder = new URL('./migrations', import.meta.url).pathname;
/** Arbitrary constant: serialises migrations when several API instances start together. */
const MIGRATION_LOCK = 7_231_001;

/** Opens PGlite (in DATA_DIR or in memory) or a node-postgres pool, per DATABASE_URL. */
export async function openDatabase(
  config: Config['database'],
  /**
   * An in-memory PGlite may start from a dumped data directory (tests start from a migrated one). A PostgreSQL pool
   * other than the API's (the trip builder's thread) gives its size and name.
   */
  opts: { loadDataDir?: Blob; poolSize?: number; applicationName?: string } = {},
): Promise<Database & { dump?: () => Promise<Blob> }> {
  if (config.kind === 'pglite') {
    if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
      close: () => client.close(),
      dump: () => client.dumpDataDir('none'),
    };
  }
  // JIT off: our statements are short, but a batched read (a JSON list joined laterally to an index range) is
  // estimated at millions of rows, and PostgreSQL spent 170 ms compiling each one that ran in 1 ms — a third of the
  // database's time during bench:ingest went to the trip builder's JIT (docs/performance.md).
  // Synchronized seq scans off: a scan that joins another one mid-table returns the rows rotated, and the public
  // GBFS vehicle_status (built in parallel parts) must come out in the same order while its data is unchanged,
  // so that its ETag holds (docs/decisions.md "GBFS").
  const pool = new pg.Pool({
    connectionString: config.url,
    max: opts.poolSize ?? POSTGRES_POOL_SIZE,
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
    options: '-c jit=off -c synchronize_seqscans=off',
  });
  // An idle connection the server ends (a restart, a terminated backend) is an 'error' on the pool: without a
  // listener Node would crash the whole process over a connection the pool simply replaces.
  pool.on('error', (error) => console.warn(`database connection closed by the server: ${error.message}`));
  // A connection checked out of the pool (a transaction between two statements) has no pool listener: its 'error'
  // crashed the process when PostgreSQL restarted (test/cluster/faults-postgres.test.ts). Its next statement fails
  // with the connection error instead, which the caller sees (ingest waits for the database and tries again).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, onNotify, onGap) => listenOn(config.url, channel, onNotify, onGap),
    async *copyOut(statement: string) {
      const client = await pool.connect();
      let done = false;
      try {
        for await (const chunk of client.query(copyTo(statement))) yield chunk as Buffer;
        done = true;
      } finally {
        // A COPY left half-read (an error, a consumer that stopped) leaves the connection mid-protocol: drop it.
        client.release(done ? undefined : true);
      }
    },
  };
}

const LISTEN_RETRY_MS = 1000;

async function listenOn(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    client.end().catch(() => undefined);
    if (closed) return;
    onGap();
    reconnectLater();
  };
  const connect = async () => {
    // Named, so an operator (or a test) can tell it in pg_stat_activity. TCP keep-alive: a connection that died
    // without a word (a network cut) would otherwise go on looking alive and hear nothing.
    const client = new pg.Client({
      connectionString: url,
      application_name: `fleetdesk-listen-${channel}`,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    // Errors of a connection that is not (or no longer) the current one are that connection's end, nothing more.
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
  };
  const reconnectLater = () => {
    retry = setTimeout(async () => {
      if (closed) return;
      try {
        await connect();
        onGap();
      } catch {
        reconnectLater();
      }
    }, LISTEN_RETRY_MS);
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/** Cheap liveness probe used by /health. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
