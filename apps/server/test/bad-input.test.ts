import type { Endpoint } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changedTables, snapshot } from './authorization-matrix.world.ts';
import { contractEndpoints, keyOf } from './contract-endpoints.ts';
import { createTestContext, type TestContext } from './harness.ts';

/**
 * Generated bad input over every endpoint of the contracts (issue 26 "Proof"). For each endpoint fast-check makes
 * requests that its own zod schemas refuse — wrong types, empty, huge and NUL strings, unicode edge cases (lone
 * surrogates, right-to-left marks, combining marks), SQL and path fragments, huge and non-integral numbers, deep
 * nesting, unknown keys, a whole body of the wrong kind — and sends them through the whole HTTP pipeline with the
 * owner's token. Every answer must be a 4xx in the `{code,message,data}` shape with no stack trace or SQL in it,
 * and the database must not change. `npm test` sends 1,000 (about 10 s); `npm run test:fuzz` sends 20,000 (FUZZ_SEED
 * picks another sample). The counts are printed.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
/** Endpoints whose refusals share one pair of database snapshots. */
const ENDPOINTS_PER_SNAPSHOT = 12;

const deep = (depth: number, leaf: unknown, wrap: (inner: unknown) => unknown) => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

const badStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(100_000),
  '🚲💥'.repeat(3000),
  '\uD800',
  'ab\uDFFFcd',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '\t\r\n',
  "'; drop table users; --",
  '1 or 1=1',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '9'.repeat(400),
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '2026-13-45T25:61:00Z',
  '0000-00-00',
  'null',
  '{"a":1}',
  '%00',
  '00000000-0000-0000-0000-00000000000g',
];
const badValues = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 63),
  [],
  {},
  [1, 'a', null],
  deep(2000, 'x', (inner) => [inner]),
  deep(2000, 1, (inner) => ({ a: inner })),
  ...badStrings,
];
const badValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...badValues) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt().map((n) => Number(n)) },
);
const badText = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...badStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
);

const shapeOf = (schema: z.ZodType | undefined): string[] => {
  let inner: unknown = schema;
  // Unwrap the wrappers contracts use around an object (optional, pipes, effects) to reach its keys.
  for (let i = 0; i < 5 && inner && !(inner instanceof z.ZodObject); i++) {
    const def = (inner as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    inner = def?.innerType ?? def?.in ?? def?.schema;
  }
  return inner instanceof z.ZodObject ? Object.keys(inner.shape as object) : [];
};

interface BadRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** Bad requests for one endpoint; `refused` when one of its own schemas refuses it. */
function candidatesFor(e: Endpoint): fc.Arbitrary<BadRequest> {
  const paramNames = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  const queryKeys = [...shapeOf(e.query), 'unknownKey'];
  const bodyKeys = [...shapeOf(e.body), 'unknownKey'];
  const params =
    paramNames.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(paramNames.map((name) => [name, badText])) as Record<string, typeof badText>);
  const query = e.query
    ? fc.dictionary(fc.constantFrom(...queryKeys), badText, { maxKeys: 3 })
    : fc.constant({} as Record<string, string>);
  const body = e.body
    ? fc.oneof(fc.dictionary(fc.constantFrom(...bodyKeys), badValue, { minKeys: 1, maxKeys: 4 }), badValue)
    : fc.constant(undefined);
  return fc
    .record({ params, query, body })
    .map((r) => ({ ...r, body: r.body === undefined ? undefined : JSON.parse(JSON.stringify(r.body) ?? 'null') }));
}

const refusedBySchema = (e: Endpoint, r: BadRequest) =>
  (e.params !== undefined && !e.params.safeParse(r.params).success) ||
  (e.query !== undefined && !e.query.safeParse(r.query).success) ||
  (e.body !== undefined && !e.body.safeParse(r.body).success);

/**
 * `count` requests for one endpoint, those its schemas refuse first. Some schemas take any string on purpose (the
 * MDS parameters are checked by the MDS service, to answer in MDS's own error format): their requests are kept too,
 * for reads only, and must then be answered below 500 without a leak. (A `filter` on refusal never ended for them.)
 */
function requestsFor(e: Endpoint, count: number, seed: number): { request: BadRequest; refused: boolean }[] {
  const candidates = fc
    .sample(candidatesFor(e), { numRuns: count * 4, seed })
    .map((request) => ({ request, refused: refusedBySchema(e, request) }));
  const refused = candidates.filter((c) => c.refused);
  if (refused.length >= count || e.method !== 'GET') return refused.slice(0, count);
  return [...refused, ...candidates.filter((c) => !c.refused)].slice(0, count);
}

/** A lone surrogate cannot be percent-encoded in a URL; it travels as U+FFFD, as a browser would send it. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const pathWith = (e: Endpoint, params: Record<string, string>) =>
  `/api${e.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(wellFormed(params[name] ?? 'x')))}`;

/** What must never reach a client: a stack frame, a source path, SQL or a driver's words. */
const LEAK =
  /\bat .+\.(ts|js):\d+|node_modules|\/src\/|\bselect\b[\s\S]+\bfrom\b|\binsert into\b|\bupdate \w+ set\b|syntax error at|violates .* constraint|DrizzleQueryError/i;

describe('generated bad input on every endpoint', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    // The owner's session is not touched (a write) during the run: it was used "now" for the next day.
    await t.database.db.execute(sql`update sessions set last_used_at = now() + interval '1 day'`);
  }, 120_000);
  afterAll(() => t.close());

  it(`refuses every request with a 4xx in the error shape, leaks nothing and writes nothing`, async () => {
    const endpoints = contractEndpoints().filter((e) => e.params || e.query || e.body);
    const perEndpoint = Math.max(1, Math.ceil(REQUESTS / endpoints.length));
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    let accepted = 0;

    for (let from = 0; from < endpoints.length; from += ENDPOINTS_PER_SNAPSHOT) {
      const group = endpoints.slice(from, from + ENDPOINTS_PER_SNAPSHOT);
      const before = await snapshot(t);
      for (const e of group) {
        for (const { request: r, refused } of requestsFor(e, perEndpoint, SEED + sent)) {
          const search = new URLSearchParams(r.query).toString();
          const res = await t.app.inject({
            method: e.method,
            url: `${pathWith(e, r.params)}${search ? `?${search}` : ''}`,
            headers: { authorization: `Bearer ${t.owner.token}` },
            ...(r.body !== undefined
              ? {
                  payload: JSON.stringify(r.body),
                  headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'application/json' },
                }
              : {}),
          });
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = `${keyOf(e)} ${JSON.stringify(r).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (!refused) accepted++;
          if (res.statusCode >= 500 || (refused && res.statusCode < 400)) failures.push(`status: ${what}`);
          else if (LEAK.test(res.body)) failures.push(`leak: ${what}`);
          else if (res.statusCode >= 400) {
            const error = res.json() as { code?: unknown; message?: unknown; data?: unknown };
            const mds = e.requires === 'agency' && 'error' in error;
            if (!mds && (typeof error.code !== 'string' || typeof error.message !== 'string' || !('data' in error))) {
              failures.push(`shape: ${what}`);
            }
          }
        }
      }
      // Request counters count every request, refused ones too (the feeds' per-address limit is synced each second).
      const changed = changedTables(before, await snapshot(t)).filter((name) => name !== 'rate_limits');
      if (changed.length > 0) failures.push(`wrote ${changed.join(', ')} among ${group.map(keyOf).join(', ')}`);
    }

    const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `bad input: ${sent} requests over ${endpoints.length} endpoints (seed ${SEED}), ${sent - accepted} refused by the ` +
        `endpoint's schemas, ${accepted} reads its schemas take (MDS parameters); answers ${counts.join(', ')}; ` +
        `${failures.length} failures`,
    );
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 1_800_000);
});
