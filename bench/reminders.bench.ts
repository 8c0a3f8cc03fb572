import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';
import { rows } from '../apps/server/src/db/sql.ts';
import { evaluateReminders } from '../apps/server/src/modules/reminders/evaluation.ts';
import { machine, openBenchDatabase, quantile, startBenchServer } from './common.ts';

/**
 * npm run bench:reminders — the reminder engine at scale (issue 23 "Proof and performance").
 *
 * PostgreSQL with BENCH_ASSETS (100,000) assets × 5 timers = 500,000 asset timers: 3 partners (50 / 30 / 20 % of the
 * assets, in Europe/Rome, Europe/Madrid, Asia/Seoul), 2 categories, 20 sites; per partner and category the five
 * timers (every 3 months, every 500 km, every 100 h of ride time, every Monday 08:00 on the partner's clock, every
 * 30 days reminding 5 days before) applied through groups of about 330 assets. Cycles started at spread-out moments
 * and odometer readings before the bench's clock T0, so a catch-up round at T0 finds tens of thousands of rows past
 * a threshold and later rounds a steady trickle.
 *
 * Measured: three evaluation rounds (`evaluateReminders`) with the clock moved and some odometers advanced between
 * them — target ≤ 30 s each; then, through the real HTTP layer, the log centre's first page with its count for a
 * partner user and an all-partners user with a few filter mixes — target p95 ≤ 50 ms.
 *
 * The database `fleetdesk_bench_reminders_<n>` is kept for re-runs (seeding takes minutes; each run first puts
 * every asset timer back at `ok` and the odometers back where they were seeded); BENCH_FRESH=1 rebuilds it.
 */
const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const ROUND_TARGET_S = 30;
const TARGET_MS = 50;
const PASSWORD = 'bench-password-1';

const PARTNER_ZONES = ['Europe/Rome', 'Europe/Madrid', 'Asia/Seoul'];
const CATEGORIES = 2;
/** Sites per partner (20 in all). */
const SITES = [7, 7, 6];
/** Consecutive asset numbers per group bucket: each bucket holds one group per partner, category and timer. */
const BUCKET = 2_000;
/** The bench's clock: a Monday, 09:30 UTC (after 08:00 in Milano and Barcelona, evening in Seoul). */
const T0 = new Date('2026-09-07T09:30:00Z');
const DAY_S = 86_400;

/** The five timers every partner keeps per category, each with the reset rule its groups use. */
const TIMERS = [
  { name: 'Service every 3 months', kind: 'time', unit: 'months', quantity: 3, cron: null, remind: false },
  { name: 'Brakes every 500 km', kind: 'distance', unit: null, quantity: 500, cron: null, remind: false },
  { name: 'Ride time 100 h', kind: 'rideTime', unit: null, quantity: 100, cron: null, remind: false },
  {
    name: 'Battery check every Monday 08:00',
    kind: 'schedule',
    unit: null,
    quantity: null,
    cron: '0 8 * * 1',
    remind: false,
  },
  { name: 'Tyres every 30 days', kind: 'time', unit: 'days', quantity: 30, cron: null, remind: true },
] as const;

interface Fleet {
  partners: string[];
  categories: string[];
  sites: string[][];
  /** timers[p][c][k] */
  timers: string[][][];
  partnerUser: string;
  accountUser: string;
}

const uuids = (list: readonly string[]) => `array[${list.map((i) => `'${i}'::uuid`).join(',')}]`;
/** A valid version-4 uuid derived from a text (md5 with the version and variant digits set), as SQL. */
const idOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
/** The partner of asset g: 0 for half the assets, 1 for 30 %, 2 for 20 %. */
const PARTNER_OF = '(case when g % 10 < 5 then 0 when g % 10 < 8 then 1 else 2 end)';
const CATEGORY_OF = `((g / 10) % ${CATEGORIES})`;
/** A pseudo-random share in [0, 1) per asset and salt, the same on every run. */
const share = (salt: number) => `(((g::bigint * 7919 + ${salt * 104_729}) % 10007)::float8 / 10007)`;
/** The odometer an asset was seeded with: 1,000 to 21,000 km, 50 to 2,050 h. */
const BASE_DISTANCE_M = `(1000000 + ${share(11)} * 20000000)`;
const BASE_RIDE_S = `(180000 + ${share(13)} * 7200000)`;
/** Asset g from its number (R000042). */
const G_OF_NO = '(substr(a.no, 2)::int)';

async function seedFleet(database: Database, total: number): Promise<Fleet> {
  const { db } = database;
  const started = Date.now();
  const partners: string[] = [];
  for (const [p, zone] of PARTNER_ZONES.entries()) {
    const { id } = await seed.partner(db, { name: `Bench partner ${p + 1}` });
    await db.execute(sql`update partners set timezone = ${zone} where id = ${id}`);
    partners.push(id);
  }
  const sites = partners.map((_, p) => Array.from({ length: SITES[p] ?? 6 }, () => crypto.randomUUID()));
  for (const [p, list] of sites.entries()) {
    for (const [s, id] of list.entries()) {
      await db.execute(sql`insert into sites (id, partner_id, name, type, city, latitude, longitude)
        values (${id}, ${partners[p]}, ${`Site ${p + 1}.${s + 1}`}, 'station', 'Milano', ${45.4 + s * 0.01}, ${9.1 + p * 0.01})`);
    }
  }
  const categories = Array.from({ length: CATEGORIES }, () => crypto.randomUUID());
  for (const [c, id] of categories.entries()) {
    await db.execute(
      sql`insert into asset_categories (id, name, asset_type) values (${id}, ${`Bench e-bike ${c + 1}`}, 'EBIKE')`,
    );
  }
  const siteOffsets = SITES.map((_, p) => SITES.slice(0, p).reduce((a, b) => a + b, 0));
  await db.execute(
    sql.raw(`insert into assets (id, no, partner_id, category_id, site_id, usage_mode, life_cycle_state)
      select ${idOf("'asset' || g")}, 'R' || lpad(g::text, 6, '0'), (${uuids(partners)})[1 + ${PARTNER_OF}],
        (${uuids(categories)})[1 + ${CATEGORY_OF}],
        (${uuids(sites.flat())})[1 + (array[${siteOffsets.join(',')}])[1 + ${PARTNER_OF}]
          + (g / 20) % (array[${SITES.join(',')}])[1 + ${PARTNER_OF}]],
        'customer-rental', 'Ready'
      from generate_series(0, ${total - 1}) g`),
  );
  await db.execute(
    sql.raw(`insert into asset_odometers (asset_id, distance_m, ride_seconds, updated_at)
      select ${idOf("'asset' || g")}, ${BASE_DISTANCE_M}, ${BASE_RIDE_S}, timestamptz '${T0.toISOString()}' - interval '1 day'
      from generate_series(0, ${total - 1}) g`),
  );
  console.log(
    `  ${total.toLocaleString('en')} assets and odometers in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  // Per partner and category: a plain manual rule and one that reminds 5 days before; the five timers.
  const timers: string[][][] = [];
  for (const [p, partnerId] of partners.entries()) {
    const perCategory: string[][] = [];
    for (const [c, categoryId] of categories.entries()) {
      const rules = [crypto.randomUUID(), crypto.randomUUID()];
      await db.execute(sql`insert into reset_rules (id, partner_id, name, category_id, type, remind_before_reset,
          remind_before)
        values (${rules[0]}, ${partnerId}, ${`Manual ${c + 1}`}, ${categoryId}, 'manual', false, null),
          (${rules[1]}, ${partnerId}, ${`Manual, 5 days ahead ${c + 1}`}, ${categoryId}, 'manual', true, 5)`);
      const ids: string[] = [];
      for (const t of TIMERS) {
        const id = crypto.randomUUID();
        const rule = t.remind ? rules[1] : rules[0];
        await db.execute(sql`insert into timers (id, partner_id, name, category_id, kind, timing_unit, timing_quantity,
            cron) values (${id}, ${partnerId}, ${`${t.name} (${c + 1})`}, ${categoryId}, ${t.kind}, ${t.unit},
            ${t.quantity}, ${t.cron})`);
        await db.execute(sql`insert into timer_reset_rules (timer_id, reset_rule_id) values (${id}, ${rule})`);
        ids.push(id);
      }
      perCategory.push(ids);
      // One group per bucket of asset numbers, partner, category and timer (about 330 assets each).
      for (const [k, timerId] of ids.entries()) {
        const rule = TIMERS[k]?.remind ? rules[1] : rules[0];
        await db.execute(
          sql.raw(`insert into asset_timer_groups (id, partner_id, timer_id, category_id, reset_rule_id)
            select ${idOf(`'group-' || b || '-${p}-${c}-${k}'`)}, '${partnerId}', '${timerId}', '${categoryId}', '${rule}'
            from generate_series(0, ${Math.ceil(total / BUCKET) - 1}) b`),
        );
      }
    }
    timers.push(perCategory);
  }

  // The asset timers: cycles started at spread-out moments and odometer readings before T0, their thresholds
  // written with them. The SQL below is cycle.ts's computation for these five timers (calendar time on the
  // partner's clock, the next Monday 08:00 there, overdue 10 % of the length later); checked against
  // recomputeCycles on a small fleet (identical to the millisecond) — 500,000 rows through it would take the seed
  // from minutes to the better part of an hour.
  const t0 = `timestamptz '${T0.toISOString()}'`;
  const seededAt = `${t0} - interval '1 day'`;
  for (const [k, t] of TIMERS.entries()) {
    const startedAt =
      t.kind === 'time' && t.unit === 'months'
        ? `${t0} - ${share(k)} * interval '105 days'`
        : t.kind === 'schedule'
          ? `${t0} - ${share(k)} * interval '8 days'`
          : t.kind === 'time'
            ? `${t0} - ${share(k)} * interval '35 days'`
            : `${t0} - ${share(k + 20)} * interval '60 days'`;
    // Usage cycles began 0 to 112 % of their length ago.
    const startDistance = t.kind === 'distance' ? `${BASE_DISTANCE_M} - ${share(k)} * 560000` : '0';
    const startRide = t.kind === 'rideTime' ? `${BASE_RIDE_S} - ${share(k)} * 112 * 3600` : '0';
    const local = '(s.started_at at time zone s.tz)';
    const monday = `(date_trunc('week', ${local}) + interval '8 hours')`;
    const dueAt =
      t.kind === 'time'
        ? `((${local} + interval '${t.quantity} ${t.unit}') at time zone s.tz)`
        : t.kind === 'schedule'
          ? `((case when ${monday} > ${local} then ${monday} else ${monday} + interval '7 days' end) at time zone s.tz)`
          : 'null::timestamptz';
    const length = t.kind === 'schedule' ? "interval '7 days'" : '(d.due_at - s.started_at)';
    const upcomingAt = t.remind ? "((d.due_at at time zone s.tz) - interval '5 days') at time zone s.tz" : 'null';
    const usageLength = t.kind === 'distance' ? (t.quantity ?? 0) * 1000 : (t.quantity ?? 0) * 3600;
    const usageStart = t.kind === 'distance' ? 's.start_distance' : 's.start_ride';
    const usage = t.kind === 'distance' || t.kind === 'rideTime';
    const timerArray = `array[${timers.map((perCategory) => `array[${perCategory.map((ids) => `'${ids[k]}'::uuid`).join(',')}]`).join(',')}]`;
    await db.execute(
      sql.raw(`insert into asset_timers (id, group_id, timer_id, asset_id, partner_id, cycle, cycle_started_at,
          start_distance_m, start_ride_seconds, upcoming_at, due_at, overdue_at, upcoming_at_usage, due_at_usage,
          overdue_at_usage, state, state_changed_at, last_reset_at, last_reset_cause, created_at, updated_at)
        select ${idOf(`'at-' || g || '-${k}'`)},
          ${idOf(`'group-' || (g / ${BUCKET}) || '-' || ${PARTNER_OF} || '-' || ${CATEGORY_OF} || '-${k}'`)},
          (${timerArray})[1 + ${PARTNER_OF}][1 + ${CATEGORY_OF}], ${idOf("'asset' || g")},
          (${uuids(partners)})[1 + ${PARTNER_OF}], 1, s.started_at, s.start_distance, s.start_ride,
          ${usage ? 'null' : upcomingAt}, d.due_at, ${usage ? 'null' : `d.due_at + 0.1 * ${length}`},
          null, ${usage ? `${usageStart} + ${usageLength}` : 'null'},
          ${usage ? `${usageStart} + ${usageLength * 1.1}` : 'null'},
          'ok', s.started_at, s.started_at, 'added', s.started_at, ${seededAt}
        from generate_series(0, ${total - 1}) g,
          lateral (select ${startedAt} as started_at, ${startDistance} as start_distance, ${startRide} as start_ride,
            (array[${PARTNER_ZONES.map((z) => `'${z}'`).join(',')}])[1 + ${PARTNER_OF}] as tz) s,
          lateral (select ${dueAt} as due_at) d`),
    );
    process.stdout.write(`\r  asset timers of timer ${k + 1} / ${TIMERS.length} inserted`);
  }
  console.log('');
  await db.execute(sql`insert into asset_timer_logs (asset_timer_id, asset_id, partner_id, timer_id, group_id, cycle,
      kind, value, cause, created_at)
    select id, asset_id, partner_id, timer_id, group_id, 1, 'reset', 0, 'added', cycle_started_at from asset_timers`);

  const reader = await seed.role(db, {
    title: 'Bench reminder reader',
    permissions: ['work_reminder.read', 'work_reminder.log.read', 'asset.read'],
  });
  const partnerUser = 'bench-partner-lead@bench.local';
  const accountUser = 'bench-account-lead@bench.local';
  await seed.user(db, {
    username: 'bench-partner-lead',
    email: partnerUser,
    password: PASSWORD,
    partnerScope: [partners[0] as string],
    roleIds: [reader.id],
  });
  await seed.user(db, {
    username: 'bench-account-lead',
    email: accountUser,
    password: PASSWORD,
    partnerScope: '*',
    roleIds: [reader.id],
  });
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { partners, categories, sites, timers, partnerUser, accountUser };
}

/** The fleet of a database seeded before (the bench's own names), or null when it must be seeded. */
async function existingFleet(database: Database, total: number): Promise<Fleet | null> {
  const { db } = database;
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from asset_timers`);
  if (Number(n?.n) !== total * TIMERS.length) return null;
  // The users are seeded last: without them an earlier seeding stopped half-way.
  const [done] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users where username like 'bench-%'`);
  if (Number(done?.n) !== 2) return null;
  const ids = async (query: ReturnType<typeof sql>) => (await rows<{ id: string }>(db, query)).map((r) => r.id);
  const partners = await ids(sql`select id from partners where name like 'Bench partner %' order by name`);
  const categories = await ids(sql`select id from asset_categories where name like 'Bench e-bike %' order by name`);
  const sites = await Promise.all(
    partners.map((p) => ids(sql`select id from sites where partner_id = ${p} order by name`)),
  );
  const timers = await Promise.all(
    partners.map((p) =>
      Promise.all(
        categories.map(async (c) => {
          const list = await rows<{ id: string; name: string }>(
            db,
            sql`select id, name from timers where partner_id = ${p} and category_id = ${c}`,
          );
          return TIMERS.map((t) => list.find((r) => r.name.startsWith(t.name))?.id as string);
        }),
      ),
    ),
  );
  return {
    partners,
    categories,
    sites,
    timers,
    partnerUser: 'bench-partner-lead@bench.local',
    accountUser: 'bench-account-lead@bench.local',
  };
}

/** Every asset timer back at `ok` in cycle 1, no fire logged, the odometers as seeded: each run starts the same. */
async function rewind(database: Database) {
  const { db } = database;
  const started = Date.now();
  await db.execute(sql`update asset_timers set state = 'ok', state_changed_at = cycle_started_at,
      acknowledged_at = null, acknowledged_by = null, updated_at = ${new Date(T0.getTime() - DAY_S * 1000)}
    where state <> 'ok' or acknowledged_at is not null`);
  await db.execute(sql`delete from asset_timer_logs where kind <> 'reset'`);
  await db.execute(
    sql.raw(`update asset_odometers o set distance_m = s.d, ride_seconds = s.r,
        updated_at = timestamptz '${T0.toISOString()}' - interval '1 day'
      from (select a.id, ${BASE_DISTANCE_M.replaceAll('g::bigint', `${G_OF_NO}::bigint`)} as d,
          ${BASE_RIDE_S.replaceAll('g::bigint', `${G_OF_NO}::bigint`)} as r
        from assets a where a.no like 'R%') s
      where o.asset_id = s.id and (o.distance_m <> s.d or o.ride_seconds <> s.r)`),
  );
  await db.execute(sql`delete from notifications`);
  // The steady state autovacuum keeps live tables in: statistics current, the visibility map set.
  await db.execute(sql`vacuum analyze asset_timers`);
  await db.execute(sql`vacuum analyze asset_odometers`);
  await db.execute(sql`vacuum analyze asset_timer_logs`);
  console.log(`  rewound to T0 in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Trips landing between two rounds: every 20th asset (by `salt`) rides 0 to 30 km and 0 to 3 h more. */
async function ride(database: Database, salt: number, at: Date) {
  await database.db.execute(
    sql.raw(`update asset_odometers o set distance_m = o.distance_m + ${share(salt).replaceAll('g::bigint', `${G_OF_NO}::bigint`)} * 30000,
        ride_seconds = o.ride_seconds + ${share(salt + 1).replaceAll('g::bigint', `${G_OF_NO}::bigint`)} * 10800,
        updated_at = timestamptz '${at.toISOString()}'
      from assets a where a.id = o.asset_id and ${G_OF_NO} % 20 = ${salt % 20}`),
  );
}

async function fires(database: Database) {
  const list = await rows<{ kind: string; n: number }>(
    database.db,
    sql`select kind, count(*)::int as n from asset_timer_logs where kind in ('upcoming', 'due', 'overdue')
      group by kind`,
  );
  return Object.fromEntries(list.map((r) => [r.kind, Number(r.n)])) as Record<string, number>;
}

const f = (ms: number) => `${ms.toFixed(1)} ms`;

async function rounds(database: Database) {
  console.log('\n### Evaluation rounds (500,000 asset timers; target ≤ 30 s each)');
  const plan: { label: string; at: Date; rides?: number }[] = [
    { label: 'catch-up at T0 (nothing evaluated before)', at: T0 },
    { label: 'T0 + 1 min, 5 % of the assets rode', at: new Date(T0.getTime() + 60_000), rides: 3 },
    { label: 'T0 + 1 day, 5 % of the assets rode', at: new Date(T0.getTime() + DAY_S * 1000), rides: 7 },
  ];
  let worst = 0;
  let before = await fires(database);
  let previous: Date | null = null;
  for (const step of plan) {
    if (step.rides !== undefined) await ride(database, step.rides, step.at);
    const started = performance.now();
    // As the job runs it: the first round after a start reads every usage timer, later ones those moved since the
    // previous round's start less the job's 10-minute margin.
    await evaluateReminders(database.db, step.at, {
      since: previous ? new Date(previous.getTime() - 10 * 60_000) : null,
    });
    previous = step.at;
    const s = (performance.now() - started) / 1000;
    worst = Math.max(worst, s);
    const after = await fires(database);
    const fired = ['upcoming', 'due', 'overdue'].map((k) => `${k} ${(after[k] ?? 0) - (before[k] ?? 0)}`).join(', ');
    before = after;
    console.log(`  ${step.label.padEnd(44)} ${s.toFixed(2).padStart(6)} s  fired: ${fired}`);
  }
  const states = await rows<{ state: string; n: number }>(
    database.db,
    sql`select state, count(*)::int as n from asset_timers group by state order by state`,
  );
  console.log(`  states after the rounds: ${states.map((r) => `${r.state} ${r.n}`).join(', ')}`);
  return worst;
}

type Server = Awaited<ReturnType<typeof startBenchServer>>;

async function get(server: Server, token: string, pathName: string) {
  const started = performance.now();
  const res = await fetch(`${server.base}${pathName}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as Record<string, unknown>;
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${pathName} ${res.status}: ${JSON.stringify(json)}`);
  return { ms, json };
}

/** What the log centre sends: its first page with the count, filtered the ways the screen offers. */
function cases(fleet: Fleet, who: 'partner' | 'account'): [string, string][] {
  const centre = '/reminder/asset-timer-log-center?pageSize=20';
  const p0 = 0;
  const list: [string, string][] = [
    ['needs attention (default)', centre],
    ['due + overdue', `${centre}&stateIn=due,overdue`],
    ['overdue, not acknowledged', `${centre}&stateIn=overdue&acknowledged=false`],
    ['one category', `${centre}&categoryIdIn=${fleet.categories[1]}`],
    ['one site', `${centre}&siteIdIn=${fleet.sites[p0]?.[2]}`],
    ['one timer', `${centre}&timerId=${fleet.timers[p0]?.[0]?.[1]}`],
    [
      'category + site + due',
      `${centre}&categoryIdIn=${fleet.categories[0]}&siteIdIn=${fleet.sites[p0]?.[0]}&stateIn=due`,
    ],
    ['latest changes first', `${centre}&sort=stateChangedAt:desc`],
    ['by asset number', `${centre}&sort=assetNo:asc`],
    ['all states incl. ok', `${centre}&stateIn=ok,upcoming,due,overdue`],
    ['one asset', `${centre}&assetNo=R000120&stateIn=ok,upcoming,due,overdue`],
  ];
  if (who === 'account') {
    list.push(['one partner (30 %)', `${centre}&partnerIdIn=${fleet.partners[1]}`]);
    list.push(['one partner, overdue', `${centre}&partnerIdIn=${fleet.partners[2]}&stateIn=overdue`]);
  }
  return list;
}

async function measure(server: Server, token: string, label: string, list: [string, string][]) {
  console.log(`\n### ${label}`);
  let worst = 0;
  for (const [name, url] of list) {
    for (let i = 0; i < 3; i++) await get(server, token, url);
    const times: number[] = [];
    let result = '';
    for (let i = 0; i < ROUNDS; i++) {
      const { ms, json } = await get(server, token, url);
      times.push(ms);
      result = `count ${json.countIsEstimate ? '~' : ''}${json.count}, ${(json.data as unknown[]).length} rows`;
    }
    const p95 = quantile(times, 0.95);
    worst = Math.max(worst, p95);
    console.log(
      `  ${name.padEnd(30)} p50 ${f(quantile(times, 0.5)).padStart(9)}  p95 ${f(p95).padStart(9)}  ${result}`,
    );
  }
  return worst;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-'));
const pgdb = await openBenchDatabase(`fleetdesk_bench_reminders_${ASSETS}`);
const { database } = pgdb;
console.log(
  `\n## PostgreSQL ${pgdb.version} (database ${pgdb.name}), ${ASSETS.toLocaleString('en')} assets × ${TIMERS.length} timers — ${machine()}`,
);
await database.migrate();
let fleet = await existingFleet(database, ASSETS);
if (fleet) console.log('  reusing the seeded database (BENCH_FRESH=1 rebuilds it)');
else {
  await database.db.execute(
    sql`truncate asset_timer_logs, asset_timers, asset_odometers, asset_timer_groups, timer_reset_rules, timers,
      reset_rules, assets, asset_categories, sites, partners, users, roles cascade`,
  );
  fleet = await seedFleet(database, ASSETS);
}
await rewind(database);
const results: Record<string, number> = {};
results.round = await rounds(database);
await database.db.execute(sql`vacuum analyze asset_timers`);
const server = await startBenchServer(database, dataDir, PASSWORD);
try {
  results.partner = await measure(
    server,
    await server.login(fleet.partnerUser, PASSWORD),
    'Log centre, a user of partner 1 (half the assets)',
    cases(fleet, 'partner'),
  );
  results.account = await measure(
    server,
    await server.login(fleet.accountUser, PASSWORD),
    'Log centre, a user of every partner',
    cases(fleet, 'account'),
  );
} finally {
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n## Targets');
const round = results.round ?? Number.NaN;
console.log(
  `  evaluation: slowest round ${round.toFixed(2)} s (target ≤ ${ROUND_TARGET_S} s): ${round <= ROUND_TARGET_S ? 'met' : 'NOT met'}`,
);
for (const who of ['partner', 'account']) {
  const p95 = results[who] ?? Number.NaN;
  console.log(
    `  log centre, ${who} user: worst p95 ${f(p95)} (target ≤ ${TARGET_MS} ms): ${p95 <= TARGET_MS ? 'met' : 'NOT met'}`,
  );
}
process.exit(0);
