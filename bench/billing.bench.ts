import { TEST_CARDS } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { localPaymentProvider } from '../apps/server/src/adapters/payments.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';
import { rows } from '../apps/server/src/db/sql.ts';
import { createBilling } from '../apps/server/src/modules/billing/billing.ts';
import { createPaymentService } from '../apps/server/src/modules/payments/payments.service.ts';
import { benchDatabase, machine } from './common.ts';

/**
 * npm run bench:billing — recurring rent for BENCH_ORDERS (default 100,000) open orders whose period ran out at
 * the same moment, on PostgreSQL (issue 6: ≤ 10 minutes). Each order has its own customer and card; every 50th
 * card is declined. BENCH_INSTANCES (default 2) billing instances run at once on their own connection pools, as
 * two servers would, through the real ledger and the local Stripe-like provider. Measured: the time until every
 * period is billed and charged; checked: one fee and one charge per order, whatever the number of instances.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const { url, name, version } = await benchDatabase('fleetdesk_bench_billing', { fresh: true });
const setup = await openDatabase({ kind: 'postgres', url });
await setup.migrate();
const { db } = setup;

console.log(`seeding ${ORDERS.toLocaleString('en')} open orders…`);
const seeded = Date.now();
await seed.account(db);
const partner = await seed.partner(db, { name: 'Bench Partner', addressCity: 'Milano' });
await db.execute(
  sql`insert into asset_categories (id, name, asset_type) values (md5('bench-cat')::uuid, 'Bench e-bike', 'EBIKE')`,
);
await db.execute(sql`
  insert into customers (id, referral_code, password_hash, phone_no, first_name, last_name, email, email_verified_at)
  select md5('c' || n)::uuid, 'B' || lpad(n::text, 7, '0'), 'x', '+39' || (3000000000 + n)::text, 'Bench', 'Customer ' || n,
         'bench' || n || '@example.com', now()
  from generate_series(1, ${ORDERS}) n`);
await db.execute(sql`
  insert into customer_payment_methods (id, customer_id, type, brand, last4, provider_ref)
  select md5('pm' || n)::uuid, md5('c' || n)::uuid, 'credit-card', 'visa', '4242',
         case when n % 50 = 0 then ${TEST_CARDS.declined.token} else ${TEST_CARDS.success.token} end
  from generate_series(1, ${ORDERS}) n`);
await db.execute(sql`
  insert into orders (id, order_no, customer_id, partner_id, asset_category_id, status, plan_frequency, plan_unit,
    unit_price, price_unit, currency, start_time, next_payment_time, payment_method_id, checkout_state)
  select md5('o' || n)::uuid, 'RB' || lpad(n::text, 8, '0'), md5('c' || n)::uuid, ${partner.id}, md5('bench-cat')::uuid,
         'Open', 1, 'weeks', 9.5, 'day', 'EUR', now() - interval '7 days', now() - interval '1 minute',
         md5('pm' || n)::uuid, 'Completed'
  from generate_series(1, ${ORDERS}) n`);
await db.execute(sql`
  insert into order_fees (id, order_id, sequence, period_start, period_end, amount, status, attempts)
  select md5('f' || n)::uuid, md5('o' || n)::uuid, 1, now() - interval '7 days', now() - interval '1 minute', 66.5, 'Paid', 1
  from generate_series(1, ${ORDERS}) n`);
await db.execute(sql`vacuum analyze`);
console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(0)} s; billing with ${INSTANCES} instances…`);

const log = pino({ level: 'warn' });
const instances = await Promise.all(
  Array.from({ length: INSTANCES }, async () => {
    const database = await openDatabase({ kind: 'postgres', url });
    const payments = createPaymentService({
      db: database.db,
      provider: localPaymentProvider({ db: database.db, webhookSecret: 'bench' }),
      log,
    });
    return { database, billing: createBilling({ db: database.db, payments, concurrency: CONCURRENCY }) };
  }),
);
const began = Date.now();
const results = await Promise.all(instances.map((i) => i.billing.run()));
const seconds = (Date.now() - began) / 1000;

const [check] = await rows<{
  fees: number;
  orders_billed: number;
  charges: number;
  paid: number;
  owed: number;
  dup: number;
}>(
  db,
  sql`select
        (select count(*) from order_fees where sequence = 2)::int as fees,
        (select count(distinct order_id) from order_fees where sequence = 2)::int as orders_billed,
        (select count(*) from payments where kind = 'charge')::int as charges,
        (select count(*) from order_fees where sequence = 2 and status = 'Paid')::int as paid,
        (select count(*) from order_fees where sequence = 2 and status = 'Owed')::int as owed,
        (select count(*) from (select subject_id from payments where kind = 'charge' group by subject_id having count(*) > 1) d)::int as dup`,
);
console.log(
  `\nbench:billing — PostgreSQL ${version} (${name}), ${ORDERS.toLocaleString('en')} orders due, ${INSTANCES} instances × ${CONCURRENCY} charges at a time — ${machine()}`,
);
console.log(
  `billed and charged in ${seconds.toFixed(1)} s (${(ORDERS / seconds).toFixed(0)} orders/s); target ≤ 600 s`,
);
console.log(`per instance: ${results.map((r) => `${r.billed} billed, ${r.charged} charged`).join('; ')}`);
console.log(
  `fees of the period: ${check?.fees} for ${check?.orders_billed} orders (paid ${check?.paid}, owed ${check?.owed}); charges ${check?.charges}; fees charged twice: ${check?.dup}`,
);
const ok = check?.fees === ORDERS && check.orders_billed === ORDERS && check.charges === ORDERS && check.dup === 0;
console.log(ok && seconds <= 600 ? 'PASS' : 'FAIL');
await Promise.all(instances.map((i) => i.database.close()));
await setup.close();
process.exit(ok ? 0 : 1);
