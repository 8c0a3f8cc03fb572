import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';
import { rows } from '../apps/server/src/db/sql.ts';
import { benchDatabase, machine, quantile, startBenchServer } from './common.ts';

/**
 * npm run bench:gbfs — the public GBFS vehicle_status of one system with BENCH_VEHICLES (100,000) rentable vehicles
 * on PostgreSQL (issue 25 "Proof"), through the real HTTP server.
 *
 * Seeded in bulk (generate_series): one partner publishing its system, one e-bike category with a rental program,
 * the vehicles spread over Milano with a charge, every 10th at one of 20 published stations, every 7th NotReady
 * (is_disabled), plus as many again that the feed must leave out (rented out, subscribed, retired), so the query
 * filters a fleet twice the size of what it publishes.
 *
 * Measured, each over BENCH_RUNS (30) sequential requests that read the whole body:
 * 1. uncached — a server whose node cache is off (GBFS_CACHE_MAX_AGE_MS=0): every request builds the document
 *    (PostgreSQL's json_agg, the hash, the envelope); plain and gzip. Target p95 ≤ 200 ms (plain).
 * 2. unchanged — the consumer sends the ETag it has: within the feed's ttl the node answers 304 from its cache.
 *    Target p95 ≤ 5 ms. Also the 304 after a rebuild (cache off): the data did not change, so the tag is the same.
 */
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DB_NAME = 'fleetdesk_bench_gbfs';

async function main() {
  const { url, version } = await benchDatabase(DB_NAME, { fresh: true });
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  const { db } = database;
  const started = Date.now();
  await seed.account(db);
  const partner = await seed.partner(db, { name: 'Bench Mobility', timezone: 'Europe/Rome' });
  const categoryId = randomUUID();
  await db.execute(
    sql`insert into asset_categories (id, name, asset_type) values (${categoryId}, 'Bench e-bike', 'EBIKE')`,
  );
  const programId = randomUUID();
  await db.execute(
    sql`insert into rental_programs (id, partner_id, asset_category_id) values (${programId}, ${partner.id}, ${categoryId})`,
  );
  await db.execute(sql`insert into program_pricing_parts (program_id, unit_price, price_unit, currency, rental_fee_notice)
                       values (${programId}, 0.25, 'minute', 'EUR', '{}'::jsonb)`);
  await db.execute(sql`insert into sites (id, partner_id, name, type, city, latitude, longitude, gbfs_station, gbfs_capacity)
    select gen_random_uuid(), ${partner.id}, 'Station ' || g, 'station', 'Milano', 45.40 + g * 0.005, 9.10 + g * 0.008, true, 40
      from generate_series(1, 20) g`);
  const stationIds = (await rows<{ id: string }>(db, sql`select id from sites where partner_id = ${partner.id}`)).map(
    (r) => r.id,
  );
  const stations = `array[${stationIds.map((id) => `'${id}'::uuid`).join(',')}]`;
  await db.execute(
    sql.raw(`insert into assets (id, no, partner_id, category_id, site_id, life_cycle_state, turnover_state, usage_mode,
        charge_pct, iot_last_update_time, latitude, longitude)
      select gen_random_uuid(), 'GB' || lpad(g::text, 8, '0'), '${partner.id}', '${categoryId}',
        case when g % 10 = 0 then (${stations})[1 + g % 20] end,
        case when g > ${VEHICLES} and g % 3 = 0 then 'Retired' when g % 7 = 0 then 'NotReady' else 'Ready' end,
        case when g > ${VEHICLES} and g % 3 = 1 then 'RentingOut' else 'InSite' end,
        case when g > ${VEHICLES} and g % 3 = 2 then 'partner-subscription' else 'customer-rental' end,
        g % 101, now() - (g % 600) * interval '1 second',
        45.40 + (g % 1000) * 0.0002, 9.10 + (g / 1000 % 1000) * 0.0002
      from generate_series(1, ${VEHICLES * 2}) g`),
  );
  await db.execute(
    sql`insert into gbfs_systems (partner_id, enabled, feed_contact_email) values (${partner.id}, true, 'bench@example.com')`,
  );
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${VEHICLES * 2} assets (${VEHICLES} published) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const uncached = await startBenchServer(database, `/tmp/fleetdesk-bench-gbfs-${randomUUID()}`, 'bench-password-1', {
    GBFS_CACHE_MAX_AGE_MS: '0',
    GBFS_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const cached = await startBenchServer(database, `/tmp/fleetdesk-bench-gbfs-${randomUUID()}`, 'bench-password-1', {
    GBFS_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const feedPath = `/gbfs/${partner.id}/vehicle_status.json`;

  async function timed(base: string, headers: Record<string, string>, expectStatus: number) {
    const times: number[] = [];
    let bytes = 0;
    let vehicles = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${feedPath}`, { headers });
      const body = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - t0;
      if (res.status !== expectStatus) throw new Error(`expected ${expectStatus}, got ${res.status}`);
      if (i >= 3) times.push(ms); // the first requests warm the connection and the plan
      bytes = Number(res.headers.get('content-length') ?? body.length);
      if (expectStatus === 200 && headers['accept-encoding'] === 'identity')
        vehicles = (JSON.parse(body.toString()) as { data: { vehicles: unknown[] } }).data.vehicles.length;
    }
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), bytes, vehicles };
  }

  // fetch decompresses gzip itself; 'identity' keeps the plain measurement plain.
  const plain = await timed(uncached.base, { 'accept-encoding': 'identity' }, 200);
  const zipped = await timed(uncached.base, { 'accept-encoding': 'gzip' }, 200);
  const first = await fetch(`${cached.base}${feedPath}`);
  const etag = first.headers.get('etag') as string;
  await first.arrayBuffer();
  const notModified = await timed(cached.base, { 'if-none-match': etag, 'accept-encoding': 'identity' }, 304);
  const rebuiltEtag = (
    await fetch(`${uncached.base}${feedPath}`, { headers: { 'accept-encoding': 'identity' } })
  ).headers.get('etag') as string;
  const notModifiedRebuilt = await timed(
    uncached.base,
    { 'if-none-match': rebuiltEtag, 'accept-encoding': 'identity' },
    304,
  );

  const f = (n: number) => n.toFixed(1);
  console.log(`\nGBFS vehicle_status, PostgreSQL ${version}, ${machine()}`);
  console.log(
    `vehicles published: ${plain.vehicles} (of ${VEHICLES * 2} assets), body ${(plain.bytes / 1e6).toFixed(1)} MB, gzip ${(zipped.bytes / 1e6).toFixed(2)} MB`,
  );
  console.log(
    `uncached, plain: p50 ${f(plain.p50)} ms, p95 ${f(plain.p95)} ms (target ≤ 200) ${plain.p95 <= 200 ? 'OK' : 'MISSED'}`,
  );
  console.log(`uncached, gzip:  p50 ${f(zipped.p50)} ms, p95 ${f(zipped.p95)} ms`);
  console.log(
    `unchanged (304, node cache within ttl): p50 ${f(notModified.p50)} ms, p95 ${f(notModified.p95)} ms (target ≤ 5) ${notModified.p95 <= 5 ? 'OK' : 'MISSED'}`,
  );
  console.log(
    `unchanged (304 after a rebuild, cache off): p50 ${f(notModifiedRebuilt.p50)} ms, p95 ${f(notModifiedRebuilt.p95)} ms`,
  );
  if (plain.vehicles !== VEHICLES) throw new Error(`expected ${VEHICLES} vehicles in the feed, got ${plain.vehicles}`);

  await uncached.close();
  await cached.close();
  await database.close();
  if (process.env.BENCH_KEEP !== '1') {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: url.replace(`/${DB_NAME}`, '/postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
