import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { rows } from '../../db/sql.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';

/** The demo's order history (B2C and B2B): real ledger rows, deposits that add up, invoices per paid period. */
describe('demo orders', () => {
  let t: TestContext;
  let token: string;

  beforeAll(async () => {
    t = await createTestContext();
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets }));
    token = t.owner.token;
  }, 180_000);
  afterAll(() => t.close());

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });

  it('seeds open and closed orders with paid periods, each paid once through the ledger', async () => {
    const res = await get('/renting/orders?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { id: string; status: string; fees: { paid: number; orderFee: number } }[];
    expect(list.filter((o) => o.status === 'Open').length).toBeGreaterThanOrEqual(4);
    expect(list.filter((o) => o.status === 'Closed').length).toBeGreaterThanOrEqual(4);
    expect(list.filter((o) => o.fees.paid === 0).map((o) => o.fees)).toEqual([]);
    const [ledger] = await rows<{ charges: number; providers: number; twice: number }>(
      t.database.db,
      // Every settled charge was asked of the provider once (the demo workshop's declined cards settle as Failed).
      sql`select (select count(*)::int from payments where kind = 'charge' and status <> 'Pending') as charges,
            (select count(*)::int from local_provider_requests where operation = 'charge') as providers,
            (select count(*)::int from (select subject_id from payments where kind = 'charge' and subject_type = 'order-fee'
               group by subject_id having count(*) > 1) x) as twice`,
    );
    expect(ledger?.charges).toBe(ledger?.providers);
    expect(ledger?.twice).toBe(0);
    const open = list.find((o) => o.status === 'Open') as { id: string };
    const detail = (await get(`/renting/orders/${open.id}`)).json().data;
    expect(detail).toMatchObject({ checkout: { state: 'Completed' }, leaseStatus: 'InUse' });
    expect(detail.assetNo).toMatch(/\S/);
    const leases = await get(`/renting/orders/${open.id}/assetRecords`);
    expect(leases.statusCode, leases.body).toBe(200);
    expect(leases.json().data).toMatchObject([{ assetNo: detail.assetNo, status: 'InUse' }]);
    const invoices = await get(`/renting/orders/${open.id}/invoices`);
    expect(invoices.statusCode, invoices.body).toBe(200);
    expect(invoices.json().data.length).toBeGreaterThanOrEqual(1);
    expect(invoices.json().data[0].invoiceNo).toMatch(/^(MBH|BEM)-\d{4}-\d{6}$/);
  });

  it('refunds deposits through approved applications and leaves one waiting per partner', async () => {
    const res = await get('/renting/deposits/refundRequests?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const apps = res.json().data as { status: string; refundStatus: string | null }[];
    expect(apps.filter((a) => a.status === 'Waiting')).toHaveLength(2);
    const approved = apps.filter((a) => a.status === 'Approved');
    expect(approved.length).toBeGreaterThanOrEqual(2);
    expect(approved.map((a) => a.refundStatus)).toEqual(approved.map(() => 'Succeeded'));
  });

  it('seeds B2B subscriptions: two packages, subscribed and finished orders, trades in every state', async () => {
    const packages = (await get('/subscription/packages')).json();
    expect(packages.data.map((p: { name: string }) => p.name).sort()).toEqual(['Delivery fleet', 'Hotel bikes']);
    const subscribed = (await get('/subscription/orders?tab=subscribed&pageSize=100')).json().data as {
      id: string;
      status: string;
      fees: { owe: number };
      nextPlan: { name: string } | null;
    }[];
    const finished = (await get('/subscription/orders?tab=finished&pageSize=100')).json().data as { id: string }[];
    expect(subscribed.length).toBeGreaterThanOrEqual(4);
    expect(finished.length).toBeGreaterThanOrEqual(1);
    expect(subscribed.map((o) => o.status)).toContain('unsubscribing');
    expect(subscribed.some((o) => o.fees.owe > 0 && o.nextPlan?.name === 'Fleet 20')).toBe(true);
    const [states] = await rows<{ states: string[]; twice: number }>(
      t.database.db,
      sql`select array_agg(distinct state order by state) as states,
            (select count(*)::int from (select period_id from subscription_trades where fee_type <> 'service'
               group by period_id, fee_type having count(*) > 1) x) as twice
          from subscription_trades`,
    );
    expect(states?.states).toEqual(['Canceled', 'Claimable', 'Failed', 'Pending', 'Processing', 'Succeeded']);
    expect(states?.twice).toBe(0);
  });

  it('seeds B2B service tickets: reported, in the workshop with a record, Ready with the fee owed, completed and paid', async () => {
    const res = await get('/support/tickets?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as {
      id: string;
      status: string;
      kind: string;
      serviceFee: number | null;
      serviceTrade: { state: string } | null;
      subscriptionOrder: { id: string } | null;
    }[];
    expect(list.map((x) => x.kind)).toEqual(list.map(() => 'b2b'));
    expect(list.map((x) => x.status).sort()).toEqual(['completed', 'finished', 'new', 'new', 'processing']);
    const ready = list.find((x) => x.status === 'finished');
    const completed = list.find((x) => x.status === 'completed');
    expect(ready?.serviceFee).toBeGreaterThan(0);
    expect(ready?.serviceTrade?.state).toBe('Pending');
    expect(completed?.serviceTrade?.state).toBe('Succeeded');
    const order = (await get(`/subscription/orders/${ready?.subscriptionOrder?.id}`)).json().data;
    expect(order.fees.owe).toBeGreaterThanOrEqual(ready?.serviceFee ?? 0);
    const working = list.find((x) => x.status === 'processing') as { id: string };
    const records = (await get(`/support/tickets/${working.id}/checklistRecords`)).json().data;
    expect(records).toHaveLength(1);
    // The B2C desk's list holds none of them.
    const b2c = (await get('/support/customerTickets?pageSize=100')).json().data as { id: string }[];
    expect(b2c.filter((x) => list.some((y) => y.id === x.id))).toEqual([]);
  });
});
