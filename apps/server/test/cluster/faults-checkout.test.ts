import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@fleetdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { assetCategories, assets, customerPaymentMethods, partners } from '../../src/db/schema/index.ts';
import { rows } from '../../src/db/sql.ts';
import * as customersRepo from '../../src/modules/customers/customers.repo.ts';
import { commandDevice, diesOn, openClusterDb, waitFor } from './fixtures.ts';
import { type Cluster, type Node, startCluster } from './nodes.ts';

/**
 * Issue 26: a node killed in a checkout after the deposit and the first rent were charged, before the unlock.
 * Either way it ends completed or undone, never charged twice. The
 * checkout job, on the other node, takes the order over once the dead node's short lease on it lapses (fast-
 * forwarded here by moving `advancing_until` back) and walks on from where it stopped: the unlock goes out, the
 * device answers, the order opens — with one charge per key, nothing refunded, nothing charged twice.
 */
describe('checkout: kill -9 after the charge, before the unlock', () => {
  let cluster: Cluster;
  let database: Database;
  const devices: Awaited<ReturnType<typeof commandDevice>>[] = [];

  beforeAll(async () => {
    cluster = await startCluster(1, { DEMO_DATA: '1', IOT_COMMAND_TTL_MS: '8000', IOT_RETRY_BASE_MS: '500' });
    database = await openClusterDb(cluster.databaseUrl);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.client.endAsync(true)));
    await database?.close();
    await cluster?.close();
  });

  /** A checkout on a node that dies before the unlock, resumed by node1; the device answers or stays silent. */
  async function killedCheckout(answers: boolean) {
    const node1 = cluster.nodes[0] as Node;
    const node2 = await cluster.start(`node${cluster.nodes.length + 1}`, { FLEETDESK_FAULT: 'checkout.afterCharge' });
    const { db } = database;
    const milano = (await db.select().from(partners)).find((p) => p.name === 'Milano Bike Hub')?.id as string;
    const [category] = await db.select().from(assetCategories).where(eq(assetCategories.name, 'City e-bike'));
    const [template] = await db
      .select()
      .from(assets)
      .where(and(eq(assets.partnerId, milano), eq(assets.categoryId, category?.id as string)))
      .limit(1);
    const assetNo = `F${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const deviceNo = `DEV-${assetNo}`;
    await db.insert(assets).values({
      ...(template as typeof assets.$inferInsert),
      id: randomUUID(),
      no: assetNo,
      iotDeviceNo: deviceNo,
      iotVendor: 'tbox',
      lifeCycleState: 'Ready',
      turnoverState: 'InSite',
      usageMode: 'customer-rental',
    });
    const device = await commandDevice(cluster.env.MQTT_TOPIC_ROOT as string, deviceNo, answers);
    devices.push(device);
    const customerId = randomUUID();
    const phoneNo = `+39333${String(Date.now()).slice(-7)}`;
    await customersRepo.insert(db, {
      id: customerId,
      referralCode: `FK${String(Date.now()).slice(-6)}`,
      passwordHash: 'x',
      phoneNo,
      firstName: 'Fault',
      lastName: 'Tester',
      email: `fault.tester.${customerId.slice(0, 6)}@example.com`,
      emailVerifiedAt: new Date(),
    });
    await customersRepo.addMembership(db, { customerId, partnerId: milano, phoneNo, joinedAt: new Date() });
    const paymentMethodId = randomUUID();
    await db.insert(customerPaymentMethods).values({
      id: paymentMethodId,
      customerId,
      type: 'credit-card',
      brand: 'visa',
      last4: '4242',
      providerRef: TEST_CARDS.success.token,
    });

    const token = await node1.login();
    const offer = await node1.call<{ data: { offer: { plans: { id: string; unit: string }[] } } }>(
      'POST',
      `/renting/assets/${assetNo}/$inspect`,
      { token, body: { customerId } },
    );
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const weekly = offer.body.data.offer.plans.find((p) => p.unit === 'weeks');
    const killed = await diesOn(
      node2,
      node2.call('POST', '/renting/orders', {
        token,
        body: { customerId, assetNo, paymentPlanId: weekly?.id, paymentMethodId },
      }),
    );
    const [order] = await rows<{ id: string; status: string; checkout_state: string }>(
      db,
      sql`select id, status, checkout_state from orders where customer_id = ${customerId}`,
    );
    const ledger = () =>
      rows<{ kind: string; subject_type: string; status: string; idempotency_key: string }>(
        db,
        sql`select kind, subject_type, status, idempotency_key from payments where customer_id = ${customerId}
            order by created_at`,
      );
    const atKill = await ledger();
    const commandsAtKill = device.received();

    // Fast-forward: the dead node's lease on the order has lapsed.
    await db.execute(sql`update orders set advancing_until = now() where id = ${order?.id}`);
    const done = await waitFor(
      () =>
        rows<{ status: string; checkout_state: string }>(
          db,
          sql`select status, checkout_state from orders where id = ${order?.id}`,
        ),
      (r) => r[0]?.checkout_state !== 'InProgress',
      60_000,
    );
    // An undone checkout is over once its refunds, asked right after the abort commits, are answered.
    const undone = done[0]?.checkout_state === 'Aborted';
    const after = await waitFor(
      ledger,
      (ps) => ps.every((p) => p.status !== 'Pending') && (!undone || ps.filter((p) => p.kind === 'refund').length >= 2),
      15_000,
    );
    const charges = after.filter((p) => p.kind === 'charge' && p.status === 'Succeeded');
    const refunds = after.filter((p) => p.kind === 'refund' && p.status === 'Succeeded');
    const keys = new Set(charges.map((p) => p.idempotency_key));
    console.log(
      `faults/checkout (device ${answers ? 'answers' : 'silent'}): ${node2.name} killed before the unlock (${killed}) with order ${order?.status}/` +
        `${order?.checkout_state}, ${atKill.filter((p) => p.status === 'Succeeded').length} charges ` +
        `(${atKill.map((p) => p.subject_type).join('+')}), ${commandsAtKill} unlock commands sent → resumed by ` +
        `${node1.name}: order ${done[0]?.status}/${done[0]?.checkout_state}, ${charges.length} charges on ` +
        `${keys.size} keys, ${refunds.length} refunds, device got ${device.received()} unlock command(s), answered ` +
        `${device.replied.size}`,
    );
    expect(order?.checkout_state).toBe('InProgress');
    expect(atKill.filter((p) => p.status === 'Succeeded').length).toBe(2);
    expect(commandsAtKill).toBe(0);
    expect(charges.length).toBe(2);
    expect(keys.size).toBe(2);
    return { done: done[0], refunds };
  }

  it('completes the order on the other node, charged once', async () => {
    const { done, refunds } = await killedCheckout(true);
    expect(done).toEqual({ status: 'Open', checkout_state: 'Completed' });
    expect(refunds).toEqual([]);
  });

  it('undoes it on the other node when the device never answers: both charges refunded, once', async () => {
    const { done, refunds } = await killedCheckout(false);
    expect(done).toEqual({ status: 'Canceled', checkout_state: 'Aborted' });
    expect(refunds.map((r) => r.subject_type).sort()).toEqual(['deposit', 'order-fee']);
  });
});
