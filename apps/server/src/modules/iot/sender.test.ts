import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { iotControlRecords, leases, orders } from '../../db/schema/index.ts';

/** A refusal as its status and code. */
const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: errorOf(res).code });

/**
 * What a staff member who may send commands but not read control records gets (issue 21): the records of the
 * batch they sent, and — before a command that would stop a customer — who is using the assets.
 */
describe('IoT: the sender of a command', () => {
  let t: TestContext;
  let categoryId: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestContext();
    const res = await call(t.app, 'POST', '/asset/categories', {
      token: t.owner.token,
      body: { name: 'Connected e-bike', assetType: 'EBIKE', isIot: true, properties: [] },
    });
    categoryId = res.json<{ data: { id: string } }>().data.id;
  });
  afterAll(() => t.close());

  async function asset(partnerId = t.partnerA.id) {
    const no = `SND${String(++counter).padStart(5, '0')}`;
    const res = await call(t.app, 'POST', `/asset/categories/${categoryId}/assets`, {
      token: t.owner.token,
      body: { no, partnerId, usageMode: 'customer-rental' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json<{ data: { id: string } }>().data.id, no };
  }

  /** Sends a beep; an asset without a device gets a record that failed at once ("device unavailable"). */
  async function beep(token: string, assetNos: string[]) {
    const res = await call(t.app, 'POST', '/asset-iot/control/batch-invoke-command', {
      token,
      body: { assetNos, command: 'device.beep' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ createdCommandRecords: { id: string; assetNo: string }[] }>().createdCommandRecords;
  }
  const sent = (token: string, ids: string[]) =>
    call(t.app, 'GET', `/asset-iot/control/sentRecords?ids=${ids.join(',')}`, { token });

  it('the sender reads the records of their batch without the record permission, which the record list still needs', async () => {
    const sender = await t.userWith(['asset.read', 'iot_control.command.beep'], [t.partnerA.id]);
    const [a, b] = [await asset(), await asset()];
    const records = await beep(sender.token, [a.no, b.no]);
    const res = await sent(sender.token, records.map((r) => r.id).reverse());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { id: string; assetNo: string; status: string; failedReason: string }[] }>().data;
    // In the order asked, with the outcome the list would show.
    expect(data.map((r) => r.assetNo)).toEqual([b.no, a.no]);
    expect(data.map((r) => [r.status, r.failedReason])).toEqual([
      ['failed', 'device-unavailable'],
      ['failed', 'device-unavailable'],
    ]);
    expect(refusal(await call(t.app, 'GET', '/asset-iot/control/commandRecords', { token: sender.token }))).toEqual({
      status: 403,
      code: 'Forbidden',
    });
    expect(
      refusal(await call(t.app, 'GET', `/asset-iot/control/commandRecords/${data[0]?.id}`, { token: sender.token })),
    ).toEqual({ status: 403, code: 'Forbidden' });
  });

  it('a config sender follows their config records the same way', async () => {
    const sender = await t.userWith(['asset.read', 'iot_control.config.basic'], [t.partnerA.id]);
    const { no } = await asset();
    const res = await call(t.app, 'POST', '/asset-iot/control/batch-modify-config', {
      token: sender.token,
      body: { assetNos: [no], config: { motorControlSpeedLimit: { switch: 'on', speedKmh: 20 } } },
    });
    const [record] = res.json<{ createdConfigRecords: { id: string }[] }>().createdConfigRecords;
    const read = await sent(sender.token, [record?.id as string]);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ data: { kind: string }[] }>().data.map((r) => r.kind)).toEqual(['config']);
  });

  it('another sender in the same scope gets 404 for records that are not theirs, even mixed with their own', async () => {
    const sender = await t.userWith(['iot_control.command.beep'], [t.partnerA.id]);
    const colleague = await t.userWith(['iot_control.command.beep', 'asset.read'], [t.partnerA.id]);
    const [mine] = await beep(sender.token, [(await asset()).no]);
    const [theirs] = await beep(colleague.token, [(await asset()).no]);
    expect(refusal(await sent(colleague.token, [mine?.id as string]))).toEqual({ status: 404, code: 'NotFound' });
    expect(refusal(await sent(colleague.token, [theirs?.id as string, mine?.id as string]))).toEqual({
      status: 404,
      code: 'NotFound',
    });
    expect(refusal(await sent(colleague.token, [randomUUID()]))).toEqual({ status: 404, code: 'NotFound' });
  });

  it('a user who may send nothing is refused (403), however the ids were learnt', async () => {
    const sender = await t.userWith(['iot_control.command.beep'], [t.partnerA.id]);
    const reader = await t.userWith(['asset.read', 'iot_control.record.read'], [t.partnerA.id]);
    const [record] = await beep(sender.token, [(await asset()).no]);
    expect(refusal(await sent(reader.token, [record?.id as string]))).toEqual({ status: 403, code: 'Forbidden' });
  });

  it("the sender's own record of an asset outside their scope now is 404", async () => {
    const sender = await t.userWith(['iot_control.command.beep'], [t.partnerA.id]);
    const other = await asset(t.partnerB.id);
    // Sent while the sender's scope still held partner B (the row as the request would have written it).
    const id = randomUUID();
    await t.database.db.insert(iotControlRecords).values({
      id,
      kind: 'command',
      command: 'device.beep',
      assetId: other.id,
      assetNo: other.no,
      partnerId: t.partnerB.id,
      deviceNo: null,
      channel: 'default',
      initiator: 'ops-web',
      userId: sender.id,
      requestedAt: new Date(),
      expiresAt: new Date(Date.now() + 30_000),
      status: 'failed',
      replyStatus: 'unsent',
      failedReason: 'device-unavailable',
      syncStatus: 'synced',
    });
    expect(refusal(await sent(sender.token, [id]))).toEqual({ status: 404, code: 'NotFound' });
  });

  it('refuses an empty or malformed id list (400)', async () => {
    const sender = await t.userWith(['iot_control.command.beep'], [t.partnerA.id]);
    expect(refusal(await sent(sender.token, []))).toMatchObject({ status: 400 });
    expect(refusal(await sent(sender.token, ['not-an-id']))).toMatchObject({ status: 400 });
  });

  describe('ongoing use before a risky command', () => {
    const findOngoingUse = (token: string, assetNos: string[]) =>
      call(t.app, 'POST', '/asset-iot/control/$findOngoingUse', { token, body: { assetNos } });

    async function rentOut(assetId: string, partnerId = t.partnerA.id) {
      const phoneNo = `+39333${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      const customer = await call(t.app, 'POST', '/customer/customers', {
        token: t.owner.token,
        body: {
          partnerId,
          phoneNo,
          email: `renter${counter}@test.local`,
          name: { first: 'Marta', last: 'Vidal' },
          password: 'secret1',
        },
      });
      expect(customer.statusCode, customer.body).toBe(201);
      const customerId = customer.json<{ data: { id: string } }>().data.id;
      const orderId = randomUUID();
      const orderNo = `R-${orderId.slice(0, 8)}`;
      await t.database.db.insert(orders).values({
        id: orderId,
        orderNo,
        customerId,
        partnerId,
        assetCategoryId: categoryId,
        status: 'Open',
        currency: 'EUR',
        startTime: new Date(),
      });
      await t.database.db.insert(leases).values({ id: randomUUID(), orderId, assetId, customerId, status: 'InUse' });
      return { orderId, orderNo, customerId };
    }

    async function onTrip(assetId: string, status: 'ongoing' | 'finished') {
      const id = randomUUID();
      await t.database.db.execute(sql`
        insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
          start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
        select ${id}, a.id, a.partner_id, a.category_id, ${status}, 'movement', now() - interval '5 minutes', 45.46,
          9.19, now(), 45.47, 9.2, 1200, 12
        from assets a where a.id = ${assetId}`);
      return id;
    }

    it('names the customer and order of a rented asset and the trip of a riding one; free ones are left out', async () => {
      const sender = await t.userWith(['iot_control.command.turn_off'], [t.partnerA.id]);
      const [rented, riding, free, finished] = [await asset(), await asset(), await asset(), await asset()];
      const order = await rentOut(rented.id);
      const tripId = await onTrip(riding.id, 'ongoing');
      await onTrip(finished.id, 'finished');
      const res = await findOngoingUse(sender.token, [free.no, riding.no, rented.no, finished.no]);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: unknown[] }>().data;
      expect(data).toEqual(
        [
          {
            assetNo: rented.no,
            order: {
              id: order.orderId,
              orderNo: order.orderNo,
              customer: { id: order.customerId, name: 'Marta Vidal' },
              startTime: expect.any(String),
            },
            trip: null,
          },
          { assetNo: riding.no, order: null, trip: { id: tripId, startedAt: expect.any(String) } },
        ].sort((x, y) => x.assetNo.localeCompare(y.assetNo)),
      );
    });

    it("leaves out another partner's rented asset and refuses a user who may send no command", async () => {
      const sender = await t.userWith(['iot_control.command.turn_off'], [t.partnerA.id]);
      const elsewhere = await asset(t.partnerB.id);
      await rentOut(elsewhere.id, t.partnerB.id);
      const res = await findOngoingUse(sender.token, [elsewhere.no]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: unknown[] }>().data).toEqual([]);

      const reader = await t.userWith(['asset.read', 'order.read', 'iot_control.record.read'], '*');
      expect(refusal(await findOngoingUse(reader.token, [elsewhere.no]))).toEqual({ status: 403, code: 'Forbidden' });
      expect(refusal(await findOngoingUse(sender.token, []))).toMatchObject({ status: 400 });
    });
  });
});
