import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { assetCategories } from '../apps/server/src/db/schema/index.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';
import { rows } from '../apps/server/src/db/sql.ts';
import { ADMIN_URL, benchDatabase, machine, quantile, startBenchServer } from './common.ts';

/**
 * npm run bench:mds — the MDS Provider API's /trips for a busy hour (issue 25: "MDS trips for an hour with 50,000
 * trips ≤ 2 s").
 *
 * PostgreSQL, a fresh database: one partner with BENCH_MDS_TRIPS (50,000) scooters, each with one finished trip
 * ending in the same UTC hour (three hours ago; 5–20 minutes long, ends spread over the hour), and BENCH_MDS_FIXES
 * (10) positions along each trip for its route; plus the same traffic in BENCH_MDS_NOISE_HOURS (6) hours around it
 * (3 before, 3 after), which the hour's read must not wade through. Everything is written in bulk with
 * generate_series, not through the API. An agency client reading every partner is created through the API.
 *
 * Measured: walking every page of GET /api/mds/trips?end_time=<hour> over real HTTP (the default page of 1,000
 * trips, each with its route), from each request to its last byte (the client's parse is left out) — BENCH_MDS_RUNS (5) walks after one warm-up; p95 of the walks' totals. Target 2 s.
 */
const TRIPS = Number(process.env.BENCH_MDS_TRIPS ?? 50_000);
const FIXES = Number(process.env.BENCH_MDS_FIXES ?? 10);
const NOISE_HOURS = Number(process.env.BENCH_MDS_NOISE_HOURS ?? 6);
const RUNS = Number(process.env.BENCH_MDS_RUNS ?? 5);
/** The page size asked for (`limit`); absent: the API's default. */
const LIMIT = process.env.BENCH_MDS_LIMIT;
const TARGET_MS = 2_000;
const HOUR = 3_600_000;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Seeds the hour, walks it BENCH_MDS_RUNS times and returns the p95 of one walk's total and the trips it served. */
export async function benchMdsTrips(): Promise<{ p95Ms: number; trips: number }> {
  const { url, version, name } = await benchDatabase('fleetdesk_bench_mds', { fresh: true });
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  const { db } = database;
  const hourStart = Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR;
  const hour = new Date(hourStart).toISOString().slice(0, 13);
  console.log(
    `bench:mds — PostgreSQL ${version}, ${TRIPS.toLocaleString('en')} trips ending in ${hour}h, ${FIXES} fixes each — ${machine()}`,
  );

  // The server first: bootstrapping makes the account and its owner.
  const server = await startBenchServer(
    database,
    path.join(tmpdir(), `fleetdesk-bench-mds-${randomUUID()}`),
    'password',
  );
  const seeding = Date.now();
  const partner = await seed.partner(db, { name: 'Bench mobility' });
  const category = randomUUID();
  await db.insert(assetCategories).values({ id: category, name: 'Bench scooters', assetType: 'ESCOOTER' });
  await db.execute(sql`
    insert into assets (id, no, partner_id, category_id, life_cycle_state, usage_mode, latitude, longitude, charge_pct)
    select gen_random_uuid(), 'MDS' || lpad(i::text, 6, '0'), ${partner.id}, ${category}, 'Ready', 'customer-rental',
      round(45.40 + (i % 100) * 0.002, 6), round(9.10 + (i / 100) * 0.0005, 6), 20 + i % 80
    from generate_series(1, ${TRIPS}::int) i`);
  // Each asset: one trip ending in the hour, and NOISE_HOURS more, one an hour, around it (half before, half after).
  await db.execute(sql`
    insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
      start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
    select gen_random_uuid(), a.id, a.partner_id, a.category_id, 'finished', 'customer-renting-scan',
      e.ended_at - make_interval(mins => (5 + a.n % 16)::int), a.latitude, a.longitude,
      e.ended_at, a.latitude + 0.01, a.longitude, 1100 + a.n % 2000, ${FIXES}
    from (select id, partner_id, category_id, latitude, longitude, (row_number() over (order by id))::int as n from assets) a
    cross join lateral (
      select to_timestamp(${hourStart / 1000}) + make_interval(hours => h, secs => (a.n * 3600.0 / ${TRIPS})::int % 3600)
        as ended_at
      from generate_series(${-Math.floor(NOISE_HOURS / 2)}::int, ${Math.ceil(NOISE_HOURS / 2)}::int) h
    ) e`);
  await db.execute(sql`
    insert into asset_positions (asset_id, recorded_at, latitude, longitude, velocity, charge_pct)
    select t.asset_id, t.started_at + (t.ended_at - t.started_at) * f / ${FIXES - 1},
      -- Six decimals (10 cm), as GPS modules report them.
      round((t.start_latitude + 0.01 * f / ${FIXES - 1})::numeric, 6), t.start_longitude, 15, 60
    from trips t cross join generate_series(0, ${FIXES - 1}::int) f`);
  // As autovacuum leaves an hour-old history (migration 0016 visits positions every 100,000 rows): all-visible, so
  // routes are read index-only.
  await db.execute(sql`vacuum analyze`);
  const [size] = await rows<{ trips: number; positions: number; size: string }>(
    db,
    sql`select (select count(*) from trips)::int as trips, (select count(*) from asset_positions)::int as positions,
      pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  console.log(
    `seeded in ${seconds(Date.now() - seeding)} s: ${size?.trips.toLocaleString('en')} trips, ${size?.positions.toLocaleString('en')} positions, database ${size?.size}`,
  );

  const owner = await server.login();
  const created = await fetch(`${server.base}/mds/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench agency', partnerScope: '*' }),
  });
  if (created.status !== 201) throw new Error(`agency client: ${created.status} ${await created.text()}`);
  const agency = ((await created.json()) as { data: { token: string } }).data.token;

  /** One walk of every page of the hour; its total time, pages and trips. */
  async function walk() {
    let next: string | null = `${server.base}/mds/trips?end_time=${hour}${LIMIT ? `&limit=${LIMIT}` : ''}`;
    let pages = 0;
    let trips = 0;
    let slowest = 0;
    let ms = 0;
    while (next) {
      const at = performance.now();
      const res: Response = await fetch(next, {
        headers: { authorization: `Bearer ${agency}`, accept: 'application/vnd.mds+json;version=2.0' },
      });
      const text = await res.text();
      // The server's time: request to last byte. Parsing the page is the agency's work, and here it would take
      // the server's CPU (same process, two cores), so it is left out of the clock.
      const took = performance.now() - at;
      if (res.status !== 200) throw new Error(`trips: ${res.status} ${text}`);
      const body = JSON.parse(text) as { trips: unknown[]; links: { next: string | null } };
      ms += took;
      slowest = Math.max(slowest, took);
      trips += body.trips.length;
      pages += 1;
      next = body.links.next;
    }
    return { ms, pages, trips, slowest };
  }

  const warm = await walk();
  console.log(`warm-up: ${warm.trips.toLocaleString('en')} trips in ${warm.pages} pages, ${Math.round(warm.ms)} ms`);
  const walks = [];
  for (let i = 0; i < RUNS; i++) walks.push(await walk());
  const totals = walks.map((w) => w.ms);
  const p95Ms = Math.round(quantile(totals, 0.95));
  console.log(
    `walks: ${totals.map((ms) => Math.round(ms)).join(', ')} ms; p50 ${Math.round(quantile(totals, 0.5))} ms, p95 ${p95Ms} ms; slowest page ${Math.round(Math.max(...walks.map((w) => w.slowest)))} ms`,
  );
  await server.close();
  await database.close();
  if (process.env.BENCH_KEEP !== '1') {
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return { p95Ms, trips: warm.trips };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { p95Ms, trips } = await benchMdsTrips();
  const ok = trips === TRIPS && p95Ms <= TARGET_MS;
  console.log(`${trips.toLocaleString('en')} trips, p95 ${p95Ms} ms (target ${TARGET_MS} ms)`);
  console.log(ok ? '\nPASS' : '\nFAIL');
  process.exit(ok ? 0 : 1);
}
