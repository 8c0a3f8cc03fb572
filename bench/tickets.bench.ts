import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ticketIssues } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';
import { rows } from '../apps/server/src/db/sql.ts';
import { machine, openBenchDatabase, quantile, startBenchServer } from './common.ts';

/**
 * npm run bench:tickets — the service ticket lists at scale (issue 22 "Performance").
 *
 * PostgreSQL with BENCH_TICKETS (1,000,000) service tickets: 3 partners (50 / 30 / 20 % of the tickets), 20 service
 * centres, 30 mechanics, 30,000 assets, 50,000 customers; almost every ticket closed (completed, some unsuccessful),
 * the newest 3,000 open in every open status. Through the real HTTP layer, one request at a time, for a mechanic
 * of the biggest partner and for an all-partners manager: every list view's first page WITH its count, the counts
 * of all views (the tabs' badges), and a few sorts, filters and a search. Target: p95 ≤ 50 ms for each view and
 * for the counts.
 *
 * The database `fleetdesk_bench_tickets_<n>` is kept for re-runs (seeding takes minutes); BENCH_FRESH=1 rebuilds it.
 */
const TOTAL = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TARGET_MS = 50;
const PASSWORD = 'bench-password-1';

const PARTNERS = 3;
/** Centres per partner (20 in all). */
const CENTRES = [7, 7, 6];
const MECHANICS_PER_PARTNER = 10;
const ASSETS_PER_PARTNER = 10_000;
const CUSTOMERS = 50_000;
const OPEN_TICKETS = 3_000;

interface Workshop {
  partners: string[];
  centres: string[][];
  /** Per partner, its mechanics' user ids and e-mails. */
  mechanics: { id: string; email: string }[][];
  managerEmail: string;
}

const uuids = (list: readonly string[]) => `array[${list.map((i) => `'${i}'::uuid`).join(',')}]`;
/** A valid version-4 uuid derived from a text (md5 with the version and variant digits set), as SQL. */
const idOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const texts = (list: readonly string[]) => `array[${list.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]`;

/** The partner of ticket g: 0 for half the tickets, 1 for 30 %, 2 for 20 %. */
const PARTNER_OF = '(case when g % 10 < 5 then 0 when g % 10 < 8 then 1 else 2 end)';

async function seedWorkshop(database: Database, total: number): Promise<Workshop> {
  const { db } = database;
  const started = Date.now();
  const partners: string[] = [];
  for (let p = 0; p < PARTNERS; p++) partners.push((await seed.partner(db, { name: `Bench partner ${p + 1}` })).id);
  const centres = partners.map((_, p) => Array.from({ length: CENTRES[p] ?? 6 }, () => crypto.randomUUID()));
  for (const [p, list] of centres.entries()) {
    for (const [s, id] of list.entries()) {
      await db.execute(sql`insert into sites (id, partner_id, name, type, city, latitude, longitude)
        values (${id}, ${partners[p]}, ${`Centre ${p + 1}.${s + 1}`}, 'station', 'Milano', ${45.4 + s * 0.01}, ${9.1 + p * 0.01})`);
    }
  }
  const mechanicRole = await seed.role(db, {
    title: 'Bench mechanic',
    permissions: ['support.customer_ticket.read', 'support.customer_ticket.update_assigned_to_self'],
  });
  const managerRole = await seed.role(db, {
    title: 'Bench workshop manager',
    permissions: [
      'support.customer_ticket.read',
      'support.customer_ticket.read_detail',
      'support.customer_ticket.update',
      'support.customer_ticket.assign',
      'support.customer_ticket.export_data',
    ],
  });
  const mechanics = await Promise.all(
    partners.map(async (partnerId, p) => {
      const list: { id: string; email: string }[] = [];
      for (let m = 0; m < MECHANICS_PER_PARTNER; m++) {
        const email = `bench-mechanic-${p + 1}-${m + 1}@bench.local`;
        const { id } = await seed.user(db, {
          username: `bench-mechanic-${p + 1}-${m + 1}`,
          name: `Mechanic ${p + 1}.${m + 1}`,
          email,
          password: PASSWORD,
          partnerScope: [partnerId],
          roleIds: [mechanicRole.id],
        });
        list.push({ id, email });
      }
      return list;
    }),
  );
  const managerEmail = 'bench-manager@bench.local';
  await seed.user(db, {
    username: 'bench-manager',
    name: 'Workshop manager',
    email: managerEmail,
    password: PASSWORD,
    partnerScope: '*',
    roleIds: [managerRole.id],
  });
  const categories = [crypto.randomUUID(), crypto.randomUUID()];
  for (const [c, id] of categories.entries()) {
    await db.execute(
      sql`insert into asset_categories (id, name, asset_type) values (${id}, ${`Bench e-bike ${c + 1}`}, 'EBIKE')`,
    );
  }
  // Ids derived from the number (idOf), so the ticket insert finds its asset and customer without a join.
  await db.execute(
    sql.raw(`insert into assets (id, no, partner_id, category_id, usage_mode, life_cycle_state)
      select ${idOf("'asset' || g")}, 'B' || lpad(g::text, 6, '0'), (${uuids(partners)})[1 + g / ${ASSETS_PER_PARTNER}],
        (${uuids(categories)})[1 + g % 2], 'customer-rental', 'Ready'
      from generate_series(0, ${PARTNERS * ASSETS_PER_PARTNER - 1}) g`),
  );
  await db.execute(
    sql.raw(`insert into customers (id, phone_no, first_name, last_name, referral_code, password_hash)
      select ${idOf("'customer' || g")}, '+3933' || lpad(g::text, 8, '0'), 'Customer', 'N' || g, 'BR' || g, 'x'
      from generate_series(0, ${CUSTOMERS - 1}) g`),
  );
  const centreOffsets = CENTRES.map((_, p) => CENTRES.slice(0, p).reduce((a, b) => a + b, 0));
  const allCentres = centres.flat();
  const allMechanics = mechanics.flat().map((m) => m.id);
  const openStatuses = ['new', 'checked-in', 'processing', 'paused', 'finished'];
  const chunk = 100_000;
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    // g decides everything, so the data set is the same on every run. The newest OPEN_TICKETS are open, each on
    // its own asset (one open ticket per asset); the rest are closed: 92 % completed, 8 % unsuccessful.
    await db.execute(
      sql.raw(`insert into customer_tickets (id, ticket_no, asset_partner_id, provider_partner_id, center_site_id,
        asset_id, category_id, customer_id, contact_name, contact_phone, status, mechanic_user_id, operation_type,
        issues, currency, service_fee, duration_minutes, checked_in_at, finished_at, closed_at, created_at, updated_at)
      select gen_random_uuid(), 'T-' || lpad(g::text, 7, '0'), (${uuids(partners)})[1 + p], (${uuids(partners)})[1 + p],
        (${uuids(allCentres)})[1 + (array[${centreOffsets.join(',')}])[1 + p] + (g / 10) % (array[${CENTRES.join(',')}])[1 + p]],
        ${idOf(`'asset' || (p * ${ASSETS_PER_PARTNER} + g % ${ASSETS_PER_PARTNER})`)},
        (${uuids(categories)})[1 + (p * ${ASSETS_PER_PARTNER} + g % ${ASSETS_PER_PARTNER}) % 2],
        ${idOf(`'customer' || g % ${CUSTOMERS}`)},
        case when g % 4 = 0 then 'Contact ' || g else null end,
        case when g % 4 = 0 then '+3934' || lpad(g::text, 8, '0') else null end,
        st,
        case when st = 'new' and g % 2 = 0 then null
             when st in ('new', 'checked-in') and g % 3 = 0 then null
             else (${uuids(allMechanics)})[1 + p * ${MECHANICS_PER_PARTNER} + (g / 3) % ${MECHANICS_PER_PARTNER}] end,
        case when g % 20 = 0 then 'swapped' else 'regular' end,
        array[(${texts(ticketIssues)})[1 + g % ${ticketIssues.length}]] ||
          case when g % 3 = 0 then array[(${texts(ticketIssues)})[1 + (g / 3) % ${ticketIssues.length}]] else '{}'::text[] end,
        'EUR',
        case when st in ('completed', 'finished') then 20 + g % 80 else null end,
        case when st in ('new', 'checked-in') then 0 else 15 + g % 120 end,
        case when st = 'new' then null else created end,
        case when st in ('completed', 'finished') then created + interval '3 hours' else null end,
        case when st in ('completed', 'unsuccessful') then created + interval '1 day' else null end,
        created,
        created + (case when st in ('completed', 'unsuccessful') then interval '1 day' else interval '1 hour' end)
      from (
        select g, ${PARTNER_OF} as p,
          timestamptz '2023-06-01' + g * interval '90 seconds' as created,
          case when g > ${total - OPEN_TICKETS} then (${texts(openStatuses)})[1 + g % ${openStatuses.length}]
               when g % 13 = 0 then 'unsuccessful' else 'completed' end as st
        from generate_series(${from}, ${to}) g
      ) s`),
    );
    process.stdout.write(`\r  seeded ${to.toLocaleString('en')} / ${total.toLocaleString('en')} tickets`);
  }
  console.log(` in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { partners, centres, mechanics, managerEmail };
}

/** The workshop of a database seeded before (the bench's own names), or null when it must be seeded. */
async function existingWorkshop(database: Database, total: number): Promise<Workshop | null> {
  const { db } = database;
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from customer_tickets`);
  if (Number(n?.n) !== total) return null;
  const partners = (
    await rows<{ id: string }>(db, sql`select id from partners where name like 'Bench partner %' order by name`)
  ).map((r) => r.id);
  const centres = await Promise.all(
    partners.map(async (p) =>
      (await rows<{ id: string }>(db, sql`select id from sites where partner_id = ${p} order by name`)).map(
        (r) => r.id,
      ),
    ),
  );
  const mechanics = await Promise.all(
    partners.map((_, p) =>
      rows<{ id: string; email: string }>(
        db,
        sql`select id, email from users where username like ${`bench-mechanic-${p + 1}-%`}
          order by length(username), username`,
      ),
    ),
  );
  return { partners, centres, mechanics, managerEmail: 'bench-manager@bench.local' };
}

interface Server {
  base: string;
  token(email: string): Promise<string>;
  close(): Promise<void>;
}

async function serve(database: Database, dataDir: string): Promise<Server> {
  const server = await startBenchServer(database, dataDir, PASSWORD);
  return { base: server.base, token: (email) => server.login(email), close: server.close };
}

async function get(server: Server, token: string, pathName: string) {
  const started = performance.now();
  const res = await fetch(`${server.base}${pathName}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as Record<string, unknown>;
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${pathName} ${res.status}: ${JSON.stringify(json)}`);
  return { ms, json };
}

const f = (ms: number) => `${ms.toFixed(1)} ms`;

/** What a workshop screen sends: each tab's first page with its count, the badges, and a few sorts and filters. */
function cases(w: Workshop, who: 'mechanic' | 'manager'): [string, string, boolean][] {
  const views = ['all', 'unassigned', 'myUnready', 'myPending', 'allReady'];
  const list: [string, string, boolean][] = views.map((v) => [
    `view ${v}`,
    `/support/customerTickets?view=${v}&pageSize=20`,
    true,
  ]);
  list.push(['counts (all views)', '/support/customerTickets/$counts', true]);
  const centre = w.centres[0]?.[0] as string;
  list.push(
    ['all, by update time', '/support/customerTickets?pageSize=20&sort=updatedAt:desc', false],
    ['all, by ticket number', '/support/customerTickets?pageSize=20&sort=ticketNo:asc', false],
    ['all, by status', '/support/customerTickets?pageSize=20&sort=status:asc', false],
    ['all, one centre', `/support/customerTickets?pageSize=20&centerSiteIdIn=${centre}`, false],
    ['counts, one centre', `/support/customerTickets/$counts?centerSiteIdIn=${centre}`, false],
    ['all, paused + Ready', '/support/customerTickets?pageSize=20&statusIn=paused,finished', false],
    [
      'all, Brakes, last 30 days',
      `/support/customerTickets?pageSize=20&issue=Brakes&createdFrom=${monthBefore()}`,
      false,
    ],
    ['all, page 50', '/support/customerTickets?pageSize=20&pageNo=50', false],
    ['search a ticket number', '/support/customerTickets?pageSize=20&search=T-0999123', false],
    ['search a phone number', '/support/customerTickets?pageSize=20&search=3300012345', false],
  );
  if (who === 'manager') {
    list.push(['all, one partner', `/support/customerTickets?pageSize=20&partnerIdIn=${w.partners[1]}`, false]);
  }
  return list;
}

/** A month before the newest ticket. */
const monthBefore = () => new Date(Date.parse('2023-06-01') + (TOTAL * 90 - 30 * 86_400) * 1000).toISOString();

async function measure(server: Server, token: string, label: string, list: [string, string, boolean][]) {
  console.log(`\n### ${label}`);
  let worst = 0;
  for (const [name, url, target] of list) {
    for (let i = 0; i < 3; i++) await get(server, token, url);
    const times: number[] = [];
    let result = '';
    for (let i = 0; i < ROUNDS; i++) {
      const { ms, json } = await get(server, token, url);
      times.push(ms);
      if ('count' in json) result = `count ${json.countIsEstimate ? '~' : ''}${json.count}`;
      else {
        const d = json.data as Record<string, unknown>;
        result = Object.entries(d)
          .filter(([k]) => k !== 'estimated')
          .map(([k, v]) => `${k} ${(d.estimated as string[] | undefined)?.includes(k) ? '~' : ''}${v}`)
          .join(', ');
      }
    }
    const p95 = quantile(times, 0.95);
    if (target) worst = Math.max(worst, p95);
    console.log(
      `  ${(target ? '* ' : '  ') + name.padEnd(28)} p50 ${f(quantile(times, 0.5)).padStart(9)}  p95 ${f(p95).padStart(9)}  ${result}`,
    );
  }
  return worst;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-'));
const pgdb = await openBenchDatabase(`fleetdesk_bench_tickets_${TOTAL}`);
const { database } = pgdb;
console.log(
  `\n## PostgreSQL ${pgdb.version} (database ${pgdb.name}), ${TOTAL.toLocaleString('en')} service tickets — ${machine()}`,
);
await database.migrate();
let workshop = await existingWorkshop(database, TOTAL);
if (workshop) console.log('  reusing the seeded database (BENCH_FRESH=1 rebuilds it)');
else {
  await database.db.execute(
    sql`truncate customer_tickets, customers, assets, asset_categories, sites, partners, users, roles cascade`,
  );
  workshop = await seedWorkshop(database, TOTAL);
}
// The steady state autovacuum keeps a live table in: statistics current, the visibility map set.
await database.db.execute(sql`vacuum analyze customer_tickets`);
const server = await serve(database, dataDir);
const results: Record<string, number> = {};
try {
  // The mechanic of the biggest partner with the most open tickets assigned.
  const [busiest] = await rows<{ id: string; email: string; open: number }>(
    database.db,
    sql`select u.id, u.email, count(*)::int as open from customer_tickets t join users u on u.id = t.mechanic_user_id
      where t.asset_partner_id = ${workshop.partners[0]} and t.status in ('new', 'checked-in', 'processing', 'paused')
      group by u.id, u.email order by open desc limit 1`,
  );
  const mechanicEmail = busiest?.email ?? (workshop.mechanics[0]?.[0]?.email as string);
  results.mechanic = await measure(
    server,
    await server.token(mechanicEmail),
    `A mechanic of partner 1 (half the tickets), ${busiest?.open ?? 0} unready tickets assigned (* = target)`,
    cases(workshop, 'mechanic'),
  );
  results.manager = await measure(
    server,
    await server.token(workshop.managerEmail),
    'A workshop manager of every partner (* = target)',
    cases(workshop, 'manager'),
  );
} finally {
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n## Targets');
for (const [who, p95] of Object.entries(results)) {
  console.log(
    `  ${who}: worst view / counts p95 ${f(p95)} (target ≤ ${TARGET_MS} ms): ${p95 <= TARGET_MS ? 'met' : 'NOT met'}`,
  );
}
process.exit(0);
