import { randomUUID } from 'node:crypto';
import { ALARM_ALREADY_ACKNOWLEDGED_MESSAGE, ALARM_NOTE_REQUIRED_MESSAGE, type Alarm } from '@fleetdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext, type TestUser } from '../../../test/harness.ts';
import { assetCategories, assetEvents, assets, fieldLogs } from '../../db/schema/index.ts';
import { explainPlan, type PlanNode } from '../../db/sql.ts';
import { whereOf } from '../asset-query/asset-query.repo.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('alarm inbox, asset alarm state and the display-status filter', () => {
  let t: TestContext;
  let reader: TestUser; // asset.read, every partner
  let operatorA: TestUser; // asset.read + asset.update, partner A only
  let readerA: TestUser; // asset.read, partner A only
  const now = Date.now();
  const ids = new Map<string, string>();
  const alarmIds = new Map<string, string>();

  const inbox = (query: Record<string, string>, token = reader.token) =>
    call(t.app, 'GET', `/asset/alarms?${new URLSearchParams({ pageSize: '100', ...query })}`, { token });
  const acknowledge = (id: string, body: unknown, token = operatorA.token) =>
    call(t.app, 'POST', `/asset/alarms/${id}/$acknowledge`, { token, body });
  const nosOf = (res: { json: () => { data: Alarm[] } }) => res.json().data.map((a) => `${a.asset.no}:${a.code}`);

  beforeAll(async () => {
    t = await createTestContext();
    const { db } = t.database;
    const category = randomUUID();
    await db.insert(assetCategories).values({ id: category, name: 'AL bikes', assetType: 'BIKE' });
    const ago = (ms: number) => new Date(now - ms);
    const asset = (no: string, partnerId: string, values: Partial<typeof assets.$inferInsert> = {}) => {
      const id = randomUUID();
      ids.set(no, id);
      return {
        id,
        no,
        partnerId,
        categoryId: category,
        lifeCycleState: 'Ready',
        usageMode: 'customer-rental',
        ...values,
      };
    };
    const A = t.partnerA.id;
    const B = t.partnerB.id;
    const online = { iotDeviceNo: '', iotLastUpdateTime: ago(60_000) };
    await db.insert(assets).values([
      asset('ALA01', A, { ...online, iotDeviceNo: 'AL-DEV-1', alarmCode: 'tilt', alarmAt: ago(HOUR) }),
      asset('ALA02', A, {
        ...online,
        iotDeviceNo: 'AL-DEV-2',
        alarmCode: 'fall',
        alarmAt: ago(HOUR),
        errorCode: 'gps-fault',
        errorAt: ago(2 * HOUR),
      }),
      asset('ALA03', A, { ...online, iotDeviceNo: 'AL-DEV-3' }),
      asset('ALA04', A, { iotDeviceNo: 'AL-DEV-4', iotLastUpdateTime: ago(3 * HOUR) }),
      asset('ALA05', A, { lifeCycleState: 'Missing', alarmCode: 'tamper', alarmAt: ago(HOUR) }),
      asset('ALA06', A, { lifeCycleState: 'New' }),
      asset('ALB01', B, { ...online, iotDeviceNo: 'AL-DEV-B1', alarmCode: 'tamper', alarmAt: ago(HOUR) }),
    ]);
    const event = (no: string, type: string, code: string, msAgo: number, pos = true) => ({
      assetId: ids.get(no) as string,
      partnerId: no.startsWith('ALA') ? A : B,
      type,
      code,
      occurredAt: ago(msAgo),
      latitude: pos ? 45.46 : null,
      longitude: pos ? 9.19 : null,
    });
    const inserted = await db
      .insert(assetEvents)
      .values([
        event('ALA01', 'device-alarm', 'tilt', HOUR),
        event('ALA01', 'device-alarm', 'tilt', 3 * HOUR, false),
        event('ALA02', 'device-alarm', 'fall', HOUR),
        event('ALA02', 'device-error', 'gps-fault', 2 * HOUR),
        event('ALB01', 'device-alarm', 'tamper', HOUR),
        // Outside the default week.
        event('ALA01', 'device-alarm', 'low-battery', 10 * DAY),
      ])
      .returning({
        id: assetEvents.id,
        assetId: assetEvents.assetId,
        code: assetEvents.code,
        at: assetEvents.occurredAt,
      });
    for (const row of inserted) {
      const no = [...ids].find(([, id]) => id === row.assetId)?.[0];
      alarmIds.set(`${no}:${row.code}:${now - row.at.getTime()}`, String(row.id));
    }
    reader = await t.userWith(['asset.read'], '*');
    operatorA = await t.userWith(['asset.read', 'asset.update'], [A]);
    readerA = await t.userWith(['asset.read'], [A]);
  });
  afterAll(() => t.close());

  const alarmId = (key: string) => alarmIds.get(key) as string;

  it('lists open alarms of the last week newest first, with asset, code, time, position and partner', async () => {
    const res = await inbox({});
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: Alarm[]; count: number }>();
    expect(page.count).toBe(4);
    expect(nosOf(res).sort()).toEqual(['ALA01:tilt', 'ALA01:tilt', 'ALA02:fall', 'ALB01:tamper']);
    // Newest first: the 3-hour-old tilt comes last.
    expect(page.data.at(-1)).toMatchObject({ asset: { no: 'ALA01' }, code: 'tilt', position: null });
    const fall = page.data.find((a) => a.code === 'fall');
    expect(fall).toMatchObject({
      type: 'device-alarm',
      partner: { id: t.partnerA.id, name: 'Partner A' },
      position: { lat: 45.46, lng: 9.19 },
      acknowledgement: null,
    });
  });

  it('filters by partner, code, asset and period, and shows a partner user only their partners', async () => {
    expect(nosOf(await inbox({ partnerId: t.partnerB.id }))).toEqual(['ALB01:tamper']);
    expect(nosOf(await inbox({ code: 'fall' }))).toEqual(['ALA02:fall']);
    expect(nosOf(await inbox({ categoryId: randomUUID() }))).toEqual([]);
    expect(nosOf(await inbox({ assetNo: 'ala02' }))).toEqual(['ALA02:fall']);
    const month = await inbox({
      from: new Date(now - 20 * DAY).toISOString(),
      to: new Date(now - 5 * DAY).toISOString(),
    });
    expect(nosOf(month)).toEqual(['ALA01:low-battery']);
    const scoped = await inbox({}, readerA.token);
    expect(nosOf(scoped).sort()).toEqual(['ALA01:tilt', 'ALA01:tilt', 'ALA02:fall']);
    const other = await inbox({ partnerId: t.partnerB.id }, readerA.token);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('PartnerOutOfScope');
    const tooLong = await inbox({ from: new Date(now - 40 * DAY).toISOString(), to: new Date(now).toISOString() });
    expect(tooLong.statusCode).toBe(400);
  });

  it('acknowledges an alarm with a note: kept with who and when, field-logged on the asset, and no longer open', async () => {
    const id = alarmId(`ALA02:fall:${HOUR}`);
    const res = await acknowledge(id, { note: 'Stood it up again, no damage' });
    expect(res.statusCode, res.body).toBe(200);
    const alarm = res.json<{ data: Alarm }>().data;
    expect(alarm.acknowledgement).toMatchObject({
      user: { id: operatorA.id },
      note: 'Stood it up again, no damage',
    });
    expect(Date.now() - Date.parse(alarm.acknowledgement?.at ?? '')).toBeLessThan(60_000);

    expect(nosOf(await inbox({})).sort()).toEqual(['ALA01:tilt', 'ALA01:tilt', 'ALB01:tamper']);
    const acknowledged = await inbox({ state: 'acknowledged' });
    expect(acknowledged.json().data).toMatchObject([{ id, acknowledgement: { note: 'Stood it up again, no damage' } }]);
    expect((await inbox({ state: 'all' })).json().count).toBe(4);

    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityId, ids.get('ALA02') as string), eq(fieldLogs.field, 'alarmAcknowledged')));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ entityType: 'asset', userId: operatorA.id });
    expect(logs[0]?.after).toMatchObject({ alarmId: id, code: 'fall', note: 'Stood it up again, no damage' });

    const again = await acknowledge(id, { note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(ALARM_ALREADY_ACKNOWLEDGED_MESSAGE);
  });

  it('refuses an acknowledgement without a note (400), out of scope (404), unknown (404) or without asset.update (403)', async () => {
    const id = alarmId(`ALA01:tilt:${HOUR}`);
    for (const body of [{}, { note: '   ' }]) {
      const res = await acknowledge(id, body);
      expect(res.statusCode).toBe(400);
      expect((errorOf(res).data as { fields: Record<string, string> }).fields.note).toBe(ALARM_NOTE_REQUIRED_MESSAGE);
    }
    const otherPartner = await acknowledge(alarmId(`ALB01:tamper:${HOUR}`), { note: 'Not mine' });
    expect(otherPartner.statusCode).toBe(404);
    expect(errorOf(otherPartner).code).toBe('NotFound');
    expect((await acknowledge('999999999', { note: 'Nothing' })).statusCode).toBe(404);
    const readOnly = await acknowledge(id, { note: 'Read only' }, readerA.token);
    expect(readOnly.statusCode).toBe(403);
    // Nothing of the refused calls was written: both alarms are still open.
    const open = await inbox({ state: 'open' });
    expect(nosOf(open)).toContain('ALB01:tamper');
    expect(open.json().data.filter((a: Alarm) => a.id === id)).toHaveLength(1);
    const acks = await t.database.db.select().from(assetEvents).where(eq(assetEvents.type, 'alarm-acknowledged'));
    expect(acks).toHaveLength(1);
  });

  it("answers an asset's display status with its active alarm or error and the latest alarms and errors", async () => {
    const res = await call(t.app, 'GET', '/asset/assets/ALA02/alarmState', { token: reader.token });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json().data;
    // Its error wins over its later alarm (document 2 §4 precedence).
    expect(state.displayStatus).toBe('Error');
    expect(state.error).toMatchObject({ code: 'gps-fault' });
    expect(state.alarm).toMatchObject({ code: 'fall' });
    expect(state.history.map((h: Alarm) => `${h.type}:${h.code}`)).toEqual([
      'device-alarm:fall',
      'device-error:gps-fault',
    ]);
    expect(state.history[0].acknowledgement).toMatchObject({ note: 'Stood it up again, no damage' });

    const quiet = await call(t.app, 'GET', '/asset/assets/ALA03/alarmState', { token: reader.token });
    expect(quiet.json().data).toEqual({ displayStatus: 'Active', alarm: null, error: null, history: [] });
    const outOfScope = await call(t.app, 'GET', '/asset/assets/ALB01/alarmState', { token: readerA.token });
    expect(outOfScope.statusCode).toBe(404);
  });

  it('filters the asset list by display status, the words the map and the dashboard use', async () => {
    const nos = async (displayStatusIn: string[], token = reader.token) => {
      const res = await call(t.app, 'POST', '/asset/assets/$query', {
        token,
        body: { pageSize: 100, displayStatusIn },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { no: string }[]).map((a) => a.no).sort();
    };
    expect(await nos(['Alarm'])).toEqual(['ALA01', 'ALB01']);
    expect(await nos(['Alarm'], readerA.token)).toEqual(['ALA01']);
    expect(await nos(['Error'])).toEqual(['ALA02']);
    expect(await nos(['Inactive'])).toEqual(['ALA04']);
    expect(await nos(['Missing', 'New'])).toEqual(['ALA05', 'ALA06']);
    expect(await nos(['Missing'])).toEqual(['ALA05']);
    expect(await nos(['Active', 'Error'])).toEqual(['ALA02', 'ALA03']);
    // Rare statuses are narrowed by their indexes first; the exact expression still decides (ALA02's error wins).
    expect(await nos(['Alarm', 'Error'])).toEqual(['ALA01', 'ALA02', 'ALB01']);
    expect(await nos(['Error', 'Missing'])).toEqual(['ALA02', 'ALA05']);
    const presence = async (iotOnline: boolean) => {
      const res = await call(t.app, 'POST', '/asset/assets/$query', { token: reader.token, body: { iotOnline } });
      return (res.json().data as { no: string }[]).map((a) => a.no).sort();
    };
    // The dashboard's online and offline devices: a bound device that reported within the hour, or not.
    expect(await presence(true)).toEqual(['ALA01', 'ALA02', 'ALA03', 'ALB01']);
    expect(await presence(false)).toEqual(['ALA04']);
    const count = await call(t.app, 'POST', '/asset/query/get-count', {
      token: reader.token,
      body: { displayStatusIn: ['Alarm'] },
    });
    expect(count.json()).toEqual({ count: 2, countIsEstimate: false });
    const bad = await call(t.app, 'POST', '/asset/assets/$query', {
      token: reader.token,
      body: { displayStatusIn: ['Broken'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('finds Alarm and Error assets through their partial indexes, never by reading the whole fleet', async () => {
    const indexes = new Set<string>();
    const walk = (node: PlanNode) => {
      if (typeof node['Index Name'] === 'string') indexes.add(node['Index Name']);
      for (const child of node.Plans ?? []) walk(child);
    };
    // A handful of test rows would be read sequentially anyway: forbid that to see which indexes can answer.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const where = whereOf({ scope: '*', displayStatusIn: ['Alarm', 'Error'] });
      walk((await explainPlan(tx, sql`select 1 from ${assets} where ${where}`)) ?? {});
    });
    expect([...indexes].sort()).toEqual(['assets_alarm_at_idx', 'assets_error_at_idx']);
  });
});
