import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { assets } from '../../src/db/schema/index.ts';
import { rows } from '../../src/db/sql.ts';
import { iotAssetRow, seedIotPartner, until as waitFor } from './fleet.ts';
import { type Cluster, MOSQUITTO_URL, startCluster } from './nodes.ts';

export { waitFor };

/** The cluster's database, opened by the test itself (fixtures, and what the nodes committed). */
export function openClusterDb(url: string): Promise<Database> {
  return openDatabase({ kind: 'postgres', url });
}

/**
 * A cluster of `count` nodes for the tests of one describe block: started before them with its database opened by
 * the test, closed after them together with the device clients the tests put in `devices`.
 */
export function clusterWithDevices(count: number) {
  const t = {
    cluster: undefined as unknown as Cluster,
    database: undefined as unknown as Database,
    devices: [] as MqttClient[],
  };
  beforeAll(async () => {
    t.cluster = await startCluster(count);
    t.database = await openClusterDb(t.cluster.databaseUrl);
  });
  afterAll(async () => {
    await Promise.all(t.devices.map((d) => d.endAsync(true)));
    await t.database?.close();
    await t.cluster?.close();
  });
  return t;
}

/** `count` IoT assets of one new partner, bound to devices `<prefix>-1…`: what the fault tests' devices report for. */
export async function iotAssets(database: Database, count: number, prefix = `DEV-${randomUUID().slice(0, 6)}`) {
  const owner = await seedIotPartner(database.db, prefix);
  const rows = Array.from({ length: count }, (_, i) =>
    iotAssetRow(owner, {
      id: randomUUID(),
      // Asset numbers are capital letters and digits.
      no: `${prefix.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}A${i + 1}`,
      deviceNo: `${prefix}-${i + 1}`,
    }),
  ).map((row) => ({ ...row, iotDeviceNo: row.iotDeviceNo as string }));
  await database.db.insert(assets).values(rows);
  return { ...owner, assets: rows };
}

/** Devices on the machine's Mosquitto (anonymous there), one client each. */
export async function connectDevices(deviceNos: string[]): Promise<MqttClient[]> {
  return Promise.all(
    deviceNos.map((no) =>
      mqtt.connectAsync(MOSQUITTO_URL, { clientId: `${no}-${randomUUID().slice(0, 4)}`, reconnectPeriod: 500 }),
    ),
  );
}

/**
 * Devices reporting at a steady pace at QoS 1 until stopped: each report has its own time stamp (ms apart per
 * device), and `acked` keeps those the broker acknowledged (PUBACK) — what must be stored.
 */
export function reportSteadily(
  devices: { client: MqttClient; deviceNo: string; assetId: string }[],
  topicRoot: string,
  perSecond: number,
) {
  const acked: { assetId: string; ts: number }[] = [];
  let sent = 0;
  let failed = 0;
  let stopped = false;
  const base = Date.now() - 3_600_000;
  const every = Math.max(1, Math.round((1000 * devices.length) / perSecond));
  const loops = devices.map(async ({ client, deviceNo, assetId }, d) => {
    await new Promise((r) => setTimeout(r, (every * d) / devices.length));
    for (let i = 0; !stopped; i++) {
      const ts = base + i * 1000 + d;
      sent++;
      const body = JSON.stringify({ ts, pos: { lat: 45 + i / 1e5, lng: 9 + d / 1e5 }, vel: 12, chargePct: 80 });
      client
        .publishAsync(`${topicRoot}/${deviceNo}/telemetry`, body, { qos: 1 })
        .then(() => acked.push({ assetId, ts }))
        .catch(() => failed++);
      await new Promise((r) => setTimeout(r, every));
    }
  });
  return {
    acked,
    sent: () => sent,
    failed: () => failed,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      // Reports still waiting for their PUBACK get it or fail within a moment.
      await new Promise((r) => setTimeout(r, 1000));
    },
  };
}

/**
 * A fleet of `count` bound devices reporting steadily at `perSecond` (see reportSteadily); `devices` are the clients
 * the test ends at the end.
 */
export async function reportingFleet(database: Database, topicRoot: string, count: number, perSecond: number) {
  const fleet = await iotAssets(database, count);
  const devices = await connectDevices(fleet.assets.map((a) => a.iotDeviceNo));
  const load = reportSteadily(
    fleet.assets.map((a, i) => ({ client: devices[i] as MqttClient, deviceNo: a.iotDeviceNo, assetId: a.id })),
    topicRoot,
    perSecond,
  );
  return { fleet, devices, load };
}

/** How a request to a node that should die on the way ended; fails the test if the node answered instead. */
export async function diesOn(
  node: { exited: Promise<number | null> },
  request: Promise<{ status: number; body: unknown }>,
) {
  const outcome = await request.then(
    (r) => `answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`,
    () => 'connection lost',
  );
  const exit = await Promise.race([
    node.exited.then(() => 'exited'),
    new Promise((r) => setTimeout(() => r('alive'), 5000)),
  ]);
  if (exit !== 'exited') throw new Error(`the node did not reach its fault point: ${outcome}`);
  return outcome;
}

/**
 * A device that answers its commands with success (`answers`), or stays silent; `replied` holds the record ids it
 * answered — the only ones that may end successful.
 */
export async function commandDevice(topicRoot: string, deviceNo: string, answers: boolean) {
  const [client] = (await connectDevices([deviceNo])) as [MqttClient];
  const replied = new Set<string>();
  let received = 0;
  await client.subscribeAsync(`${topicRoot}/${deviceNo}/cmd`, { qos: 1 });
  client.on('message', (topic, payload) => {
    received++;
    if (!answers) return;
    const { id } = JSON.parse(payload.toString()) as { id: string };
    replied.add(id);
    client.publishAsync(`${topic}/reply`, JSON.stringify({ id, status: 'success' }), { qos: 1 }).catch(() => undefined);
  });
  return { client, replied, received: () => received };
}

/**
 * The positions stored for a partner's fleet once at least the acknowledged reports are there (or `ms` passed): rows,
 * distinct reports, and the acknowledged reports that are missing.
 */
export async function storedReports(
  database: Database,
  partnerId: string,
  acked: readonly { assetId: string; ts: number }[],
  ms = 30_000,
) {
  const ofFleet = sql`asset_id in (select id from assets where partner_id = ${partnerId})`;
  const count = async () =>
    (
      await rows<{ n: number; distinct: number }>(
        database.db,
        sql`select count(*)::int as n, count(distinct (asset_id, recorded_at))::int as distinct
            from asset_positions where ${ofFleet}`,
      )
    )[0] as { n: number; distinct: number };
  const { n, distinct } = await waitFor(count, (c) => c.distinct >= acked.length, ms);
  const keys = await rows<{ k: string }>(
    database.db,
    sql`select asset_id || '@' || (extract(epoch from recorded_at) * 1000)::bigint as k
        from asset_positions where ${ofFleet}`,
  );
  const stored = new Set(keys.map((r) => r.k));
  const missing = acked.filter((a) => !stored.has(`${a.assetId}@${a.ts}`));
  return { rows: n, distinct, duplicates: n - distinct, missing };
}
