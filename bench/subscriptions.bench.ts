import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { localPaymentProvider } from '../apps/server/src/adapters/payments.ts';
import { type Db, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';
import { rows } from '../apps/server/src/db/sql.ts';
import { createPaymentService } from '../apps/server/src/modules/payments/payments.service.ts';
import { createSubscriptionBilling, followUp } from '../apps/server/src/modules/subscriptions/billing.ts';
import { insertPeriods, type NewPeriod } from '../apps/server/src/modules/subscriptions/orders.repo.ts';
import { basicFeeOf, firstPeriod, fullLengthMs } from '../apps/server/src/modules/subscriptions/periods.ts';
import { ADMIN_URL, benchDatabase, machine } from './common.ts';

/**
 * npm run bench:subscriptions — closing a subscription period at scale (issue 24 "Proof and performance").
 *
 * PostgreSQL with BENCH_ORDERS (10,000) subscription orders × 10 assets = 100,000 subscribed assets, written in bulk
 * (json_to_recordset / generate_series, not the API) as the orders service writes them: the order, its assets
 * (membership from period 1, the asset's usage mode `partner-subscription`), period 1 with its basic trade
 * (`insertPeriods` itself), and that basic trade paid through the ledger as the charge at creation leaves it. Four
 * partners (Europe/Rome, Europe/Madrid, Asia/Seoul, America/New_York), one monthly rolling plan each (different
 * fees and free hours); the orders started 35 days ago, spread over 6 hours; every 50th pays with a card that is
 * declined. Every asset rode 3–5 trips in period 1 (15–115 min); every 4th asset's last trip crosses the period end,
 * every 10th asset's first trip began before the order did, every 5th asset has a trip in period 2 already, and
 * the assets of every 20th order did not ride at all (a zero usage trade, no charge). Before that, every asset rode
 * a customer trip a week for BENCH_HISTORY_WEEKS (12) weeks, ending 40 days before its order (1.2 million trips of
 * history the usage count must not read through).
 *
 * Measured: one billing round (`createSubscriptionBilling(…).run()`, the real clock, well after every period 1's
 * `closes_at`) — the worst round there is, because period 2 was never fixed either (the job did not run since two
 * days before period 1 ended): it fixes 10,000 periods 2 (basic trades, claimable at once), counts usage and makes
 * 10,000 usage trades of period 1, and charges every claimable trade through the ledger and the local Stripe-like
 * provider. Run 1 with one billing instance, run 2 with BENCH_INSTANCES (2) at once, each on its own pool (as two
 * servers), each run on its own copy of the seeded database. Target ≤ 5 min per run. Checked: each trade exactly
 * once per (period, fee type), every claimable trade charged, each charge once in the ledger (payments per
 * subject), and each order's usage seconds equal to its trips' seconds inside period 1 computed independently.
 *
 * The databases are dropped at the end (BENCH_KEEP=1 keeps the seeded one, `fleetdesk_bench_subscriptions_seed`).
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const ASSETS_PER_ORDER = 10;
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TARGET_S = 300;
/** Weeks of customer-rental trips each asset rode before it was subscribed (one a week). */
const HISTORY_WEEKS = Number(process.env.BENCH_HISTORY_WEEKS ?? 12);
/** SUBSCRIPTION_USAGE_LAG_MS's default (document 2 §9: trip statistics may lag up to 48 h). */
const USAGE_LAG_MS = 48 * 3_600_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES = ['Europe/Rome', 'Europe/Madrid', 'Asia/Seoul', 'America/New_York'];
const PLANS = [
  { basicFee: 100, usageFee: 2, upperLimit: 500, deductible: 10 },
  { basicFee: 120, usageFee: 1.5, upperLimit: 400, deductible: 0 },
  { basicFee: 90, usageFee: 3, upperLimit: 600, deductible: 20 },
  { basicFee: 150, usageFee: 2.5, upperLimit: 300, deductible: 5 },
];
const SEED_DB = 'fleetdesk_bench_subscriptions_seed';
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** A valid version-4 uuid derived from a text (md5 with the version and variant digits set), as SQL. */
const idOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function seedSubscriptions(db: Db, now: Date) {
  const log = (what: string, since: number) => console.log(`  ${what} in ${seconds(Date.now() - since)} s`);
  let step = Date.now();
  await seed.account(db);
  const categoryId = randomUUID();
  await db.execute(
    sql`insert into asset_categories (id, name, asset_type) values (${categoryId}, 'Bench e-bike', 'EBIKE')`,
  );
  const partners: { id: string; zone: string; siteId: string; packageId: string; planId: string }[] = [];
  for (const [p, zone] of ZONES.entries()) {
    const { id } = await seed.partner(db, { name: `Bench partner ${p + 1}` });
    const terms = PLANS[p] as (typeof PLANS)[number];
    await db.execute(sql`update partners set timezone = ${zone} where id = ${id}`);
    await db.execute(sql`insert into partner_operations (partner_id, currency, timezone, beep_policy,
        battery_lock_policy, gps_policy, light_policy, lock_policy, push_geolocation_checkpoint_policy,
        customer_self_join_policy)
      values (${id}, 'EUR', '+01:00', 'enabled', 'enabled', 'enabled', 'enabled', 'enabled', 'enabled', 'open')`);
    const siteId = randomUUID();
    await db.execute(sql`insert into sites (id, partner_id, name, type, city, latitude, longitude)
      values (${siteId}, ${id}, ${`Depot ${p + 1}`}, 'station', 'Milano', 45.46, 9.19)`);
    const packageId = randomUUID();
    const planId = randomUUID();
    await db.execute(sql`insert into subscription_packages (id, partner_id, category_id, name)
      values (${packageId}, ${id}, ${categoryId}, ${`Fleet ${p + 1}`})`);
    await db.execute(sql`insert into subscription_plans (id, package_id, position, name, basic_fee, usage_fee,
        usage_fee_upper_limit, initial_availability, deductible, duration_unit, duration_quantity, valid_since, valid_until)
      values (${planId}, ${packageId}, 0, 'Monthly', ${terms.basicFee}, ${terms.usageFee}, ${terms.upperLimit}, 10,
        ${terms.deductible}, 'months', 1, '2020-01-01T00:00:00Z', '2100-01-01T00:00:00Z')`);
    partners.push({ id, zone, siteId, packageId, planId });
  }

  // Orders and their first periods, computed as the orders service computes them (firstPeriod, followUp, basicFeeOf).
  const monthly = { durationUnit: 'months', durationQuantity: 1 } as const;
  const base = Math.floor((now.getTime() - 35 * DAY) / HOUR) * HOUR;
  const orders = [];
  const periods: NewPeriod[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const p = i % partners.length;
    const partner = partners[p] as (typeof partners)[number];
    const terms = PLANS[p] as (typeof PLANS)[number];
    const start = new Date(base + (i % 360) * 60_000);
    const first = firstPeriod(start, monthly, partner.zone, null);
    const after = followUp({ renew_strategy: 'auto-renew', terminate_time: null }, first);
    const id = randomUUID();
    orders.push({
      id,
      no: `SO-${String(i + 1).padStart(6, '0')}`,
      partnerId: partner.id,
      packageId: partner.packageId,
      planId: partner.planId,
      siteId: partner.siteId,
      paymentMethod: i % 50 === 49 ? 'pm_card_chargeDeclined' : 'pm_card_visa',
      timezone: partner.zone,
      startTime: start.toISOString(),
      ...after,
    });
    periods.push({
      id: randomUUID(),
      orderId: id,
      sequence: 1,
      startsAt: first.startsAt.toISOString(),
      endsAt: first.endsAt.toISOString(),
      planId: partner.planId,
      basicFee: terms.basicFee,
      usageFee: terms.usageFee,
      usageFeeUpperLimit: terms.upperLimit,
      deductible: terms.deductible,
      anchorAt: first.anchorAt.toISOString(),
      anchorOffset: first.anchorOffset,
      closesAt: new Date(first.endsAt.getTime() + USAGE_LAG_MS).toISOString(),
      basicAmount: basicFeeOf(terms.basicFee, first, fullLengthMs(first.startsAt, monthly, partner.zone)),
      basicTradeId: randomUUID(),
    });
    const closes = Date.parse(periods.at(-1)?.closesAt as string);
    if (closes >= now.getTime()) throw new Error(`period 1 of order ${i} closes after now`);
  }
  for (let i = 0; i < orders.length; i += 2_000) {
    await db.execute(sql`
      insert into subscription_orders (id, no, partner_id, package_id, category_id, plan_id, asset_quota,
        asset_transfer_site_id, renew_strategy, terminate_time, note, usage_period_mode, billing_day_of_month,
        payment_type, payment_method, currency, timezone, start_time, fixed_through, next_fix_at, ends_at,
        created_at, updated_at)
      select v.id, v.no, v."partnerId", v."packageId", ${categoryId}::uuid, v."planId", ${ASSETS_PER_ORDER},
        v."siteId", 'auto-renew', null, '', 'rolling', null, 'credit-card', v."paymentMethod", 'EUR', v.timezone,
        v."startTime", 1, v."nextFixAt", v."endsAt", v."startTime", v."startTime"
      from json_to_recordset(${JSON.stringify(orders.slice(i, i + 2_000))}::json) as v(id uuid, no text,
        "partnerId" uuid, "packageId" uuid, "planId" uuid, "siteId" uuid, "paymentMethod" text, timezone text,
        "startTime" timestamptz, "nextFixAt" timestamptz, "endsAt" timestamptz)`);
  }
  await db.execute(sql`select setval('subscription_order_no_seq', ${ORDERS})`);
  log(`${ORDERS.toLocaleString('en')} orders`, step);

  // The assets (g = 0 … n − 1; order g / 10) as addAssets leaves them: subscribed, their prior mode kept.
  step = Date.now();
  const assetCount = ORDERS * ASSETS_PER_ORDER;
  const partnerIds = `array[${partners.map((p) => `'${p.id}'::uuid`).join(',')}]`;
  const siteIds = `array[${partners.map((p) => `'${p.siteId}'::uuid`).join(',')}]`;
  const orderOf = `'SO-' || lpad((g / ${ASSETS_PER_ORDER} + 1)::text, 6, '0')`;
  await db.execute(
    sql.raw(`insert into assets (id, no, partner_id, category_id, site_id, usage_mode, life_cycle_state)
      select ${idOf("'asset' || g")}, 'S' || lpad(g::text, 6, '0'),
        (${partnerIds})[1 + (g / ${ASSETS_PER_ORDER}) % ${partners.length}], '${categoryId}',
        (${siteIds})[1 + (g / ${ASSETS_PER_ORDER}) % ${partners.length}], 'partner-subscription', 'Ready'
      from generate_series(0, ${assetCount - 1}) g`),
  );
  await db.execute(
    sql.raw(`insert into subscription_order_assets (order_id, asset_id, from_sequence, prior_usage_mode)
      select o.id, ${idOf("'asset' || g")}, 1, 'customer-rental'
      from generate_series(0, ${assetCount - 1}) g join subscription_orders o on o.no = ${orderOf}`),
  );
  log(`${assetCount.toLocaleString('en')} assets and memberships`, step);

  // Period 1 of every order and its basic trade, by the repository function the service calls.
  step = Date.now();
  for (let i = 0; i < periods.length; i += 1_000) await insertPeriods(db, '*', periods.slice(i, i + 1_000));
  // The charge at creation (billing.charge right after the order): the basic trade paid through the ledger.
  await db.execute(sql`
    with paid as (
      select t.id, t.amount, t.claimable_at, o.payment_method, o.no, ${sql.raw(idOf('t.id::text'))} as payment_id
      from subscription_trades t join subscription_orders o on o.id = t.order_id where t.fee_type = 'basic'),
    ledger as (
      insert into payments (id, kind, subject_type, subject_id, amount, currency, status, provider, payment_method,
        idempotency_key, provider_ref, reason, settled_at, created_at, updated_at)
      select payment_id, 'charge', 'subscription-trade', id, amount, 'EUR', 'Succeeded', 'local', payment_method,
        'charge:subscription-trade:' || id || ':1', 'ch_bench_' || md5(id::text), 'Subscription ' || no || ', period 1, basic fee',
        claimable_at, claimable_at, claimable_at
      from paid)
    update subscription_trades t set state = 'Succeeded', attempts = 1, last_attempt_at = paid.claimable_at,
      payment_id = paid.payment_id, paid_at = paid.claimable_at, updated_at = paid.claimable_at
    from paid where t.id = paid.id`);
  log(`${periods.length.toLocaleString('en')} periods 1 with their basic trades paid`, step);

  // Trips: 3–5 per asset inside period 1, 15–115 min each; some crossing the period's end, some beginning before
  // the order, some in period 2; none for the assets of every 20th order.
  step = Date.now();
  const trip = (started: string, minutes: string, where: string) =>
    db.execute(
      sql.raw(`insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
          start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
        select gen_random_uuid(), a.asset_id, a.partner_id, '${categoryId}', 'finished', 'movement', s.started,
          45.46, 9.19, s.started + (${minutes}) * interval '1 minute', 45.47, 9.2, 1000 + k * 100, 20
        from (select g, ${idOf("'asset' || g")} as asset_id, (${partnerIds})[1 + (g / ${ASSETS_PER_ORDER}) % ${partners.length}] as partner_id
              from generate_series(0, ${assetCount - 1}) g where (g / ${ASSETS_PER_ORDER}) % 20 <> 19) a
        join subscription_orders o on o.no = ${orderOf.replaceAll('g /', 'a.g /')}
        join subscription_periods p on p.order_id = o.id and p.sequence = 1
        cross join lateral generate_series(0, 2 + a.g % 3) k
        cross join lateral (select ${started} as started) s
        where ${where}`),
    );
  const n = '(3 + a.g % 3)';
  // Evenly spread in the period, the last one of every 4th asset moved to 40 min before the end (crossing it).
  await trip(
    `case when a.g % 4 = 0 and k = ${n} - 1 then p.ends_at - interval '40 minutes'
       else p.starts_at + (p.ends_at - p.starts_at) * ((k + 0.5) / ${n}) end`,
    '15 + (a.g * 7 + k * 13) % 101',
    'true',
  );
  await trip(`p.starts_at - interval '20 minutes'`, '45', 'k = 0 and a.g % 10 = 0');
  await trip(`p.ends_at + interval '1 day'`, '30', 'k = 0 and a.g % 5 = 0');
  log('trips', step);
  // Before the order the assets were rented to customers: a trip a week for HISTORY_WEEKS, ending 40 days before
  // the order began, so the usage count meets a trips table that holds history it must not read through.
  step = Date.now();
  await db.execute(sql`
    insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
      start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
    select gen_random_uuid(), m.asset_id, o.partner_id, o.category_id, 'finished', 'customer-renting-scan', s.started,
      45.46, 9.19, s.started + interval '50 minutes', 45.47, 9.2, 3000, 30
    from subscription_order_assets m join subscription_orders o on o.id = m.order_id
    join subscription_periods p on p.order_id = o.id and p.sequence = 1
    cross join generate_series(0, ${HISTORY_WEEKS - 1}) k
    cross join lateral (select p.starts_at - interval '40 days' - k * interval '7 days' as started) s`);
  log(`${HISTORY_WEEKS} weeks of earlier trips`, step);
  step = Date.now();
  await db.execute(sql`vacuum analyze`);
  log('vacuum analyze', step);
}

/** Progress of a round, read from another connection: when fixing, closing and charging were done. */
function watch(db: Db, began: number) {
  const marks: { fixed?: number; closed?: number; charged?: number } = {};
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const [r] = await rows<{ fixed: number; closed: number; open: number }>(
        db,
        sql`select (select count(*) from subscription_periods where sequence = 2)::int as fixed,
          (select count(*) from subscription_periods where sequence = 1 and closed_at is not null)::int as closed,
          (select count(*) from subscription_trades where state in ('Pending', 'Claimable', 'Processing')
            and amount > 0)::int as open`,
      );
      const at = Date.now() - began;
      if (r && marks.fixed === undefined && r.fixed === ORDERS) marks.fixed = at;
      if (r && marks.closed === undefined && r.closed === ORDERS) marks.closed = at;
      if (r && marks.charged === undefined && marks.closed !== undefined && r.open === 0) marks.charged = at;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    marks,
    stop: async () => {
      stop = true;
      await done;
    },
  };
}

interface Check {
  periods2: number;
  closed1: number;
  basic2: number;
  usage1: number;
  dup_trades: number;
  open_trades: number;
  charged_trades: number;
  succeeded: number;
  failed: number;
  zero_usage: number;
  new_payments: number;
  dup_payments: number;
  unpaid_charged: number;
  usage_mismatch: number;
  usage_hours: number;
  usage_amount: number;
  trip_usage_rows: number;
}

async function check(db: Db): Promise<Check> {
  const [r] = await rows<Check>(
    db,
    sql`with expected as (
          select p.order_id, coalesce(sum(extract(epoch from least(t.ended_at, p.ends_at) - greatest(t.started_at, p.starts_at)))
            filter (where t.id is not null), 0) as secs
          from subscription_periods p
          join subscription_order_assets m on m.order_id = p.order_id
          left join trips t on t.asset_id = m.asset_id and t.started_at < p.ends_at and t.ended_at > p.starts_at
          where p.sequence = 1 group by p.order_id),
        usage as (
          select t.order_id, t.usage_seconds from subscription_trades t
          join subscription_periods p on p.id = t.period_id and p.sequence = 1 where t.fee_type = 'usage'),
        made as (
          select t.* from subscription_trades t join subscription_periods p on p.id = t.period_id
          where (p.sequence = 2 and t.fee_type = 'basic') or (p.sequence = 1 and t.fee_type = 'usage'))
      select
        (select count(*) from subscription_periods where sequence = 2)::int as periods2,
        (select count(*) from subscription_periods where sequence = 1 and closed_at is not null)::int as closed1,
        (select count(*) from made where fee_type = 'basic')::int as basic2,
        (select count(*) from made where fee_type = 'usage')::int as usage1,
        (select count(*) from (select 1 from subscription_trades group by period_id, fee_type having count(*) > 1) d)::int
          as dup_trades,
        (select count(*) from subscription_trades where state in ('Pending', 'Claimable', 'Processing')
          and amount - exempted > 0)::int as open_trades,
        (select count(*) from made where amount > 0)::int as charged_trades,
        (select count(*) from made where amount > 0 and state = 'Succeeded')::int as succeeded,
        (select count(*) from made where state = 'Failed')::int as failed,
        (select count(*) from made where fee_type = 'usage' and amount = 0)::int as zero_usage,
        (select count(*) from payments p join made on made.id = p.subject_id
          where p.subject_type = 'subscription-trade')::int as new_payments,
        (select count(*) from (select 1 from payments where subject_type = 'subscription-trade'
          group by subject_id having count(*) > 1) d)::int as dup_payments,
        (select count(*) from made where amount > 0 and (made.payment_id is null or not exists (
          select 1 from payments p where p.id = made.payment_id and p.subject_id = made.id
            and p.idempotency_key = 'charge:subscription-trade:' || made.id || ':' || made.attempts)))::int
          as unpaid_charged,
        (select count(*) from expected e left join usage u on u.order_id = e.order_id
          where u.usage_seconds is null or abs(u.usage_seconds - e.secs) > 0.5)::int as usage_mismatch,
        (select round(sum(usage_seconds)::numeric / 3600) from usage)::int as usage_hours,
        (select sum(amount) from made where fee_type = 'usage')::float8 as usage_amount,
        (select count(*) from subscription_trip_usage)::int as trip_usage_rows`,
  );
  return r as Check;
}

const log = pino({ level: 'warn' });

/** One round on a fresh copy of the seeded database with `instances` billing instances at once. */
async function round(label: string, instances: number) {
  const dbName = `fleetdesk_bench_subscriptions_${label}`;
  const copied = Date.now();
  await admin(async (c) => {
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`create database ${dbName} template ${SEED_DB} strategy file_copy`);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const copySeconds = seconds(Date.now() - copied);
  const billings = await Promise.all(
    Array.from({ length: instances }, async () => {
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      const payments = createPaymentService({
        db: database.db,
        provider: localPaymentProvider({ db: database.db, webhookSecret: 'bench' }),
        log,
      });
      return {
        database,
        billing: createSubscriptionBilling({
          db: database.db,
          payments,
          usageLagMs: USAGE_LAG_MS,
          concurrency: CONCURRENCY,
        }),
      };
    }),
  );
  const observer = await openDatabase({ kind: 'postgres', url: url.toString() });
  const began = Date.now();
  const progress = watch(observer.db, began);
  const results = await Promise.all(billings.map((b) => b.billing.run()));
  const elapsed = (Date.now() - began) / 1000;
  await progress.stop();
  // A step that ended between the last reading and the end of the round ended by then.
  progress.marks.fixed ??= elapsed * 1000;
  progress.marks.closed ??= elapsed * 1000;
  progress.marks.charged ??= elapsed * 1000;
  const c = await check(observer.db);
  const { marks } = progress;
  const at = (ms: number | undefined) => (ms === undefined ? '?' : `${seconds(ms)} s`);
  console.log(
    `\n${label}: ${instances} instance${instances > 1 ? 's' : ''} × ${CONCURRENCY} charges at a time (database copied in ${copySeconds} s)`,
  );
  console.log(`  round closed in ${elapsed.toFixed(1)} s; target ≤ ${TARGET_S} s`);
  console.log(
    `  steps (from the start, read every 0.5 s): every period 2 fixed at ${at(marks.fixed)}, every period 1 closed at ${at(marks.closed)}, nothing left to charge at ${at(marks.charged)}`,
  );
  console.log(
    `  per instance: ${results.map((r) => `${r.fixed} fixed, ${r.closed} closed, ${r.finished} finished, ${r.charged} charged`).join('; ')}`,
  );
  console.log(
    `  periods 2 fixed ${c.periods2}, periods 1 closed ${c.closed1}; trades made: ${c.basic2} basic (period 2) + ${c.usage1} usage (period 1, ${c.zero_usage} of them zero); ${c.usage_hours.toLocaleString('en')} ride hours billed, ${c.usage_amount.toLocaleString('en')} EUR usage`,
  );
  console.log(
    `  charges: ${c.charged_trades} trades to charge, ${c.new_payments} ledger charges (${c.succeeded} succeeded, ${c.failed} failed on declined cards); still open ${c.open_trades}; trades twice per (period, fee type) ${c.dup_trades}; subjects charged twice ${c.dup_payments}; charged trades without their ledger row ${c.unpaid_charged}`,
  );
  console.log(
    `  usage checked against the trips: ${c.usage_mismatch} orders differ; ${c.trip_usage_rows.toLocaleString('en')} trips counted`,
  );
  const once =
    c.periods2 === ORDERS &&
    c.closed1 === ORDERS &&
    c.basic2 === ORDERS &&
    c.usage1 === ORDERS &&
    c.dup_trades === 0 &&
    c.open_trades === 0 &&
    c.new_payments === c.charged_trades &&
    c.dup_payments === 0 &&
    c.unpaid_charged === 0 &&
    c.usage_mismatch === 0 &&
    results.reduce((s, r) => s + r.charged, 0) === c.charged_trades;
  await Promise.all(billings.map((b) => b.database.close()));
  await observer.close();
  await admin((a) => a.query(`drop database if exists ${dbName} with (force)`));
  return { elapsed, once };
}

const now = new Date();
const { url, version } = await benchDatabase(SEED_DB, { fresh: true });
console.log(
  `bench:subscriptions — PostgreSQL ${version}, ${ORDERS.toLocaleString('en')} orders × ${ASSETS_PER_ORDER} assets — ${machine()}`,
);
console.log('seeding…');
const seeding = Date.now();
const setup = await openDatabase({ kind: 'postgres', url });
await setup.migrate();
await seedSubscriptions(setup.db, now);
const [size] = await rows<{ trips: number; size: string }>(
  setup.db,
  sql`select (select count(*) from trips)::int as trips, pg_size_pretty(pg_database_size(current_database())) as size`,
);
await setup.close();
console.log(
  `seeded in ${seconds(Date.now() - seeding)} s: ${size?.trips.toLocaleString('en')} trips, database ${size?.size}`,
);

const runs = [await round('one', 1)];
if (INSTANCES > 1) runs.push(await round('two', INSTANCES));
if (process.env.BENCH_KEEP !== '1') await admin((a) => a.query(`drop database if exists ${SEED_DB} with (force)`));
const ok = runs.every((r) => r.once && r.elapsed <= TARGET_S);
console.log(ok ? '\nPASS' : '\nFAIL');
process.exit(ok ? 0 : 1);
