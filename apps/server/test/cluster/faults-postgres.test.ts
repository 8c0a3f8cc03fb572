import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { openClusterDb, reportingFleet, storedReports } from './fixtures.ts';
import { type Cluster, type Node, startCluster } from './nodes.ts';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres.ts';

/**
 * Issue 26: PostgreSQL restarted under telemetry load (a private server: the shared one is never touched). The
 * gateway keeps the connection to the broker; a batch that finds the database gone waits and is written again, and
 * its reports stay unacknowledged until it commits, so every report a device got a PUBACK for is stored: at least
 * once (a redelivery after a reconnect may store one twice, docs/architecture.md).
 */
const MAX_IN_FLIGHT = 100;

describe('telemetry: PostgreSQL restarted under load (fast, then immediate)', () => {
  let pg: PrivatePostgres;
  let cluster: Cluster;
  let database: Database;
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    // A small in-flight bound: the outage fills it, and the broker keeps the rest (back-pressure, bounded memory).
    cluster = await startCluster(1, { MQTT_MAX_IN_FLIGHT: String(MAX_IN_FLIGHT) }, { databaseUrl: pg.url });
    database = await openClusterDb(pg.url);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await cluster?.close();
    await database?.close().catch(() => undefined);
    pg?.destroy();
  });

  it('stores every acknowledged report and goes on after the restart', async () => {
    const [node] = cluster.nodes as [Node];
    const {
      fleet,
      devices: clients,
      load,
    } = await reportingFleet(database, cluster.env.MQTT_TOPIC_ROOT as string, 20, 200);
    devices.push(...clients);
    await new Promise((r) => setTimeout(r, 2500));
    const fastMs = await pg.restart('fast', 1500);
    await new Promise((r) => setTimeout(r, 2500));
    // Immediate: a crash of PostgreSQL (no checkpoint; recovery from the WAL at start).
    const immediateMs = await pg.restart('immediate', 1500);
    await new Promise((r) => setTimeout(r, 3000));
    await load.stop();

    const counts = await storedReports(database, fleet.partnerId, load.acked);
    const { missing } = counts;
    const waited = node.output().match(/telemetry batch waits for it/g)?.length ?? 0;
    const atBound = /gateway at its in-flight bound/.test(node.output());
    console.log(
      `faults/postgres: ${load.sent()} reports sent, ${load.acked.length} acknowledged, PostgreSQL restarted fast ` +
        `(${fastMs} ms down) and immediate (${immediateMs} ms down) → ${counts.distinct} stored, ${counts.duplicates} duplicates, ` +
        `${missing.length} acknowledged reports missing, ${waited} warnings of a batch waiting for the database, in-flight bound ${MAX_IN_FLIGHT} ${atBound ? 'reached' : 'not reached'}; node ${node.process.exitCode === null ? 'alive' : 'died'}`,
    );
    expect(node.process.exitCode, node.output().slice(-4000)).toBeNull();
    expect(missing).toEqual([]);
    expect(atBound).toBe(true);
    expect(waited).toBeGreaterThan(0);
    expect(counts.distinct).toBeLessThanOrEqual(load.sent());
  });
});
