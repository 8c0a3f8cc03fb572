import { randomUUID } from 'node:crypto';
import type { Endpoint, Requirement } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Case,
  type Fixture,
  fixtures,
  type Outcome,
  sharedCases,
  type World,
  world,
} from './authorization-matrix.fixtures.ts';
import { changedTables, type MatrixRequest, matrixUsers, send, snapshot } from './authorization-matrix.world.ts';
import { contractEndpoints, keyOf } from './contract-endpoints.ts';
import { createTestContext, type TestContext } from './harness.ts';

/**
 * The authorization matrix (issue 20 "Proof"): every endpoint the contracts declare × {no token, a user without
 * the permission, a user with it scoped to another partner, a user with it and the right scope}. Refused calls
 * must write nothing. Every mismatch is collected and reported at once; new endpoints take part automatically
 * (and fail until the fixture table says how to call them).
 */

type Column = 'no token' | 'no permission' | 'all but the required' | 'other partner' | 'own scope';

/** Routes that are not contract endpoints: the API's own documentation and the public file server. */
const NON_CONTRACT_ROUTES = new Set(['GET /api/openapi.json', 'GET /api/files/:folder/:name']);
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/** Endpoints whose refusals share one pair of snapshots (a write among them is then traced call by call). */
const REFUSALS_PER_SNAPSHOT = 8;

/** A syntactically valid value for each `:param` (a uuid, an asset number, the first value of an enum). */
function dummyParams(e: Endpoint): Record<string, string> {
  const names = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  const shape = e.params instanceof z.ZodObject ? (e.params.shape as Record<string, z.ZodType>) : {};
  const out: Record<string, string> = {};
  for (const name of names) {
    const schema = shape[name];
    const enumValues = schema instanceof z.ZodEnum ? (schema.options as string[]) : [];
    const candidates = [randomUUID(), 'ZZ90000001', '1', ...enumValues];
    out[name] = candidates.find((c) => !schema || schema.safeParse(c).success) ?? randomUUID();
  }
  return out;
}

/** Every permission any alternative of the requirement names. */
const named = (requirement: Requirement) => [...new Set(requirement.flat())];

interface Mismatch {
  column: Column;
  endpoint: string;
  expected: string;
  got: string;
}

const describeOutcome = (o: Outcome) =>
  typeof o === 'string' ? o : 'listed' in o ? (o.listed ? 'listed' : 'not listed') : `${o.status} ${o.code}`;
const describeResponse = (res: LightMyRequestResponse) => {
  const code = res.statusCode >= 400 ? ` ${safeCode(res)}` : '';
  return `${res.statusCode}${code}`;
};
function safeCode(res: LightMyRequestResponse): string {
  try {
    return String(res.json<{ code?: string }>().code);
  } catch {
    return '(no json)';
  }
}

describe('authorization matrix', () => {
  let t: TestContext;
  let w: World;
  let users: ReturnType<typeof matrixUsers>;
  const endpoints = contractEndpoints();
  const mismatches: Mismatch[] = [];
  const runs = new Map<Column, number>();
  const todos: string[] = [];

  beforeAll(async () => {
    t = await createTestContext({ CLIENT_LINK_URL: 'https://ride.example.com/app' });
    users = matrixUsers(t);
    w = await world(t, (scope) => users.fresh(users.everyPermission, scope));
  }, 120_000);
  afterAll(() => t?.close());

  const counted = (column: Column) => runs.set(column, (runs.get(column) ?? 0) + 1);

  interface Refusal {
    column: Column;
    e: Endpoint;
    /** How the mismatch names the call: the endpoint, and the case when it is not the endpoint's own. */
    label?: string;
    request: MatrixRequest;
    token: string | undefined;
    outcome: Outcome;
  }

  /**
   * Runs calls that must be refused: each gets its expected status and code, and no table may change. One
   * snapshot around the group keeps the run short; when something was written, each call is run again alone to
   * name the one that wrote (or the group, when a repeat writes nothing more).
   */
  async function refused(...calls: Refusal[]) {
    const before = await snapshot(t);
    for (const r of calls) {
      counted(r.column);
      check(r.column, r.label ?? keyOf(r.e), await send(t, r.e, r.request, r.token), r.outcome);
    }
    const changed = changedTables(before, await snapshot(t));
    if (!changed.length) return;
    let named = false;
    for (const r of calls) {
      const alone = await snapshot(t);
      await send(t, r.e, r.request, r.token);
      const wrote = changedTables(alone, await snapshot(t));
      if (wrote.length) {
        named = true;
        mismatches.push({
          column: r.column,
          endpoint: r.label ?? keyOf(r.e),
          expected: 'nothing written',
          got: `wrote ${wrote.join(', ')}`,
        });
      }
    }
    const first = calls[0];
    if (!named && first) {
      const columns = calls.map((r) => r.column).join(' / ');
      mismatches.push({
        column: first.column,
        endpoint: first.label ?? keyOf(first.e),
        expected: `nothing written (${columns})`,
        got: `wrote ${changed.join(', ')}`,
      });
    }
  }

  function check(column: Column, label: string, res: LightMyRequestResponse, o: Outcome, marker?: string) {
    const got = describeResponse(res);
    const fail = (expected: string, detail = got) =>
      mismatches.push({ column, endpoint: label, expected, got: detail });
    if (o === 'success') {
      if (res.statusCode < 200 || res.statusCode > 299) fail('2xx', `${got} ${res.body.slice(0, 200)}`);
    } else if (o === 'not forbidden') {
      if (res.statusCode === 401 || res.statusCode === 403) fail('neither 401 nor 403');
    } else if ('listed' in o) {
      if (res.statusCode !== 200) return fail(`200 ${o.listed ? 'listing' : 'without'} partner A's object`);
      if (marker === undefined) return fail('a marker for the listed object', 'none given by the fixture');
      if (res.body.includes(marker) !== o.listed)
        fail(o.listed ? 'listed' : 'not listed', o.listed ? 'missing' : 'listed');
    } else {
      const code = res.statusCode >= 400 ? safeCode(res) : undefined;
      if (res.statusCode !== o.status || (o.code !== undefined && code !== o.code)) {
        fail(describeOutcome(o), `${got} ${res.body.slice(0, 160)}`);
      }
    }
  }

  it('finds every route of the server in the contracts, and every contract endpoint among the routes', () => {
    const routes = new Set(
      t.app.routeTable
        .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !isDocsRoute(r.url))
        .map((r) => `${r.method} ${r.url}`)
        .filter((r) => !NON_CONTRACT_ROUTES.has(r)),
    );
    const declared = new Set(endpoints.map((e) => `${e.method} /api${e.path}`));
    expect(
      [...routes].filter((r) => !declared.has(r)),
      'routes without a contract endpoint',
    ).toEqual([]);
    expect(
      [...declared].filter((d) => !routes.has(d)),
      'contract endpoints without a route',
    ).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(200);
  });

  it('gives every endpoint an entry in the fixture table', () => {
    const missing = endpoints.filter((e) => !fixtures[keyOf(e)]).map((e) => `no fixture for ${keyOf(e)}`);
    const stale = Object.keys(fixtures).filter((k) => !endpoints.some((e) => keyOf(e) === k));
    expect(missing).toEqual([]);
    expect(stale, 'fixtures for endpoints that no longer exist').toEqual([]);
  });

  it('sees a write the way a refused call would make one, and not an update that changes nothing', async () => {
    const { db } = t.database;
    const before = await snapshot(t);
    await db.execute(sql`update partners set name = name || '.' where id = ${w.partnerA}`);
    await db.execute(sql`update partners set name = rtrim(name, '.') where id = ${w.partnerA}`);
    const renamed = await snapshot(t);
    expect(changedTables(before, renamed)).toEqual(['partners']);
    await db.execute(sql`update partners set name = name where id = ${w.partnerA}`);
    await db.execute(sql`update sessions set last_used_at = now()`);
    expect(changedTables(renamed, await snapshot(t))).toEqual([]);
  });

  it('refuses every guarded endpoint without a token (401) and without the permission (403)', async () => {
    const nobody = await users.with([], '*');
    const guarded: Endpoint[] = [];
    for (const e of endpoints) {
      if (e.requires === 'public') continue;
      const request: MatrixRequest = { params: dummyParams(e), body: e.body ? {} : undefined };
      const noToken: Refusal = {
        column: 'no token',
        e,
        request,
        token: undefined,
        outcome: { status: 401, code: 'Unauthorized' },
      };
      if (e.requires === 'agency') {
        // The MDS Provider API takes an agency client's token, never a staff session: a staff caller is refused
        // as one without a token. What agencies see is tested in modules/mds/mds.test.ts.
        await refused(noToken, { ...noToken, column: 'no permission', token: nobody.token });
        continue;
      }
      const entry = fixtures[keyOf(e)];
      const fixture = entry && !('todo' in entry) ? entry : undefined;
      if (e.requires.length === 0) {
        // Any signed-in user passes the guard; a fixture may still say the call needs a permission in the service.
        const o = fixture?.noPermission ?? 'not forbidden';
        if (o === 'not forbidden') {
          await refused(noToken);
          counted('no permission');
          // Logging out would end the session every other call of this column uses.
          const token = keyOf(e) === 'POST /account/auth/logout' ? (await users.fresh([], '*')).token : nobody.token;
          check('no permission', keyOf(e), await send(t, e, request, token), o);
        } else {
          const built = fixture?.build ? await fixture.build(w) : { request };
          await refused(noToken, {
            column: 'no permission',
            e,
            request: built.request,
            token: nobody.token,
            outcome: o,
          });
        }
        continue;
      }
      guarded.push(e);
    }
    // One user whose role is set, requirement by requirement, to every permission but the required ones; the
    // refusals of a requirement's endpoints then share one snapshot before and after (a few at a time).
    const allBut = await users.fresh([], '*');
    const byRequirement = new Map<string, Endpoint[]>();
    for (const e of guarded) {
      const key = JSON.stringify(named(e.requires as Requirement).sort());
      byRequirement.set(key, [...(byRequirement.get(key) ?? []), e]);
    }
    const forbidden = { status: 403, code: 'Forbidden' };
    for (const [key, group] of byRequirement) {
      await users.setPermissions(allBut, users.allBut(JSON.parse(key) as string[]));
      for (let i = 0; i < group.length; i += REFUSALS_PER_SNAPSHOT) {
        const refusals = group.slice(i, i + REFUSALS_PER_SNAPSHOT).flatMap((e): Refusal[] => {
          const request: MatrixRequest = { params: dummyParams(e), body: e.body ? {} : undefined };
          return [
            { column: 'no token', e, request, token: undefined, outcome: { status: 401, code: 'Unauthorized' } },
            { column: 'no permission', e, request, token: nobody.token, outcome: forbidden },
            { column: 'all but the required', e, request, token: allBut.token, outcome: forbidden },
          ];
        });
        await refused(...refusals);
      }
    }
  }, 600_000);

  it('applies the partner scope: another partner refused or hidden, nothing written; the right scope succeeds', async () => {
    const otherPartner = await users.with(users.everyPermission, [w.partnerB]);
    const ownPartner = await users.with(users.everyPermission, [w.partnerA]);
    const allPartners = await users.with(users.everyPermission, '*');
    async function scoped(e: Endpoint, fixture: Fixture, label: string) {
      if ('todo' in fixture) {
        todos.push(`${label}: ${fixture.todo}`);
        return;
      }
      if (!fixture.build) return;
      let built: Case;
      try {
        built = await fixture.build(w);
      } catch (error) {
        mismatches.push({ column: 'other partner', endpoint: label, expected: 'a fixture', got: String(error) });
        return;
      }
      const o = fixture.otherPartner;
      if (o === 'success' || o === 'not forbidden' || (o && 'listed' in o)) {
        counted('other partner');
        check('other partner', label, await send(t, e, built.request, otherPartner.token), o, built.marker);
      } else if (o) {
        await refused({
          column: 'other partner',
          e,
          label,
          request: built.request,
          token: otherPartner.token,
          outcome: o,
        });
      }
      const own = fixture.ownScope === '*' ? allPartners : built.ownUser ? await built.ownUser() : ownPartner;
      counted('own scope');
      check('own scope', label, await send(t, e, built.request, own.token), fixture.own ?? 'success', built.marker);
    }
    for (const e of endpoints) {
      const fixture = fixtures[keyOf(e)];
      if (fixture) await scoped(e, fixture, keyOf(e));
    }
    const byKey = new Map(endpoints.map((e) => [keyOf(e), e]));
    for (const c of sharedCases) {
      const e = byKey.get(c.endpoint);
      if (!e) {
        mismatches.push({ column: 'other partner', endpoint: c.endpoint, expected: 'an endpoint', got: 'none' });
        continue;
      }
      await scoped(e, c.fixture, `${c.endpoint} (${c.name})`);
    }
  }, 600_000);

  it('prints the combinations it ran and fails on any mismatch', () => {
    const total = [...runs.values()].reduce((a, b) => a + b, 0);
    const lines = [...runs.entries()].map(([column, n]) => `  ${column}: ${n}`);
    console.log(
      [
        `authorization matrix: ${endpoints.length} endpoints, ${total} combinations`,
        ...lines,
        `  endpoints without a scope fixture yet (todo): ${todos.length}`,
        ...todos.map((x) => `    todo ${x}`),
        `  mismatches: ${mismatches.length}`,
      ].join('\n'),
    );
    expect(mismatches.map((m) => `[${m.column}] ${m.endpoint}: expected ${m.expected}, got ${m.got}`)).toEqual([]);
  });
});
