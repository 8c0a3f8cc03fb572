import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';
import { rows } from '../apps/server/src/db/sql.ts';
import { machine, openBenchDatabase, quantile, startBenchServer } from './common.ts';

/**
 * npm run bench:assets — the asset search at scale (issue 4 "Performance").
 *
 * 1. PostgreSQL with BENCH_PG_ASSETS (1,000,000) assets with custom property values: a mix of `$query` calls
 *    through the HTTP API (five filters and a custom property, sorts, deep pages): p95 ≤ 30 ms; page 1,000 by
 *    keyset at most 1.2 × page 1; the count (exact ≤ 10,000, estimate above) adding ≤ 5 ms.
 * 2. The same mix on PGlite with BENCH_PGLITE_ASSETS (100,000): p95 ≤ 3 × the PostgreSQL figure.
 * 3. Export of about 100,000 assets as CSV and XLSX: peak RSS against the RSS before, sampled every 10 ms.
 *
 * The server runs in this process and is called over real HTTP (fetch to 127.0.0.1), one request at a time:
 * these are latencies, not throughput. The PostgreSQL database `fleetdesk_bench_assets_<n>` is kept for
 * re-runs (seeding a million rows takes minutes); BENCH_FRESH=1 rebuilds it. `--only=pg|pglite` runs one half.
 */
const PG_ASSETS = Number(process.env.BENCH_PG_ASSETS ?? 1_000_000);
const PGLITE_ASSETS = Number(process.env.BENCH_PGLITE_ASSETS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PASSWORD = 'bench-password-1';
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const PARTNERS = 4;
const SITES_PER_PARTNER = 10;
const CATEGORIES = 10;
const COLOURS = ['Red', 'Blue', 'Green', 'Black'];
const STATES = ['New', 'Ready', 'NotReady', 'Missing', 'Retired', 'Unknown', 'Ready'];

interface Fleet {
  partners: string[];
  sites: string[][];
  categories: string[];
  /** Per category: the ids of its Gears (INTEGER), Colour (TEXT) and Helmet box (BOOLEAN) properties. */
  properties: { gears: string; colour: string; helmet: string }[];
}

const ids = (list: readonly string[]) => `array[${list.map((i) => `'${i}'::uuid`).join(',')}]`;

async function seedFleet(database: Database, total: number): Promise<Fleet> {
  const { db } = database;
  const partners: string[] = [];
  for (let p = 0; p < PARTNERS; p++) partners.push((await seed.partner(db, { name: `Bench partner ${p + 1}` })).id);
  const sites = partners.map(() => Array.from({ length: SITES_PER_PARTNER }, () => crypto.randomUUID()));
  for (const [p, partnerSites] of sites.entries()) {
    for (const [s, id] of partnerSites.entries()) {
      await db.execute(sql`insert into sites (id, partner_id, name, type, city, latitude, longitude)
        values (${id}, ${partners[p]}, ${`Site ${p + 1}.${s + 1}`}, 'station', 'Milano', ${45.4 + s * 0.01}, ${9.1 + p * 0.01})`);
    }
  }
  const categories: string[] = [];
  const properties: Fleet['properties'] = [];
  for (let c = 0; c < CATEGORIES; c++) {
    const id = crypto.randomUUID();
    categories.push(id);
    await db.execute(sql`insert into asset_categories (id, name, asset_type, is_iot)
      values (${id}, ${`Bench category ${c + 1}`}, 'EBIKE', ${c % 2 === 0})`);
    const p = { gears: crypto.randomUUID(), colour: crypto.randomUUID(), helmet: crypto.randomUUID() };
    properties.push(p);
    await db.execute(sql`insert into asset_properties (id, category_id, name, value_type, update_method, position) values
      (${p.gears}, ${id}, 'Gears', 'INTEGER', 'MANUAL', 0),
      (${p.colour}, ${id}, 'Colour', 'TEXT', 'MANUAL', 1),
      (${p.helmet}, ${id}, 'Helmet box', 'BOOLEAN', 'MANUAL', 2)`);
  }
  const allSites = sites.flat();
  const chunk = 100_000;
  const started = Date.now();
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    // g decides everything, so the data set is the same on every run and on both databases.
    await db.execute(
      sql.raw(`insert into assets (id, no, partner_id, category_id, site_id, life_cycle_state, turnover_state,
        usage_mode, note, properties, iot_device_no, iot_vendor, charge_pct, iot_battery_voltage_milli,
        iot_last_update_time, alarm_at, alarm_code, error_at, error_code, latitude, longitude, created_at, updated_at)
      select gen_random_uuid(), 'A' || lpad(g::text, 7, '0'),
        (${ids(partners)})[1 + g % ${PARTNERS}],
        (${ids(categories)})[1 + (g / 7) % ${CATEGORIES}],
        case when g % 9 = 0 then null else (${ids(allSites)})[1 + (g % ${PARTNERS}) * ${SITES_PER_PARTNER} + (g / 4) % ${SITES_PER_PARTNER}] end,
        (array[${STATES.map((s) => `'${s}'`).join(',')}])[1 + (g / 3) % ${STATES.length}],
        (array['InSite','InSite','Dispatching','RentingOut','Unknown'])[1 + g % 5],
        (array['customer-rental','partner-subscription','non-leasable'])[1 + (g / 11) % 3],
        case when g % 13 = 0 then 'brake check ' || g else null end,
        jsonb_build_object(
          (${ids(properties.map((p) => p.gears))})[1 + (g / 7) % ${CATEGORIES}]::text, g % 21,
          (${ids(properties.map((p) => p.colour))})[1 + (g / 7) % ${CATEGORIES}]::text,
            (array[${COLOURS.map((c) => `'${c}'`).join(',')}])[1 + (g / 5) % ${COLOURS.length}],
          (${ids(properties.map((p) => p.helmet))})[1 + (g / 7) % ${CATEGORIES}]::text, g % 3 = 0),
        case when (g / 7) % 2 = 0 then 'DEV' || g else null end,
        case when (g / 7) % 2 = 0 then 'tbox' else null end,
        case when (g / 7) % 2 = 0 then g % 101 else null end,
        case when (g / 7) % 2 = 0 then 3300 + g % 900 else null end,
        case when (g / 7) % 2 = 0 then now() - (g % 86400) * interval '1 second' else null end,
        -- One device in 500 raised an alarm, one in 2,000 an error, spread over the last two days (the display
        -- status counts the recent ones).
        case when (g / 7) % 2 = 0 and g % 500 = 0 then now() - (g % 172800) * interval '1 second' else null end,
        case when (g / 7) % 2 = 0 and g % 500 = 0 then 'tilt' else null end,
        case when (g / 7) % 2 = 0 and g % 2000 = 7 then now() - (g % 172800) * interval '1 second' else null end,
        case when (g / 7) % 2 = 0 and g % 2000 = 7 then 'gps-lost' else null end,
        45.40 + (g % 1000) * 0.0001, 9.10 + (g / 1000 % 1000) * 0.0001,
        timestamptz '2025-01-01' + g * interval '10 second',
        timestamptz '2025-01-01' + g * interval '10 second' + (g % 97) * interval '1 hour'
      from generate_series(${from}, ${to}) g`),
    );
    process.stdout.write(`\r  seeded ${to.toLocaleString('en')} / ${total.toLocaleString('en')} assets`);
  }
  console.log(` in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { partners, sites, categories, properties };
}

/** The fleet of a database seeded before (the bench's own names), or null when it must be seeded. */
async function existingFleet(database: Database, total: number): Promise<Fleet | null> {
  const { db } = database;
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from assets`);
  if (Number(n?.n) !== total) return null;
  const idsOf = async (query: ReturnType<typeof sql>) => (await rows<{ id: string }>(db, query)).map((r) => r.id);
  const partners = await idsOf(sql`select id from partners where name like 'Bench partner %' order by name`);
  const sites = await Promise.all(
    partners.map((p) => idsOf(sql`select id from sites where partner_id = ${p} order by name`)),
  );
  const categories = await idsOf(
    sql`select id from asset_categories where name like 'Bench category %' order by length(name), name`,
  );
  const properties = await Promise.all(
    categories.map(async (c) => {
      const found = await rows<{ id: string; name: string }>(
        db,
        sql`select id, name from asset_properties where category_id = ${c}`,
      );
      const by = (name: string) => found.find((r) => r.name === name)?.id as string;
      return { gears: by('Gears'), colour: by('Colour'), helmet: by('Helmet box') };
    }),
  );
  return { partners, sites, categories, properties };
}

interface Server {
  base: string;
  token: string;
  close(): Promise<void>;
}

async function serve(database: Database, dataDir: string): Promise<Server> {
  const server = await startBenchServer(database, dataDir, PASSWORD);
  return { base: server.base, token: await server.login(), close: server.close };
}

async function post(server: Server, pathName: string, body: unknown) {
  const started = performance.now();
  const res = await fetch(`${server.base}${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${pathName} ${res.status}: ${JSON.stringify(json)}`);
  return { ms, json };
}

const f = (ms: number) => `${ms.toFixed(1)} ms`;

/** The search mix: what an operator's asset list sends, from the plain first page to deep, filtered pages. */
function mix(fleet: Fleet) {
  const [p1, p2] = fleet.partners as [string, string];
  const [c1, c2, c3] = fleet.categories as [string, string, string];
  const colour = fleet.properties[0]?.colour as string;
  const gears = fleet.properties[0]?.gears as string;
  return {
    'first page': { pageSize: 20 },
    'five filters + property': {
      pageSize: 20,
      partnerIdIn: [p1],
      categoryIdIn: [c1, c2],
      lifeCycleIn: ['Ready', 'NotReady', 'New'],
      usageModeIn: ['customer-rental', 'partner-subscription'],
      hasIot: true,
      properties: [{ propertyId: colour, op: 'eq', value: 'Red' }],
    },
    'property range, sorted by no': {
      pageSize: 20,
      categoryIdIn: [c1],
      properties: [{ propertyId: gears, op: 'gte', value: 15 }],
      sort: ['no:asc'],
    },
    'sites, by update time': {
      pageSize: 50,
      siteIdIn: fleet.sites[1]?.slice(0, 3),
      sort: ['updateTime:desc'],
    },
    'serial range': { pageSize: 20, filters: { noFrom: 'A0090000', noTo: 'A0090999' } },
    'IoT state': { pageSize: 20, partnerIdIn: [p2], iotState: { chargePct: { op: 'lt', value: 20 } } },
    'lifecycle sort, page 3': { pageSize: 20, pageNo: 3, lifeCycleIn: ['Missing'], sort: ['lifeCycleState:asc'] },
    'category c3, page 50': { pageSize: 20, pageNo: 50, categoryIdIn: [c3] },
    // The dashboard's "In Alarm / In Error now" links (issue 21).
    'display status Alarm or Error': { pageSize: 20, displayStatusIn: ['Alarm', 'Error'] },
  } as Record<string, Record<string, unknown>>;
}

async function runMix(server: Server, fleet: Fleet) {
  const bodies = mix(fleet);
  const all: number[] = [];
  const rows: string[] = [];
  for (const [name, body] of Object.entries(bodies)) {
    for (let i = 0; i < 3; i++) await post(server, '/asset/assets/$query', body);
    const times: number[] = [];
    let count = 0;
    let estimate = false;
    for (let i = 0; i < ROUNDS; i++) {
      const { ms, json } = await post(server, '/asset/assets/$query', body);
      times.push(ms);
      count = json.count as number;
      estimate = json.countIsEstimate as boolean;
    }
    all.push(...times);
    rows.push(
      `  ${name.padEnd(30)} p50 ${f(quantile(times, 0.5)).padStart(9)}  p95 ${f(quantile(times, 0.95)).padStart(9)}  count ${estimate ? '~' : ''}${count}`,
    );
  }
  console.log(rows.join('\n'));
  const p95 = quantile(all, 0.95);
  console.log(`  mix: ${all.length} calls, p50 ${f(quantile(all, 0.5))}, p95 ${f(p95)}`);
  return p95;
}

/** Page 1 against page 1,000 reached by keyset (the cursor of page 999), and the OFFSET jump for contrast. */
async function deepPages(server: Server, body: Record<string, unknown>, label: string) {
  let cursor: string | null = null;
  let before999: string | null = null;
  for (let pageNo = 1; pageNo < 1000; pageNo++) {
    const { json } = await post(server, '/asset/assets/$query', { ...body, pageNo, ...(cursor ? { cursor } : {}) });
    cursor = json.cursor as string | null;
    if (!cursor) throw new Error(`${label}: ran out of pages at ${pageNo}`);
    if (pageNo === 999) before999 = cursor;
  }
  const time = async (extra: Record<string, unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS + 3; i++)
      times.push((await post(server, '/asset/assets/$query', { ...body, ...extra })).ms);
    return times.slice(3);
  };
  const first = await time({ pageNo: 1 });
  const deep = await time({ pageNo: 1000, cursor: before999 });
  // A search the server has not paged through (the flag adds no condition): a direct jump, by OFFSET.
  const offset = await time({ pageNo: 1000, havingRentingOngoingOrder: false });
  const ratio = quantile(deep, 0.5) / quantile(first, 0.5);
  console.log(
    `  ${label}: page 1 p50 ${f(quantile(first, 0.5))} · page 1,000 by keyset p50 ${f(quantile(deep, 0.5))} (× ${ratio.toFixed(2)}) · page 1,000 by OFFSET p50 ${f(quantile(offset, 0.5))}`,
  );
  return ratio;
}

/** The count alone (get-count): what the exact-or-estimate count adds to a search. */
async function counts(server: Server, fleet: Fleet) {
  const cases: [string, Record<string, unknown>][] = [
    ['everything (estimate)', {}],
    ['one partner (estimate)', { partnerIdIn: [fleet.partners[0]] }],
    [
      'partner + category + lifecycle',
      { partnerIdIn: [fleet.partners[0]], categoryIdIn: [fleet.categories[0]], lifeCycleIn: ['Ready'] },
    ],
    ['serial range of 1,000', { filters: { noFrom: 'A0090000', noTo: 'A0090999' } }],
  ];
  let worst = 0;
  for (const [name, body] of cases) {
    const times: number[] = [];
    let result = '';
    for (let i = 0; i < ROUNDS + 3; i++) {
      const { ms, json } = await post(server, '/asset/query/get-count', body);
      if (i >= 3) times.push(ms);
      result = `${json.countIsEstimate ? '~' : ''}${json.count}`;
    }
    worst = Math.max(worst, quantile(times, 0.95));
    console.log(
      `  count ${name.padEnd(32)} p50 ${f(quantile(times, 0.5))}  p95 ${f(quantile(times, 0.95))}  → ${result}`,
    );
  }
  return worst;
}

/** Streams an export into nothing, sampling the process's RSS; the figure is the peak above the start. */
async function exportRss(server: Server, body: Record<string, unknown>, format: 'csv' | 'xlsx') {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const res = await fetch(`${server.base}/asset/assets/$export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ ...body, format }),
  });
  if (!res.ok || !res.body) throw new Error(`export ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (format === 'csv') for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(timer);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `  export ${format}: ${format === 'csv' ? `${(lines - 1).toLocaleString('en')} rows, ` : ''}${mb(bytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s · RSS ${mb(before)} → peak ${mb(peak)} (+${mb(peak - before)})`,
  );
}

async function bench(kind: 'postgres' | 'pglite', total: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-'));
  let label = 'PGlite (in-memory)';
  let database: Database;
  if (kind === 'postgres') {
    const pgdb = await openBenchDatabase(`fleetdesk_bench_assets_${total}`);
    database = pgdb.database;
    label = `PostgreSQL ${pgdb.version} (database ${pgdb.name})`;
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
  }
  console.log(`\n## ${label}, ${total.toLocaleString('en')} assets — ${machine()}`);
  await database.migrate();
  let fleet = await existingFleet(database, total);
  if (fleet) {
    console.log('  reusing the seeded database (BENCH_FRESH=1 rebuilds it)');
  } else {
    if (kind === 'postgres')
      await database.db.execute(sql`truncate assets, asset_properties, asset_categories, sites, partners cascade`);
    await seedFleet(database, total).then((seeded) => {
      fleet = seeded;
    });
  }
  // The steady state autovacuum keeps a live table in: statistics current, the visibility map set.
  await database.db.execute(sql`vacuum analyze assets`);
  const server = await serve(database, dataDir);
  try {
    const found = fleet as unknown as Fleet;
    const p95 = await runMix(server, found);
    const ratios = [
      await deepPages(server, { pageSize: 20 }, 'newest first'),
      await deepPages(server, { pageSize: 20, partnerIdIn: [found.partners[0]] }, 'one partner, newest first'),
    ];
    const count = await counts(server, found);
    if (process.env.BENCH_EXPORT !== '0') {
      const body =
        kind === 'postgres'
          ? { partnerIdIn: [found.partners[0]], categoryIdIn: found.categories.slice(0, 4) }
          : { categoryIdIn: found.categories };
      await exportRss(server, body, 'csv');
      await exportRss(server, body, 'xlsx');
    }
    return { p95, ratio: Math.max(...ratios), count };
  } finally {
    await server.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Record<string, { p95: number; ratio: number; count: number }> = {};
if (only !== 'pglite') results.postgres = await bench('postgres', PG_ASSETS);
if (only !== 'pg') results.pglite = await bench('pglite', PGLITE_ASSETS);

console.log('\n## Targets');
if (results.postgres) {
  const r = results.postgres;
  console.log(`  PostgreSQL mix p95 ${f(r.p95)} (target ≤ 30 ms): ${r.p95 <= 30 ? 'met' : 'NOT met'}`);
  console.log(`  page 1,000 / page 1 × ${r.ratio.toFixed(2)} (target ≤ 1.2): ${r.ratio <= 1.2 ? 'met' : 'NOT met'}`);
  console.log(`  count p95 ${f(r.count)} (target ≤ 5 ms added): ${r.count <= 5 ? 'met' : 'NOT met'}`);
}
if (results.pglite) {
  const r = results.pglite;
  const limit = results.postgres ? 3 * results.postgres.p95 : Number.NaN;
  console.log(
    `  PGlite mix p95 ${f(r.p95)} (target ≤ 3 × PostgreSQL = ${f(limit)}): ${Number.isNaN(limit) ? 'run both to compare' : r.p95 <= limit ? 'met' : 'NOT met'}`,
  );
}
process.exit(0);
