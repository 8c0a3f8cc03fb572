import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectTestDevice, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import {
  assetCategories,
  assetEvents,
  assetPositions,
  assets,
  iotControlRecords,
  iotDevices,
  jobs,
} from '../../db/schema/index.ts';
import { startSimulator } from '../../iot/simulator.ts';

/**
 * IoT commands, configs and telemetry end to end: the real app, its gateway, a real broker (the embedded aedes
 * one, and Mosquitto on 127.0.0.1:1883 as an external broker) and test devices that are plain MQTT clients.
 */
type Broker = 'embedded' | 'mosquitto';
const TTL_MS = 2500;

const until = async <T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each<Broker>(['embedded', 'mosquitto'])('IoT over the %s broker', (broker) => {
  let t: TestContext;
  const root = `fdtest${randomUUID().slice(0, 8)}`;
  let categoryId: string;
  let counter = 0;
  const devices: MqttClient[] = [];

  async function addAsset(opts: { device?: string | null; vendor?: string; partnerId?: string } = {}) {
    const no = `IOT${String(++counter).padStart(5, '0')}`;
    const id = randomUUID();
    await t.database.db.insert(assets).values({
      id,
      no,
      partnerId: opts.partnerId ?? t.partnerA.id,
      categoryId,
      usageMode: 'customer-rental',
      lifeCycleState: 'Ready',
      iotDeviceNo: opts.device === undefined ? `DEV-${root}-${counter}` : opts.device,
      iotVendor: opts.device === null ? null : (opts.vendor ?? 'tbox'),
    });
    const [row] = await t.database.db.select().from(assets).where(eq(assets.id, id));
    return row as typeof assets.$inferSelect;
  }

  /** A device that answers commands the way `answer` says (null: stays silent). */
  async function device(deviceNo: string, answer?: Parameters<typeof connectTestDevice>[3]) {
    const client = await connectTestDevice(t.app, root, deviceNo, answer);
    devices.push(client);
    return client;
  }

  const invoke = (assetNos: string[], command = 'device.turn_on', token = t.owner.token, channel?: string) =>
    call(t.app, 'POST', '/asset-iot/control/batch-invoke-command', {
      token,
      body: { assetNos, command, ...(channel ? { channel } : {}) },
    });
  const record = async (id: string) =>
    (await call(t.app, 'GET', `/asset-iot/control/commandRecords/${id}`, { token: t.owner.token })).json<{
      data: { status: string; failedReason: string | null; attempts: number; replyStatus: string | null };
    }>().data;
  const settled = (id: string) =>
    until(
      () => record(id),
      (r) => r.status !== 'pending',
      TTL_MS + 6000,
    );

  const retryJobs = (recordId: string) =>
    t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `iot.dispatch:${recordId}`));

  /** One simulated device relayed through a vendor bridge of the simulator. */
  const bridged = (deviceNo: string, opts: { trackIds?: boolean; unbatched?: boolean } = {}) =>
    startSimulator({
      url: t.app.liveFleet.brokerUrl() as string,
      topicRoot: root,
      password: (no) => t.app.liveFleet.credentials.devicePassword(no),
      devices: [{ deviceNo, vendor: 'tbox', lat: 45.46, lng: 9.19 }],
      bridges: {
        count: 1,
        password: (name) => t.app.liveFleet.credentials.bridgePassword(name),
        unbatched: opts.unbatched,
      },
      trackIds: opts.trackIds,
    });

  const userInB = () => t.userWith(['asset.read'], [t.partnerB.id]);

  beforeAll(async () => {
    t = await createTestContext({
      MQTT_TOPIC_ROOT: root,
      IOT_COMMAND_TTL_MS: String(TTL_MS),
      IOT_RETRY_BASE_MS: '300',
      ...(broker === 'embedded' ? { MQTT_PORT: '0', HOST: '127.0.0.1' } : { MQTT_URL: 'mqtt://127.0.0.1:1883' }),
    });
    categoryId = randomUUID();
    await t.database.db
      .insert(assetCategories)
      .values({ id: categoryId, name: `E-bikes ${root}`, assetType: 'EBIKE', isIot: true });
    await t.app.liveFleet.start();
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await t?.close();
  });

  it('a command the device confirms is successful, with its reply time', async () => {
    const a = await addAsset();
    await device(a.iotDeviceNo as string);
    const res = await invoke([a.no]);
    expect(res.statusCode).toBe(200);
    const [created] = res.json<{ createdCommandRecords: { id: string; status: string; initiator: string }[] }>()
      .createdCommandRecords;
    // The answer shows each record as it is when the answer is made: a device that replies within the request
    // (the request sends the first attempt itself) is already successful there.
    expect(created).toMatchObject({ initiator: 'ops-web' });
    expect(['pending', 'successful']).toContain(created?.status);
    // The request sent the first attempt itself: its job waits for the first retry, not to send.
    const [job] = await retryJobs(created?.id as string);
    expect(job === undefined || job.runAt.getTime() > Date.now() - 50).toBe(true);
    const done = await settled(created?.id as string);
    expect(done).toMatchObject({ status: 'successful', replyStatus: 'success', failedReason: null });
    // One attempt normally; on a loaded machine the reply can take longer than the 300 ms retry base, and a
    // second attempt is then correct behaviour, not a failure.
    expect(done.attempts).toBeGreaterThanOrEqual(1);
    expect(await retryJobs(created?.id as string)).toEqual([]);
  });

  it('a device that comes online after the request gets the command from the retry', async () => {
    const a = await addAsset();
    const [created] = (await invoke([a.no])).json<{ createdCommandRecords: { id: string }[] }>().createdCommandRecords;
    await device(a.iotDeviceNo as string);
    const done = await settled(created?.id as string);
    expect(done).toMatchObject({ status: 'successful' });
    expect(done.attempts).toBeGreaterThanOrEqual(2);
  });

  it('a silent device: re-sent with back-off, then timeout — never successful', async () => {
    const a = await addAsset();
    const seen: number[] = [];
    await device(a.iotDeviceNo as string, (m) => {
      seen.push(m.attempt);
      return null;
    });
    const [created] = (await invoke([a.no])).json<{ createdCommandRecords: { id: string }[] }>().createdCommandRecords;
    const done = await settled(created?.id as string);
    expect(done).toMatchObject({ status: 'timeout', replyStatus: 'expiry', failedReason: 'time-out' });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(done.attempts).toBe(seen.length);
  });

  it('a retryable failure is retried until the device succeeds; a duplicate or late reply changes nothing', async () => {
    const a = await addAsset();
    await device(a.iotDeviceNo as string, (m) =>
      m.attempt === 1
        ? [{ id: m.id, status: 'failure', reason: 'hardware-failure' }]
        : [
            { id: m.id, status: 'success' },
            { id: m.id, status: 'failure', reason: 'unsupported' },
          ],
    );
    const [created] = (await invoke([a.no])).json<{ createdCommandRecords: { id: string }[] }>().createdCommandRecords;
    const done = await settled(created?.id as string);
    expect(done).toMatchObject({ status: 'successful', failedReason: null });
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 300));
    expect((await record(created?.id as string)).status).toBe('successful');
  });

  it('a final failure settles failed with the reason; a reply after the deadline is ignored', async () => {
    const a = await addAsset();
    await device(a.iotDeviceNo as string, (m) => [{ id: m.id, status: 'failure', reason: 'unsupported' }]);
    const [failed] = (await invoke([a.no], 'device.beep')).json<{ createdCommandRecords: { id: string }[] }>()
      .createdCommandRecords;
    expect(await settled(failed?.id as string)).toMatchObject({ status: 'failed', failedReason: 'unsupported' });

    const b = await addAsset();
    const late = await device(b.iotDeviceNo as string, () => null);
    const [timedOut] = (await invoke([b.no])).json<{ createdCommandRecords: { id: string }[] }>().createdCommandRecords;
    expect(await settled(timedOut?.id as string)).toMatchObject({ status: 'timeout' });
    await late.publishAsync(
      `${root}/${b.iotDeviceNo}/cmd/reply`,
      JSON.stringify({ id: timedOut?.id, status: 'success' }),
      {
        qos: 1,
      },
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await record(timedOut?.id as string)).status).toBe('timeout');
  });

  it('no device → failed "device unavailable" at once; the same command in flight → skipped', async () => {
    const unbound = await addAsset({ device: null });
    const busy = await addAsset();
    await device(busy.iotDeviceNo as string, () => null);
    const first = (await invoke([unbound.no, busy.no])).json<{
      createdCommandRecords: { assetNo: string; status: string; failedReason: string | null }[];
    }>().createdCommandRecords;
    expect(first).toEqual([
      expect.objectContaining({ assetNo: unbound.no, status: 'failed', failedReason: 'device-unavailable' }),
      expect.objectContaining({ assetNo: busy.no, status: 'pending' }),
    ]);
    const again = (await invoke([busy.no])).json<{
      createdCommandRecords: { status: string; failedReason: string }[];
    }>().createdCommandRecords;
    expect(again[0]).toMatchObject({ status: 'skipped', failedReason: 'same-request-in-progress' });
    // Another command is not "the same request".
    const other = (await invoke([busy.no], 'device.beep')).json<{ createdCommandRecords: { status: string }[] }>()
      .createdCommandRecords;
    expect(other[0]?.status).toBe('pending');
  });

  it('configs: validated by the rules of document 2 §5, confirmed items become the device config', async () => {
    const a = await addAsset();
    await device(a.iotDeviceNo as string);
    const bad = await call(t.app, 'POST', '/asset-iot/control/batch-modify-config', {
      token: t.owner.token,
      body: {
        assetNos: [a.no],
        config: {
          motorControlSpeedLimit: { switch: 'on', speedKmh: 120 },
          tboxRidingGpsReport: { switch: 'on', interval: { value: 19, unit: 'h' } },
          tboxAutoLightOnTiming: { switch: 'on' },
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toMatchObject({
      'config.motorControlSpeedLimit.speedKmh': 'Speed is at most 100 km/h',
      'config.tboxRidingGpsReport.interval.value': 'The riding GPS report cycle is at most 18 h',
      'config.tboxAutoLightOnTiming.timeRange': 'Time range is required',
    });
    const config = { motorControlSpeedLimit: { switch: 'on', speedKmh: 25 } };
    const ok = await call(t.app, 'POST', '/asset-iot/control/batch-modify-config', {
      token: t.owner.token,
      body: { assetNos: [a.no], config },
    });
    expect(ok.statusCode).toBe(200);
    const [created] = ok.json<{ createdConfigRecords: { id: string; status: string }[] }>().createdConfigRecords;
    const list = () =>
      call(t.app, 'GET', `/asset-iot/control/configRecords?ids=${created?.id}`, { token: t.owner.token }).then(
        (r) => r.json<{ data: { status: string }[] }>().data,
      );
    expect((await until(list, (d) => d[0]?.status !== 'pending'))[0]?.status).toBe('successful');
    const configs = await call(t.app, 'POST', '/asset-iot/experimental/get-configs-by-asset-no', {
      token: t.owner.token,
      body: { assetNo: a.no },
    });
    expect(configs.json().data).toMatchObject({ config, pending: [] });
  });

  it('each command needs its own permission; partner scope hides other partners’ assets', async () => {
    const a = await addAsset();
    const beeper = await t.userWith(['iot_control.command.beep']);
    expect((await invoke([a.no], 'device.turn_on', beeper.token)).statusCode).toBe(403);
    expect((await invoke([a.no], 'device.beep', beeper.token, 'sms')).statusCode).toBe(403);
    expect((await invoke([a.no], 'light.turn_on', beeper.token, 'sms')).statusCode).toBe(400);
    const noCommands = await t.userWith(['iot_control.record.read']);
    expect((await invoke([a.no], 'device.beep', noCommands.token)).statusCode).toBe(403);
    const ofB = await addAsset({ partnerId: t.partnerB.id });
    const scoped = await t.userWith(['iot_control.command.beep', 'iot_control.record.read'], [t.partnerA.id]);
    const refused = await invoke([ofB.no], 'device.beep', scoped.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data).toEqual({ notFound: [ofB.no] });
    expect((await invoke([a.no], 'device.beep', scoped.token)).statusCode).toBe(200);
    await invoke([ofB.no], 'device.beep');
    const records = await call(t.app, 'GET', '/asset-iot/control/commandRecords?pageSize=100', {
      token: scoped.token,
    });
    const listed = records.json<{ data: { assetNo: string }[] }>().data.map((r) => r.assetNo);
    expect(listed).toContain(a.no);
    expect(listed).not.toContain(ofB.no);
    expect(
      (
        await call(t.app, 'POST', '/asset-iot/control/batch-invoke-command', {
          body: { assetNos: [a.no], command: 'device.beep' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers another partner’s asset, command record and configs exactly as missing ones, writing nothing', async () => {
    const ofB = await addAsset({ partnerId: t.partnerB.id });
    const ofA = await addAsset({ device: null });
    const [ofBRecord] = (await invoke([ofB.no], 'device.beep')).json<{ createdCommandRecords: { id: string }[] }>()
      .createdCommandRecords as { id: string }[];
    const scoped = await t.userWith(
      ['iot_control.command.beep', 'iot_control.config.basic', 'iot_control.record.read', 'asset.read'],
      [t.partnerA.id],
    );
    const recordIds = async () =>
      (await t.database.db.select({ id: iotControlRecords.id }).from(iotControlRecords)).map((r) => r.id).sort();
    const recordsBefore = await recordIds();
    const same = (a: LightMyRequestResponse, b: LightMyRequestResponse) =>
      expect([a.statusCode, errorOf(a).code, errorOf(a).data]).toEqual([
        b.statusCode,
        errorOf(b).code,
        errorOf(b).data,
      ]);

    const commandOfB = await invoke([ofB.no], 'device.beep', scoped.token);
    const commandOfNone = await invoke(['NOSUCH1'], 'device.beep', scoped.token);
    expect([commandOfB.statusCode, errorOf(commandOfB).code]).toEqual([422, errorOf(commandOfNone).code]);
    expect(commandOfB.json().data).toEqual({ notFound: [ofB.no] });
    expect(commandOfNone.json().data).toEqual({ notFound: ['NOSUCH1'] });
    // One number of another partner among the caller's own refuses the whole request.
    const mixed = await invoke([ofA.no, ofB.no], 'device.beep', scoped.token);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().data).toEqual({ notFound: [ofB.no] });

    const record = (id: string) =>
      call(t.app, 'GET', `/asset-iot/control/commandRecords/${id}`, { token: scoped.token });
    const recordOfB = await record((ofBRecord as { id: string }).id);
    expect(recordOfB.statusCode).toBe(404);
    same(recordOfB, await record(randomUUID()));

    const configs = (assetNo: string) =>
      call(t.app, 'POST', '/asset-iot/experimental/get-configs-by-asset-no', {
        token: scoped.token,
        body: { assetNo },
      });
    const configsOfB = await configs(ofB.no);
    expect(configsOfB.statusCode).toBe(404);
    same(configsOfB, await configs('NOSUCH1'));

    const agent = (deviceNo: string) =>
      call(t.app, 'GET', `/iot-trust-agent/trustAgents/$findByIotDeviceNo?iotDeviceNo=${deviceNo}`, {
        token: scoped.token,
      });
    const agentOfB = await agent(ofB.iotDeviceNo as string);
    expect(agentOfB.statusCode).toBe(404);
    same(agentOfB, await agent('NOSUCH-DEV'));

    // Nothing was written: no record was added.
    expect(await recordIds()).toEqual(recordsBefore);
  });

  it('a device relayed through a vendor bridge (the simulator beyond one socket per device) reports and obeys', async () => {
    const a = await addAsset();
    const sim = bridged(a.iotDeviceNo as string, { trackIds: true });
    try {
      const state = () =>
        t.database.db
          .select({ at: assets.iotLastUpdateTime, lock: assets.lockState })
          .from(assets)
          .where(eq(assets.id, a.id))
          .then((r) => r[0]);
      expect((await until(state, (r) => r?.at != null))?.lock).toBe('LOCKED');
      const [created] = (await invoke([a.no], 'device.turn_on')).json<{ createdCommandRecords: { id: string }[] }>()
        .createdCommandRecords;
      expect(await settled(created?.id as string)).toMatchObject({ status: 'successful' });
      expect(sim.stats.successIds.has(created?.id as string)).toBe(true);
      // The unlocked device reports its new state at once.
      expect((await until(state, (r) => r?.lock === 'UNLOCKED'))?.lock).toBe('UNLOCKED');
      // Its reports and replies travelled in the bridge's batches.
      expect(sim.stats.batches).toBeGreaterThan(0);
    } finally {
      await sim.stop();
    }
  });

  it('a vendor bridge sends many devices’ messages in one batch; bad items and unknown devices are counted, the rest written', async () => {
    const a = await addAsset();
    const b = await addAsset();
    const fleet = t.app.liveFleet;
    const bridge = await mqtt.connectAsync(fleet.brokerUrl() as string, {
      clientId: 'bridge-batch-test',
      username: 'bridge-batch-test',
      password: fleet.credentials.bridgePassword('batch-test'),
      reconnectPeriod: 0,
    });
    devices.push(bridge);
    const ts = Date.now();
    const malformedBefore = fleet.gateway()?.stats.malformed ?? 0;
    const unknownBefore = fleet.ingest.stats.unknownDevice;
    const batchesBefore = fleet.gateway()?.stats.batches ?? 0;
    const items = [
      { deviceNo: a.iotDeviceNo, channel: 'telemetry', message: { ts, pos: { lat: 45.3, lng: 9.3 }, chargePct: 61 } },
      { deviceNo: b.iotDeviceNo, channel: 'telemetry', message: { ts, pos: { lat: 45.4, lng: 9.4 }, lock: 'locked' } },
      { deviceNo: b.iotDeviceNo, channel: 'event', message: { ts, type: 'alarm', code: 'tamper' } },
      { deviceNo: a.iotDeviceNo, channel: 'telemetry', message: { ts: 'yesterday' } },
      { deviceNo: `DEV-${root}-nobody`, channel: 'telemetry', message: { ts, pos: { lat: 1, lng: 1 } } },
    ];
    await bridge.publishAsync(`${root}/bridge-batch-test/batch`, JSON.stringify({ items }), { qos: 1 });
    // Not a batch at all, and an item on a channel devices do not publish: refused whole.
    await bridge.publishAsync(`${root}/bridge-batch-test/batch`, 'not json', { qos: 1 });
    await bridge.publishAsync(
      `${root}/bridge-batch-test/batch`,
      JSON.stringify({ items: [{ deviceNo: a.iotDeviceNo, channel: 'cmd', message: { ts } }] }),
      { qos: 1 },
    );
    const stateOf = async (id: string) => (await t.database.db.select().from(assets).where(eq(assets.id, id)))[0];
    const second = await until(
      () => stateOf(b.id),
      (r) => r?.alarmCode === 'tamper' && r.latitude === 45.4,
    );
    expect(second).toMatchObject({ latitude: 45.4, lockState: 'LOCKED', alarmCode: 'tamper' });
    expect(await stateOf(a.id)).toMatchObject({ latitude: 45.3, chargePct: 61 });
    const positions = await t.database.db.select().from(assetPositions).where(eq(assetPositions.assetId, a.id));
    expect(positions).toHaveLength(1);
    await until(
      async () => fleet.ingest.stats.unknownDevice,
      (n) => n > unknownBefore,
    );
    expect(fleet.ingest.stats.unknownDevice).toBe(unknownBefore + 1);
    expect(fleet.gateway()?.stats.batches).toBe(batchesBefore + 1);
    expect((fleet.gateway()?.stats.malformed ?? 0) - malformedBefore).toBe(3);
  });

  it('the simulator relays through a bridge one packet per message when told (--unbatched)', async () => {
    const a = await addAsset();
    const sim = bridged(a.iotDeviceNo as string, { unbatched: true });
    try {
      const state = await until(
        async () => (await t.database.db.select().from(assets).where(eq(assets.id, a.id)))[0],
        (r) => r?.iotLastUpdateTime != null,
      );
      expect(state?.lockState).toBe('LOCKED');
      expect(sim.stats.batches).toBe(0);
    } finally {
      await sim.stop();
    }
  });

  it('telemetry is written in batches: latest state, positions, alarms; malformed and unknown devices write nothing', async () => {
    const a = await addAsset();
    const d = await device(a.iotDeviceNo as string);
    const ts = Date.now();
    const topic = (c: string) => `${root}/${a.iotDeviceNo}/${c}`;
    await d.publishAsync(
      topic('telemetry'),
      JSON.stringify({ ts: ts - 1000, pos: { lat: 45.1, lng: 9.1 }, chargePct: 80 }),
      { qos: 1 },
    );
    await d.publishAsync(
      topic('telemetry'),
      JSON.stringify({
        ts,
        pos: { lat: 45.2, lng: 9.2, alt: 120 },
        vel: 12,
        chargePct: 79,
        battMv: 41000,
        lock: 'unlocked',
      }),
      { qos: 1 },
    );
    await d.publishAsync(topic('event'), JSON.stringify({ ts, type: 'alarm', code: 'tilt' }), { qos: 1 });
    await d.publishAsync(topic('telemetry'), 'not json', { qos: 1 });
    await d.publishAsync(topic('telemetry'), JSON.stringify({ ts: 'yesterday' }), { qos: 1 });
    const fleet = t.app.liveFleet;
    const before = fleet.gateway()?.stats.malformed ?? 0;
    const state = await until(
      async () => (await t.database.db.select().from(assets).where(eq(assets.id, a.id)))[0],
      (r) => r?.alarmCode === 'tilt' && r.chargePct === 79,
    );
    expect(state).toMatchObject({
      chargePct: 79,
      iotBatteryVoltageMilli: 41000,
      lockState: 'UNLOCKED',
      latitude: 45.2,
    });
    expect(state?.iotLastUpdateTime?.getTime()).toBe(ts);
    const positions = await t.database.db.select().from(assetPositions).where(eq(assetPositions.assetId, a.id));
    expect(positions).toHaveLength(2);
    const events = await t.database.db.select().from(assetEvents).where(eq(assetEvents.assetId, a.id));
    // The alarm, and the lock change the trip builder reads (first report of this asset: unlocked).
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'device-alarm', code: 'tilt' }),
        expect.objectContaining({ type: 'device-report', code: 'lock-change', data: { lock: 'UNLOCKED' } }),
      ]),
    );
    expect(events).toHaveLength(2);
    expect(fleet.gateway()?.stats.malformed).toBeGreaterThanOrEqual(Math.min(before, 2));

    // A device bound to no asset: counted, nothing written.
    const stranger = `DEV-${root}-stranger`;
    const s = await device(stranger);
    const unknownBefore = fleet.ingest.stats.unknownDevice;
    await s.publishAsync(`${root}/${stranger}/telemetry`, JSON.stringify({ ts, pos: { lat: 1, lng: 1 } }), { qos: 1 });
    await until(
      async () => fleet.ingest.stats.unknownDevice,
      (n) => n > unknownBefore,
    );
    expect(fleet.ingest.stats.unknownDevice).toBe(unknownBefore + 1);
  });

  it('an alarm or error alone changes only what the asset shows of them; the newest wins, an older one changes nothing', async () => {
    const a = await addAsset();
    const deviceNo = a.iotDeviceNo as string;
    const { ingest } = t.app.liveFleet;
    const stateOf = async () => (await t.database.db.select().from(assets).where(eq(assets.id, a.id)))[0];
    const ts = Date.now() - 60_000;
    ingest.push({ kind: 'telemetry', deviceNo, message: { ts, pos: { lat: 45.5, lng: 9.5 }, chargePct: 70 } });
    await ingest.flush();
    // One batch: two alarms (the newer first) and an error, no report.
    ingest.push({ kind: 'event', deviceNo, message: { ts: ts + 2000, type: 'alarm', code: 'tilt' } });
    ingest.push({ kind: 'event', deviceNo, message: { ts: ts + 1000, type: 'alarm', code: 'tamper' } });
    ingest.push({ kind: 'event', deviceNo, message: { ts: ts + 1000, type: 'error', code: 'gps-lost' } });
    await ingest.flush();
    const shown = await stateOf();
    expect(shown).toMatchObject({ alarmCode: 'tilt', errorCode: 'gps-lost', latitude: 45.5, chargePct: 70 });
    expect(shown?.alarmAt?.getTime()).toBe(ts + 2000);
    expect(shown?.errorAt?.getTime()).toBe(ts + 1000);
    expect(shown?.iotLastUpdateTime?.getTime()).toBe(ts);

    // An older alarm arriving late is history only; a newer error replaces the shown one.
    ingest.push({ kind: 'event', deviceNo, message: { ts: ts + 500, type: 'alarm', code: 'late' } });
    ingest.push({ kind: 'event', deviceNo, message: { ts: ts + 3000, type: 'error', code: 'low-voltage' } });
    await ingest.flush();
    expect(await stateOf()).toMatchObject({ alarmCode: 'tilt', errorCode: 'low-voltage', latitude: 45.5 });
    const events = await t.database.db.select().from(assetEvents).where(eq(assetEvents.assetId, a.id));
    expect(events.map((e) => e.code).sort()).toEqual(['gps-lost', 'late', 'low-voltage', 'tamper', 'tilt']);
  });

  it('a device moved to another asset reports for the new one at once, not after the binding cache expires', async () => {
    const first = await addAsset();
    const second = await addAsset({ device: null });
    const deviceNo = first.iotDeviceNo as string;
    const d = await device(deviceNo);
    const report = (lat: number) =>
      d.publishAsync(`${root}/${deviceNo}/telemetry`, JSON.stringify({ ts: Date.now(), pos: { lat, lng: 9 } }), {
        qos: 1,
      });
    const latitudeOf = async (id: string) =>
      (await t.database.db.select().from(assets).where(eq(assets.id, id)))[0]?.latitude ?? null;
    // The first report caches "this device is the first asset's" (for 30 s).
    await report(44.1);
    expect(
      await until(
        () => latitudeOf(first.id),
        (lat) => lat === 44.1,
      ),
    ).toBe(44.1);

    const token = t.owner.token;
    expect((await call(t.app, 'DELETE', `/asset-iot/assets/${first.no}/iot/device`, { token })).statusCode).toBe(200);
    const bound = await call(t.app, 'PUT', `/asset-iot/assets/${second.no}/iot/device`, {
      token,
      body: { no: deviceNo, vendor: 'tbox' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    await report(44.2);
    expect(
      await until(
        () => latitudeOf(second.id),
        (lat) => lat === 44.2,
        5_000,
      ),
    ).toBe(44.2);
    expect(await latitudeOf(first.id)).toBe(44.1);
  });

  it('trust agents, device models and capabilities: the caller sees only devices of its partners', async () => {
    const a = await addAsset();
    await device(a.iotDeviceNo as string);
    const agent = () =>
      call(t.app, 'GET', `/iot-trust-agent/trustAgents/$findByIotDeviceNo?iotDeviceNo=${a.iotDeviceNo}`, {
        token: t.owner.token,
      });
    const found = await until(agent, (r) => r.json().data?.presence === 'online');
    expect(found.json().data).toMatchObject({ iotDeviceNo: a.iotDeviceNo, assetNo: a.no, mqttUsername: a.iotDeviceNo });
    const ofB = await userInB();
    const hidden = await call(
      t.app,
      'GET',
      `/iot-trust-agent/trustAgents/$findByIotDeviceNo?iotDeviceNo=${a.iotDeviceNo}`,
      {
        token: ofB.token,
      },
    );
    expect(hidden.statusCode).toBe(404);
    const unknown = await call(t.app, 'GET', '/iot-trust-agent/trustAgents/$findByIotDeviceNo?iotDeviceNo=NOPE', {
      token: t.owner.token,
    });
    expect(unknown.statusCode).toBe(404);

    const models = (await call(t.app, 'GET', '/asset-iot/def/iotDeviceModels', { token: t.owner.token })).json().data;
    expect(models.map((m: { vendor: string }) => m.vendor).sort()).toEqual(['okai', 'rybit-box', 'rybit-tag', 'tbox']);
    const battery = await call(t.app, 'POST', '/asset-iot/capability/$composeCapability', {
      token: t.owner.token,
      body: { modelType: 'BATTERY:rybit-tag', iotDeviceType: 'rybit-tag' },
    });
    expect(battery.json().data.commands).not.toContain('light.turn_on');
    const bad = await call(t.app, 'POST', '/asset-iot/capability/$composeCapability', {
      token: t.owner.token,
      body: { modelType: 'ROCKET:tbox', iotDeviceType: 'tbox' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('a report dated far ahead is stored at its arrival, so the real reports after it still change the state', async () => {
    const a = await addAsset();
    const b = await addAsset();
    const gateway = t.app.liveFleet.gateway();
    const aheadBefore = gateway?.stats.clockAhead ?? 0;
    const d = await device(a.iotDeviceNo as string);
    const stateOf = async (id: string) => (await t.database.db.select().from(assets).where(eq(assets.id, id)))[0];
    const send = (client: MqttClient, channel: string, message: Record<string, unknown>) =>
      client.publishAsync(`${root}/${client.options.clientId}/${channel}`, JSON.stringify(message), { qos: 1 });
    const yearAhead = Date.now() + 365 * 86_400_000;

    const sentAt = Date.now();
    await send(d, 'telemetry', { ts: yearAhead, chargePct: 10, lock: 'locked', pos: { lat: 45.1, lng: 9.1 } });
    await send(d, 'event', { ts: yearAhead, type: 'alarm', code: 'tilt' });
    const first = await until(
      () => stateOf(a.id),
      (r) => r?.chargePct === 10 && r.alarmCode === 'tilt',
    );
    // Dated at its arrival, not next year.
    const storedAt = first?.iotLastUpdateTime?.getTime() ?? 0;
    expect(storedAt).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(storedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(first?.alarmAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(gateway?.stats.clockAhead).toBe(aheadBefore + 2);

    // The device's clock is fixed: its next report, a few seconds on, is the asset's state.
    await new Promise((r) => setTimeout(r, 50));
    const realTs = Date.now() + 3000;
    await send(d, 'telemetry', { ts: realTs, chargePct: 55, lock: 'unlocked', pos: { lat: 45.2, lng: 9.2 } });
    const second = await until(
      () => stateOf(a.id),
      (r) => r?.chargePct === 55,
    );
    expect(second).toMatchObject({ chargePct: 55, lockState: 'UNLOCKED', latitude: 45.2 });
    expect(second?.iotLastUpdateTime?.getTime()).toBe(realTs);
    const trail = await t.database.db.select().from(assetPositions).where(eq(assetPositions.assetId, a.id));
    expect(trail.every((p) => p.recordedAt.getTime() <= realTs)).toBe(true);
    const events = await t.database.db.select().from(assetEvents).where(eq(assetEvents.assetId, a.id));
    expect(events.every((e) => e.occurredAt.getTime() <= realTs)).toBe(true);

    // A clock a little fast (within IOT_CLOCK_SKEW_MS, 2 minutes by default) is taken at its word.
    const e = await device(b.iotDeviceNo as string);
    const slightlyAhead = Date.now() + 60_000;
    await send(e, 'telemetry', { ts: slightlyAhead, chargePct: 77 });
    const third = await until(
      () => stateOf(b.id),
      (r) => r?.chargePct === 77,
    );
    expect(third?.iotLastUpdateTime?.getTime()).toBe(slightlyAhead);
    expect(gateway?.stats.clockAhead).toBe(aheadBefore + 2);
  });

  it('a packet above MQTT_MAX_PACKET_BYTES is never stored: the embedded broker closes its connection, an external one keeps it from the gateway', async () => {
    const a = await addAsset();
    const deviceNo = a.iotDeviceNo as string;
    const topic = `${root}/${deviceNo}/telemetry`;
    const stateOf = async () => (await t.database.db.select().from(assets).where(eq(assets.id, a.id)))[0];
    const embedded = t.app.liveFleet.embeddedBroker();
    const refusedBefore = embedded?.stats.refusedPackets ?? 0;

    const d = await device(deviceNo);
    const closed = new Promise<void>((resolve) => d.once('close', () => resolve()));
    // A valid report but for its padding (which the protocol's schema would drop): 600 KiB, over 512 KiB.
    d.publish(topic, JSON.stringify({ ts: Date.now(), chargePct: 13, pad: 'x'.repeat(600 * 1024) }), { qos: 0 });
    if (broker === 'embedded') {
      await closed;
      expect(embedded?.stats.refusedPackets).toBe(refusedBefore + 1);
    }
    await new Promise((r) => setTimeout(r, 1000));
    expect((await stateOf())?.chargePct).toBeNull();
    // Mosquitto (no max_packet_size here) took it and dropped it for the gateway, which stayed connected.
    expect(t.app.liveFleet.gateway()?.connected()).toBe(true);

    // An ordinary report, and one just under the limit, are stored.
    const again = broker === 'embedded' ? await device(deviceNo) : d;
    await again.publishAsync(topic, JSON.stringify({ ts: Date.now(), chargePct: 14 }), { qos: 1 });
    expect((await until(stateOf, (r) => r?.chargePct === 14))?.chargePct).toBe(14);
    const nearLimit = JSON.stringify({ ts: Date.now() + 10, chargePct: 15, pad: 'x'.repeat(500 * 1024) });
    await again.publishAsync(topic, nearLimit, { qos: 1 });
    expect((await until(stateOf, (r) => r?.chargePct === 15))?.chargePct).toBe(15);
    expect(again.connected).toBe(true);
    if (broker === 'embedded') expect(embedded?.stats.refusedPackets).toBe(refusedBefore + 1);
  });

  it.runIf(broker === 'embedded')(
    'the embedded broker holds each device to its own topics and credentials',
    async () => {
      const a = await addAsset();
      const b = await addAsset();
      const url = t.app.liveFleet.brokerUrl() as string;
      const deviceNo = a.iotDeviceNo as string;
      await expect(
        mqtt.connectAsync(url, { clientId: deviceNo, username: deviceNo, password: 'wrong', reconnectPeriod: 0 }),
      ).rejects.toThrow();
      await expect(
        mqtt.connectAsync(url, {
          clientId: b.iotDeviceNo as string,
          username: deviceNo,
          password: t.app.liveFleet.credentials.devicePassword(deviceNo),
          reconnectPeriod: 0,
        }),
      ).rejects.toThrow();
      const d = await device(deviceNo);
      // Refused with the failure code 0x80, which mqtt.js turns into a rejection.
      const refused = await d.subscribeAsync(`${root}/${b.iotDeviceNo}/cmd`, { qos: 1 }).then(
        () => 'granted',
        (error: { message?: string }) => String(error?.message),
      );
      expect(refused).toMatch(/Subscribe error/);
      // Publishing as another device: the broker drops the connection, the other asset stays untouched.
      // QoS 0: the refused publish is never acknowledged.
      d.publish(`${root}/${b.iotDeviceNo}/telemetry`, JSON.stringify({ ts: Date.now(), chargePct: 1 }), { qos: 0 });
      await new Promise((r) => setTimeout(r, 700));
      const [other] = await t.database.db.select().from(assets).where(eq(assets.id, b.id));
      expect(other?.chargePct).toBeNull();
      const [presence] = await t.database.db
        .select()
        .from(iotDevices)
        .where(eq(iotDevices.no, b.iotDeviceNo as string));
      expect(presence).toBeUndefined();

      // Only a bridge sends batches, and only on its own batch topic.
      const batch = (deviceNo: string) =>
        JSON.stringify({ items: [{ deviceNo, channel: 'telemetry', message: { ts: Date.now(), chargePct: 2 } }] });
      const e = await device((await addAsset()).iotDeviceNo as string);
      e.publish(`${root}/${e.options.clientId}/batch`, batch(b.iotDeviceNo as string), { qos: 0 });
      const impostor = await mqtt.connectAsync(url, {
        clientId: 'bridge-one',
        username: 'bridge-one',
        password: t.app.liveFleet.credentials.bridgePassword('one'),
        reconnectPeriod: 0,
      });
      devices.push(impostor);
      impostor.publish(`${root}/bridge-two/batch`, batch(b.iotDeviceNo as string), { qos: 0 });
      await new Promise((r) => setTimeout(r, 700));
      expect(e.connected).toBe(false);
      expect(impostor.connected).toBe(false);
      const [still] = await t.database.db.select().from(assets).where(eq(assets.id, b.id));
      expect(still?.chargePct).toBeNull();
    },
  );
});
