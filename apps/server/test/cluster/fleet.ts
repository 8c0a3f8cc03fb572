import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../../src/db/client.ts';
import { assetCategories, assets } from '../../src/db/schema/index.ts';
import { seed } from '../../src/db/seed/builders.ts';
import { type Cluster, MOSQUITTO_URL } from './nodes.ts';

/** Fleet fixtures for the cluster tests: assets with devices in the cluster's database, devices on its broker. */

export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface FleetAsset {
  id: string;
  no: string;
  deviceNo: string | null;
}

export interface Fleet {
  database: Database;
  partnerId: string;
  categoryId: string;
  /** Inserts `count` e-bikes of the partner at (lat, lng), each with a device unless `devices` is false. */
  assets(count: number, opts?: { devices?: boolean; lat?: number; lng?: number }): Promise<FleetAsset[]>;
  /** One SQL query on the cluster's database. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

/** A partner of its own and an IoT e-bike category: what a cluster test's assets belong to. */
export async function seedIotPartner(db: Db, tag: string): Promise<{ partnerId: string; categoryId: string }> {
  const partner = await seed.partner(db, { name: `Cluster partner ${tag}`, addressCity: 'Milano' });
  const categoryId = randomUUID();
  await db.insert(assetCategories).values({ id: categoryId, name: `E-bikes ${tag}`, assetType: 'EBIKE', isIot: true });
  return { partnerId: partner.id, categoryId };
}

/** A ready rental e-bike of that partner, with a tbox device when it has a device number. */
export function iotAssetRow(
  owner: { partnerId: string; categoryId: string },
  a: { id: string; no: string; deviceNo: string | null; lat?: number; lng?: number },
) {
  return {
    id: a.id,
    no: a.no,
    partnerId: owner.partnerId,
    categoryId: owner.categoryId,
    usageMode: 'customer-rental' as const,
    lifeCycleState: 'Ready' as const,
    iotDeviceNo: a.deviceNo,
    iotVendor: a.deviceNo ? 'tbox' : null,
    latitude: a.lat ?? null,
    longitude: a.lng ?? null,
  };
}

export async function openFleet(cluster: Cluster): Promise<Fleet> {
  const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const owner = await seedIotPartner(database.db, tag);
  const { partnerId, categoryId } = owner;
  let counter = 0;
  return {
    database,
    partnerId,
    categoryId,
    async assets(count, opts = {}) {
      const made = Array.from({ length: count }, () => {
        counter++;
        return {
          id: randomUUID(),
          no: `CL${tag}${String(counter).padStart(4, '0')}`,
          deviceNo: opts.devices === false ? null : `DEV-${tag}-${counter}`,
        };
      });
      await database.db
        .insert(assets)
        .values(made.map((a) => iotAssetRow(owner, { ...a, lat: opts.lat ?? 45.46, lng: opts.lng ?? 9.19 })));
      return made;
    },
    async query(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async close() {
      await pool.end();
      await database.close();
    },
  };
}

export interface TestDevice {
  client: MqttClient;
  /** Every command the device received: record id → the attempt numbers, in arrival order. */
  commands: Map<string, number[]>;
  telemetry(message: Record<string, unknown>): Promise<void>;
  end(): Promise<void>;
}

/**
 * A device on the cluster's broker (Mosquitto takes anyone; the topics are the protocol's): it answers each command
 * with a success unless `silent`.
 */
export async function connectDevice(
  cluster: Cluster,
  deviceNo: string,
  opts: { silent?: boolean } = {},
): Promise<TestDevice> {
  const root = cluster.env.MQTT_TOPIC_ROOT as string;
  const client = await mqtt.connectAsync(MOSQUITTO_URL, { clientId: deviceNo, username: deviceNo, reconnectPeriod: 0 });
  client.on('error', () => undefined);
  const commands = new Map<string, number[]>();
  await client.subscribeAsync(`${root}/${deviceNo}/cmd`, { qos: 1 });
  client.on('message', (topic, payload) => {
    const message = JSON.parse(payload.toString()) as { id: string; attempt: number };
    commands.set(message.id, [...(commands.get(message.id) ?? []), message.attempt]);
    if (opts.silent) return;
    client
      .publishAsync(`${topic}/reply`, JSON.stringify({ id: message.id, status: 'success' }), { qos: 1 })
      .catch(() => undefined);
  });
  return {
    client,
    commands,
    async telemetry(message) {
      await client.publishAsync(`${root}/${deviceNo}/telemetry`, JSON.stringify(message), { qos: 1 });
    },
    end: () => client.endAsync(),
  };
}
