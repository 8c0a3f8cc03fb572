import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { rows } from '../../src/db/sql.ts';
import { openClusterDb, waitFor } from './fixtures.ts';
import { type Cluster, type Node, startCluster } from './nodes.ts';

/**
 * Issue 26: the renting billing run killed between two charges — some fees charged at the provider and in the
 * ledger, none booked on its fee yet. The rerun (on the other node) takes the stale claims again with the same
 * attempt, whose idempotency key finds the ledger's charge: every fee is charged exactly once. The 10 minutes after
 * which a claim counts as stale, and the 30 s after which the dead node's job claim lapses, are fast-forwarded by
 * moving those rows' timestamps back.
 */
const ORDERS = 5;

describe('renting billing: kill -9 mid-run', () => {
  let cluster: Cluster;
  let database: Database;

  beforeAll(async () => {
    cluster = await startCluster(1, { DEMO_DATA: '1' });
    database = await openClusterDb(cluster.databaseUrl);
  });
  afterAll(async () => {
    await database?.close();
    await cluster?.close();
  });

  it('charges each due fee exactly once across the kill and the rerun', async () => {
    const [node1] = cluster.nodes as [Node];
    const { db } = database;
    const billingJob = async () =>
      (
        await rows<{ idle: boolean }>(
          db,
          sql`select (locked_until is null or locked_until < now()) and run_at > now() as idle
              from jobs where key = 'renting.billing'`,
        )
      )[0]?.idle === true;
    // The first run, on the demo data as seeded, is over before the orders are made due.
    await waitFor(billingJob, (idle) => idle, 60_000);
    const dying = await cluster.start('node2', { FLEETDESK_FAULT: 'billing.afterCharge:3' });
    const due = await rows<{ id: string }>(
      db,
      sql`update orders set next_payment_time = now() - interval '1 hour'
          where id in (select o.id from orders o join customer_payment_methods pm on pm.id = o.payment_method_id
                       where o.status = 'Open' and o.checkout_state = 'Completed'
                       order by o.order_no limit ${ORDERS})
          returning id`,
    );
    expect(due.length).toBe(ORDERS);
    // node1 leaves the run to node2 (stopped on purpose: no claim of its own to lapse).
    await node1.stop();
    await db.execute(sql`update jobs set run_at = now(), locked_until = null where key = 'renting.billing'`);
    const code = await Promise.race([dying.exited, new Promise((r) => setTimeout(() => r('alive'), 30_000))]);
    expect(code, 'node2 reached its fault point').not.toBe('alive');

    const ids = due.map((d) => d.id);
    const fees = () =>
      rows<{ id: string; status: string; charges: number }>(
        db,
        sql`select f.id, f.status,
              (select count(*)::int from payments p where p.subject_type = 'order-fee' and p.subject_id = f.id
                 and p.kind = 'charge' and p.status = 'Succeeded') as charges
            from order_fees f
            where f.order_id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)
              and f.period_start >= now() - interval '2 hours'`,
      );
    const atKill = await fees();
    const chargedAtKill = atKill.filter((f) => f.charges > 0).length;
    const bookedAtKill = atKill.filter((f) => f.status === 'Paid').length;

    // Fast-forward: node2's claims are stale, its job claim has lapsed.
    await db.execute(sql`update order_fees set updated_at = updated_at - interval '11 minutes'
                         where status = 'Processing' and payment_id is null`);
    await db.execute(sql`update jobs set run_at = now(), locked_until = null where key = 'renting.billing'`);
    const node3 = await cluster.start('node3');
    const after = await waitFor(fees, (fs) => fs.length === ORDERS && fs.every((f) => f.status === 'Paid'), 60_000);
    const [twice] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select subject_id from payments
            where subject_type = 'order-fee' and kind = 'charge' and status = 'Succeeded'
            group by subject_id having count(*) > 1) x`,
    );
    console.log(
      `faults/billing: ${ORDERS} orders due, ${dying.name} killed after its 3rd charge → ${atKill.length} fees, ` +
        `${chargedAtKill} charged, ${bookedAtKill} booked; rerun on ${node3.name} → ` +
        `${after.filter((f) => f.status === 'Paid').length} Paid, charges per fee ${after.map((f) => f.charges).join(',')}, ` +
        `fees charged twice in the whole ledger: ${twice?.n}`,
    );
    expect(chargedAtKill).toBeGreaterThanOrEqual(3);
    expect(after.map((f) => [f.status, f.charges])).toEqual(Array(ORDERS).fill(['Paid', 1]));
    expect(twice?.n).toBe(0);
  });
});
