import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { iotControlRecords } from '../../src/db/schema/index.ts';
import { commandDevice, diesOn, iotAssets, openClusterDb, waitFor } from './fixtures.ts';
import { type Cluster, type Node, startCluster } from './nodes.ts';

/**
 * Issue 26: a node killed in a batch command, once after the records and their retry jobs were committed and before
 * anything was published, once right after publishing. The other node's dispatcher takes the retry jobs over; a
 * record ends successful only on a device's reply, a silent device's record expires.
 */
describe.each(['command.beforePublish', 'command.afterPublish'])('batch command: kill -9 at %s', (fault) => {
  let cluster: Cluster;
  let database: Database;
  const devices: Awaited<ReturnType<typeof commandDevice>>[] = [];

  beforeAll(async () => {
    cluster = await startCluster(1, { IOT_COMMAND_TTL_MS: '15000', IOT_RETRY_BASE_MS: '500' });
    await cluster.start('node2', { FLEETDESK_FAULT: fault });
    database = await openClusterDb(cluster.databaseUrl);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.client.endAsync(true)));
    await database?.close();
    await cluster?.close();
  });

  it('resumes on the other node and reports success only with a reply', async () => {
    const [node1, node2] = cluster.nodes as [Node, Node];
    const root = cluster.env.MQTT_TOPIC_ROOT as string;
    const fleet = await iotAssets(database, 6);
    // Four devices answer, two stay silent.
    for (const [i, a] of fleet.assets.entries()) devices.push(await commandDevice(root, a.iotDeviceNo, i < 4));
    const token = await node1.login();
    const killed = await diesOn(
      node2,
      node2.call('POST', '/asset-iot/control/batch-invoke-command', {
        token,
        body: { assetNos: fleet.assets.map((a) => a.no), command: 'device.turn_on' },
      }),
    );
    // node2 comes back under its name, as a real one would: the broker kept the device replies it assigned to node2's
    // session meanwhile (docs/architecture.md "Persistent session per node") and hands them over now.
    const back = cluster.start('node2');
    const assetIds = fleet.assets.map((a) => a.id);
    const records = () =>
      database.db.select().from(iotControlRecords).where(inArray(iotControlRecords.assetId, assetIds));
    const settled = await waitFor(records, (rs) => rs.length === 6 && rs.every((r) => r.status !== 'pending'), 30_000);
    await back;
    const replied = new Set(devices.flatMap((d) => [...d.replied]));
    const successful = settled.filter((r) => r.status === 'successful');
    const unreplied = successful.filter((r) => !replied.has(r.id));
    const received = devices.map((d) => d.received());
    console.log(
      `faults/commands (${fault}): ${node2.name} killed (${killed}), ${settled.length} records → ` +
        `${successful.length} successful (all with a device reply: ${unreplied.length === 0}), ` +
        `${settled.length - successful.length} ${[...new Set(settled.filter((r) => r.status !== 'successful').map((r) => r.status))].join('/')} ` +
        `(silent devices); commands received per device ${received.join(',')}, resumed by ${node1.name} (${node2.name} back under its name meanwhile)`,
    );
    expect(killed).toBe('connection lost');
    expect(unreplied).toEqual([]);
    expect(successful.map((r) => r.assetId).sort()).toEqual(assetIds.slice(0, 4).sort());
  });
});
