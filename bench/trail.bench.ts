import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/src/db/sql.ts';
import { trailOf } from '../apps/server/src/modules/trips/trips.repo.ts';
import { machine, openBenchDatabase, quantile } from './common.ts';

/**
 * npm run bench:trail — one device-day's trail over 100 million positions (issue 5 "Performance").
 *
 * Seeds `asset_positions` of a PostgreSQL bench database with generate_series (kept between runs; BENCH_FRESH=1
 * seeds again): BENCH_DEVICES (default 2,000) devices reporting every 10 s, interleaved in time order as the
 * gateway writes them, until BENCH_POSITIONS (default 100,000,000) rows; then the indexes of the migrations and a
 * VACUUM ANALYZE, as autovacuum leaves an append-only table. Measured: BENCH_READS (default 500) reads of a random
 * device's random day through the trail query the API uses (trips.repo trailOf, thinned to the route limit).
 * Target: p95 ≤ 20 ms.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 2000);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000_000);
const READS = Number(process.env.BENCH_READS ?? 500);
const CYCLE_S = 10;
const HOUR_ROWS = DEVICES * (3600 / CYCLE_S);
const HOURS = Math.ceil(POSITIONS / HOUR_ROWS);
const START = new Date('2026-01-05T00:00:00Z');

const { database, name, version } = await openBenchDatabase('fleetdesk_bench_trail');
const { db } = database;
await database.migrate();

const deviceId = (d: number) => sql`md5('trail-device-' || ${d}::text)::uuid`;
const countNow = async () =>
  Number((await rows<{ n: string }>(db, sql`select count(*) as n from asset_positions`))[0]?.n ?? 0);

if ((await countNow()) < POSITIONS) {
  const began = Date.now();
  console.log(`seeding ${POSITIONS.toLocaleString('en')} positions (${DEVICES} devices, ${HOURS} hours)…`);
  await db.execute(sql`truncate asset_positions`);
  // Loading without indexes and building them afterwards is several times faster than maintaining them per row.
  const indexes = await rows<{ indexdef: string; indexname: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'asset_positions'`,
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index ${i.indexname}`));
  for (let h = 0; h < HOURS; h++) {
    const from = new Date(START.getTime() + h * 3_600_000);
    // Time-major order (all devices' reports of one instant, then the next), as a live fleet arrives.
    await db.execute(sql`
      insert into asset_positions (asset_id, recorded_at, latitude, longitude, altitude, velocity, charge_pct)
      select md5('trail-device-' || d::text)::uuid, ts,
        45.40 + (d % 50) * 0.004 + 0.01 * sin(extract(epoch from ts) / 900 + d),
        9.10 + (d / 50) * 0.004 + 0.01 * cos(extract(epoch from ts) / 700 + d),
        120 + (d % 30), 12 + 8 * abs(sin(extract(epoch from ts) / 300 + d)), 90 - ${h % 80}
      from generate_series(${from.toISOString()}::timestamptz,
             ${from.toISOString()}::timestamptz + interval '1 hour' - ${`${CYCLE_S} seconds`}::interval,
             ${`${CYCLE_S} seconds`}::interval) as ts,
           generate_series(1, ${DEVICES}) as d`);
    if (h % 12 === 11)
      console.log(
        `  ${((h + 1) * HOUR_ROWS).toLocaleString('en')} rows, ${((Date.now() - began) / 1000).toFixed(0)} s`,
      );
  }
  console.log('building the indexes…');
  await db.execute(sql`set maintenance_work_mem = '1GB'`);
  for (const i of indexes) await db.execute(sql.raw(i.indexdef));
  await db.execute(sql`vacuum analyze asset_positions`);
  console.log(`seeded in ${((Date.now() - began) / 1000).toFixed(0)} s`);
}

const total = await countNow();
const size = (
  await rows<{ heap: string; idx: string }>(
    db,
    sql`select pg_size_pretty(pg_table_size('asset_positions')) as heap,
      pg_size_pretty(pg_indexes_size('asset_positions')) as idx`,
  )
)[0];
const days = Math.floor((HOURS - 24) / 24) + 1;
const plan = await rows<{ 'QUERY PLAN': string }>(
  db,
  sql`explain select recorded_at, latitude, longitude, velocity from asset_positions
    where asset_id = ${deviceId(1)} and recorded_at >= ${START.toISOString()}::timestamptz
      and recorded_at <= ${START.toISOString()}::timestamptz + interval '1 day'`,
);

const timings: number[] = [];
let points = 0;
for (let i = 0; i < READS; i++) {
  const d = 1 + Math.floor(Math.random() * DEVICES);
  const from = new Date(START.getTime() + Math.floor(Math.random() * days) * 86_400_000);
  const [id] = await rows<{ id: string }>(db, sql`select ${deviceId(d)} as id`);
  const t0 = performance.now();
  const trail = await trailOf(db, '*', id?.id as string, from, new Date(from.getTime() + 86_400_000));
  timings.push(performance.now() - t0);
  points += trail.total;
}

console.log(`\nbench:trail — PostgreSQL ${version} (${name}) — ${machine()}`);
console.log(`asset_positions: ${total.toLocaleString('en')} rows, heap ${size?.heap}, indexes ${size?.idx}`);
console.log(`plan: ${plan.map((p) => p['QUERY PLAN'].trim()).join(' | ')}`);
console.log(
  `${READS} device-day trails (${(points / READS).toFixed(0)} positions each, thinned to the route limit): ` +
    `p50 ${quantile(timings, 0.5).toFixed(1)} ms, p95 ${quantile(timings, 0.95).toFixed(1)} ms, ` +
    `p99 ${quantile(timings, 0.99).toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms (target p95 ≤ 20 ms)`,
);
await database.close();
process.exit(quantile(timings, 0.95) <= 20 ? 0 : 1);
