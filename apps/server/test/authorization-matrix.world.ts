import { randomUUID } from 'node:crypto';
import { appPermissions, type Endpoint, pathOf, webPermissions } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { seed } from '../src/db/seed/builders.ts';
import { call, multipartFile, PASSWORD, type TestContext } from './harness.ts';

/** One call of the matrix: the endpoint's path parameters, query string and body (or an uploaded file). */
export interface MatrixRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  file?: { content: Buffer; filename: string; type: string; field?: string };
  /** The answer is a server-sent event stream: it is read up to its first event, then let go. */
  stream?: boolean;
}

export interface MatrixUser {
  id: string;
  token: string;
  /** The user's one role, which holds exactly their permissions. */
  roleId: string;
}

const APP_PREFIX = 'app:';

/** Sends one matrix request through the whole HTTP pipeline. */
export async function send(
  t: TestContext,
  e: Endpoint,
  request: MatrixRequest,
  token?: string,
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  const url = `${pathOf(e.path, request.params)}${search ? `?${search}` : ''}`;
  if (request.file) {
    const { payload, contentType } = await multipartFile(request.file, request.file.field);
    return t.app.inject({
      method: e.method,
      url: `/api${url}`,
      payload,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  }
  if (request.stream) return firstEvent(t, e.method, url, request.body, token);
  return call(t.app, e.method, url, { token, body: request.body });
}

/** How long a stream may take to send its first event. */
const FIRST_EVENT_MS = 5000;

/**
 * A stream stays open for minutes: its answer is what came up to the end of its first event. A refusal is an
 * ordinary response that ends at once.
 */
async function firstEvent(
  t: TestContext,
  method: Endpoint['method'],
  url: string,
  body: unknown,
  token: string | undefined,
): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
    payloadAsStream: true,
  });
  const stream = res.stream();
  let text = '';
  let event = false;
  const deadline = setTimeout(() => stream.destroy(), FIRST_EVENT_MS);
  try {
    for await (const chunk of stream) {
      text += String(chunk);
      const start = text.lastIndexOf('event: ');
      event = start >= 0 && text.indexOf('\n\n', start) >= 0;
      if (event) break;
    }
  } catch {
    // Destroyed at the deadline: the caller judges what arrived.
  } finally {
    clearTimeout(deadline);
    stream.destroy();
  }
  return {
    // A stream that sent no event in time reads as a gateway timeout, so an expectation on it cannot pass.
    statusCode: res.statusCode === 200 && !event ? 504 : res.statusCode,
    headers: res.headers,
    body: text,
    payload: text,
    json: () => JSON.parse(text),
  } as unknown as LightMyRequestResponse;
}

/**
 * Staff users made for the matrix: web permissions go into the role's permissions, `app:` ones into its
 * operation-app permissions (the guard only honours them from there). Users are cached by what they hold.
 */
export function matrixUsers(t: TestContext) {
  const cache = new Map<string, Promise<MatrixUser>>();
  let counter = 0;
  async function create(permissions: readonly string[], scope: '*' | string[]): Promise<MatrixUser> {
    counter += 1;
    const { db } = t.database;
    const web = permissions.filter((p) => !p.startsWith(APP_PREFIX));
    const app = permissions.filter((p) => p.startsWith(APP_PREFIX)).map((p) => p.slice(APP_PREFIX.length));
    const role = await seed.role(db, { title: `matrix role ${counter}`, permissions: web, appPermissions: app });
    const username = `matrix${counter}-${randomUUID().slice(0, 6)}`;
    const email = `${username}@test.local`;
    const { id } = await seed.user(db, {
      username,
      email,
      password: PASSWORD,
      partnerScope: scope,
      roleIds: [role.id],
    });
    return { id, token: await t.login(email), roleId: role.id };
  }
  const everyPermission = [...webPermissions, ...appPermissions.map((p) => `${APP_PREFIX}${p}`)];
  return {
    /** A user holding exactly these permissions with this scope (one per distinct pair). */
    with(permissions: readonly string[], scope: '*' | string[]): Promise<MatrixUser> {
      const key = JSON.stringify([[...permissions].sort(), scope]);
      let user = cache.get(key);
      if (!user) {
        user = create(permissions, scope);
        cache.set(key, user);
      }
      return user;
    },
    /** Changes what a matrix user holds, through the role API as the owner (the next request sees it). */
    async setPermissions(user: MatrixUser, permissions: readonly string[]) {
      const res = await call(t.app, 'PUT', `/account/roles/${user.roleId}`, {
        token: t.owner.token,
        body: {
          title: `matrix role of ${user.id}`.slice(0, 60),
          permissions: permissions.filter((p) => !p.startsWith(APP_PREFIX)),
          appPermissions: permissions.filter((p) => p.startsWith(APP_PREFIX)).map((p) => p.slice(APP_PREFIX.length)),
        },
      });
      if (res.statusCode !== 200) throw new Error(`role update failed: ${res.body}`);
    },
    /** A new user every time (for calls that end the caller's session). */
    fresh: create,
    everyPermission,
    /** Every permission of the catalogue (web and app) but base:admin, except the given ones. */
    allBut(excluded: readonly string[]): string[] {
      const out = new Set(excluded);
      return everyPermission.filter((p) => !out.has(p));
    },
  };
}

/**
 * Columns a refused call may still write: the guard records when the caller's session and the caller were last
 * active (`last_used_at`, `last_active_time`, at most once a minute).
 */
const activityColumns: Record<string, string[]> = {
  sessions: ['last_used_at'],
  users: ['last_active_time'],
};

/**
 * Every write to every table, counted by triggers as it happens: an insert, a delete, a truncate, or an update
 * that changes a row (its activity columns aside, so an update that changes no count — a rename, a disable —
 * shows too). A snapshot is then one small read. Digesting every table's rows instead cost half of this file's
 * run time: ~900 snapshots of 150 ms. Once per database: test files may share this module (the api project runs
 * without isolation).
 */
const installed = new WeakMap<object, Promise<void>>();

function installWriteCounters(t: TestContext): Promise<void> {
  const done = installed.get(t.database);
  if (done) return done;
  const installing = (async () => {
    const { db } = t.database;
    const tables = rowsOf<{ name: string }>(
      await db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    ).map((r) => r.name);
    await db.execute(sql`create table matrix_writes (table_name text primary key, n bigint not null)`);
    await db.execute(
      sql.raw(`create function matrix_note_write() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and (to_jsonb(new) - coalesce(tg_argv, '{}')) = (to_jsonb(old) - coalesce(tg_argv, '{}')) then
            return null;
          end if;
          insert into matrix_writes values (tg_table_name, 1)
            on conflict (table_name) do update set n = matrix_writes.n + 1;
          return null;
        end $$`),
    );
    for (const name of tables) {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const ignored = (activityColumns[name] ?? []).map((c) => `'${c}'`).join(', ');
      await db.execute(
        sql.raw(`create trigger matrix_note_write after insert or update or delete on ${quoted}
          for each row execute function matrix_note_write(${ignored})`),
      );
      await db.execute(
        sql.raw(`create trigger matrix_note_truncate after truncate on ${quoted}
          for each statement execute function matrix_note_write()`),
      );
    }
  })();
  installed.set(t.database, installing);
  return installing;
}

/** How many writes each table has had (see installWriteCounters); compare two with changedTables. */
export async function snapshot(t: TestContext): Promise<Map<string, string>> {
  await installWriteCounters(t);
  const rows = rowsOf<{ name: string; n: string }>(
    await t.database.db.execute(sql`select table_name as name, n::text as n from matrix_writes`),
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}

/** The tables whose state differs between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}

/** drizzle answers `execute` with `{ rows }` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
