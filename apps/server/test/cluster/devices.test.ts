import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, type Fleet, type FleetAsset, openFleet, type TestDevice, until } from './fleet.ts';
import { type Cluster, type Node, startCluster } from './nodes.ts';

/**
 * Device traffic with three nodes on one Mosquitto: each gateway subscribes through `$share/fleetdesk-gateway/`, so
 * the broker hands every device message to one node. Without the shared subscription each report would be written
 * once per node; with it, once.
 */
const TTL_MS = 4000;
const RETRY_BASE_MS = 1000;

describe('device traffic across nodes', () => {
  let cluster: Cluster;
  let fleet: Fleet;
  let token: string;
  const devices: TestDevice[] = [];
  const device = async (deviceNo: string, opts?: { silent?: boolean }) => {
    const d = await connectDevice(cluster, deviceNo, opts);
    devices.push(d);
    return d;
  };
  const nodes = () => cluster.nodes as [Node, Node, Node];
  const positionsOf = async (assetIds: string[]) => {
    const [row] = await fleet.query<{ total: number; distinct: number }>(
      `select count(*)::int as total, count(distinct (asset_id, recorded_at))::int as distinct
       from asset_positions where asset_id = any($1::uuid[])`,
      [assetIds],
    );
    return row as { total: number; distinct: number };
  };

  beforeAll(async () => {
    cluster = await startCluster(3, { IOT_COMMAND_TTL_MS: String(TTL_MS), IOT_RETRY_BASE_MS: String(RETRY_BASE_MS) });
    fleet = await openFleet(cluster);
    token = await nodes()[0].login();
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end().catch(() => undefined)));
    await fleet?.close();
    await cluster?.close();
  });

  it('writes each telemetry report once, whichever node the broker hands it to', async () => {
    const DEVICES = 6;
    const PER_DEVICE = 100;
    const bikes = await fleet.assets(DEVICES);
    const start = Date.now() - 60 * 60_000;
    await Promise.all(
      bikes.map(async (bike, d) => {
        const dev = await device(bike.deviceNo as string);
        for (let i = 0; i < PER_DEVICE; i++) {
          await dev.telemetry({
            ts: start + i * 1000,
            pos: { lat: 45.4 + d / 100, lng: 9.1 + i / 10_000 },
            vel: 12,
            chargePct: 80,
          });
        }
      }),
    );
    const expected = DEVICES * PER_DEVICE;
    const ids = bikes.map((b) => b.id);
    await until(
      () => positionsOf(ids),
      (c) => c.total >= expected,
    );
    // A duplicate would come from another node's batch: give every node a flush (500 ms) to show one.
    await new Promise((r) => setTimeout(r, 1500));
    const stored = await positionsOf(ids);
    console.log(
      `devices: ${DEVICES} devices published ${expected} reports at QoS 1 to ${cluster.nodes.length} nodes → ${stored.total} positions stored (${stored.distinct} distinct)`,
    );
    expect(stored).toEqual({ total: expected, distinct: expected });
  });

  it('sends each command once and settles it with the reply, whichever node the reply reaches', async () => {
    const [a, b] = nodes();
    const bikes = await fleet.assets(6);
    const answering = await Promise.all(bikes.map((bike) => device(bike.deviceNo as string)));
    const res = await a.call<{ createdCommandRecords: { id: string; assetNo: string }[] }>(
      'POST',
      '/asset-iot/control/batch-invoke-command',
      { token, body: { assetNos: bikes.map((x) => x.no), command: 'device.turn_on' } },
    );
    expect(res.status).toBe(200);
    const records = res.body.createdCommandRecords;
    expect(records).toHaveLength(bikes.length);
    const ids = records.map((r) => r.id);
    const settled = await until(
      () =>
        fleet.query<{ id: string; status: string; attempts: number }>(
          'select id, status, attempts from iot_control_records where id = any($1::uuid[])',
          [ids],
        ),
      (rows) => rows.every((r) => r.status !== 'pending'),
      TTL_MS + 5000,
    );
    const received = answering.flatMap((d) => [...d.commands.values()].map((attempts) => attempts.length));
    const read = await b.call<{ data: { status: string } }>('GET', `/asset-iot/control/commandRecords/${ids[0]}`, {
      token,
    });
    console.log(
      `commands: ${ids.length} sent through ${a.name} → ${settled.filter((r) => r.status === 'successful').length} successful, sends seen by the devices ${received.join(',')}, record attempts ${settled.map((r) => r.attempts).join(',')}`,
    );
    expect(settled.map((r) => r.status)).toEqual(ids.map(() => 'successful'));
    expect(read.body.data.status).toBe('successful');
    // Each device saw each attempt of its record once, and as many as the record counts: one normally, a second
    // only when the reply took longer than the first retry (a loaded machine).
    for (const r of settled) {
      const seen = answering.find((d) => d.commands.has(r.id))?.commands.get(r.id) ?? [];
      expect(seen).toEqual(Array.from({ length: r.attempts }, (_, i) => i + 1));
    }
  });

  it('retries a command the device never answers from one node per retry, and times it out once', async () => {
    const [a] = nodes();
    const [bike] = await fleet.assets(1);
    const silent = await device(bike?.deviceNo as string, { silent: true });
    const res = await a.call<{ createdCommandRecords: { id: string }[] }>(
      'POST',
      '/asset-iot/control/batch-invoke-command',
      { token, body: { assetNos: [bike?.no], command: 'device.turn_on' } },
    );
    const id = res.body.createdCommandRecords[0]?.id as string;
    const [record] = await until(
      () =>
        fleet.query<{ status: string; attempts: number; failed_reason: string | null }>(
          'select status, attempts, failed_reason from iot_control_records where id = $1',
          [id],
        ),
      (rows) => rows[0]?.status !== 'pending',
      TTL_MS + 5000,
    );
    // Anything still in flight reaches the device now.
    await new Promise((r) => setTimeout(r, 500));
    const seen = silent.commands.get(id) ?? [];
    const [job] = await fleet.query('select id from jobs where key = $1', [`iot.dispatch:${id}`]);
    console.log(
      `commands: a silent device over ${cluster.nodes.length} nodes → ${record?.status} (${record?.failed_reason}) after ${record?.attempts} sends counted, the device saw attempts ${seen.join(',')}; retry job left: ${job ? 'yes' : 'no'}`,
    );
    expect(record).toMatchObject({ status: 'timeout', failed_reason: 'time-out' });
    expect(seen).toEqual(Array.from({ length: record?.attempts ?? 0 }, (_, i) => i + 1));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(job).toBeUndefined();
  });

  it('moves a tracker to another asset on every node at once when it is rebound through one', async () => {
    const [a] = nodes();
    const [first, second] = await fleet.assets(2, { devices: false });
    const deviceNo = `MOVED-${first?.no}`;
    const put = (no: string) =>
      a.call('PUT', `/asset-iot/assets/${no}/iot/device`, { token, body: { no: deviceNo, vendor: 'tbox' } });
    expect((await put(first?.no as string)).status).toBe(200);
    const tracker = await device(deviceNo);
    // Enough reports that every node has taken some, and so cached the binding.
    const N = 3 * cluster.nodes.length;
    let ts = Date.now() - 10 * 60_000;
    const reportFor = async (asset: FleetAsset) => {
      const had = (await positionsOf([asset.id])).total;
      for (let i = 0; i < N; i++) {
        ts += 1000;
        await tracker.telemetry({ ts, pos: { lat: 45.5, lng: 9.2 + i / 1000 } });
      }
      await until(
        () => positionsOf([asset.id]),
        (c) => c.total >= had + N,
      );
    };
    const move = async (from: FleetAsset, to: FleetAsset) => {
      expect((await a.call('DELETE', `/asset-iot/assets/${from.no}/iot/device`, { token })).status).toBe(200);
      expect((await put(to.no)).status).toBe(200);
      await reportFor(to);
      // A report for the old asset would come from another node's batch: give each a flush (500 ms).
      await new Promise((r) => setTimeout(r, 1000));
      return [(await positionsOf([first?.id as string])).total, (await positionsOf([second?.id as string])).total];
    };
    await reportFor(first as FleetAsset);
    const moved = await move(first as FleetAsset, second as FleetAsset);

    // Every node's listening connection cut: each re-opens it and drops its whole binding cache meanwhile.
    const [cut] = await fleet.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
       where datname = current_database() and application_name like 'fleetdesk-listen-%'`,
    );
    await until(
      () =>
        fleet.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and application_name like 'fleetdesk-listen-%'`,
        ),
      (r) => r[0]?.n === cluster.nodes.length,
    );
    await reportFor(second as FleetAsset);
    const back = await move(second as FleetAsset, first as FleetAsset);
    console.log(
      `bindings: ${N} reports for the first asset, tracker rebound through ${a.name}, ${N} more → first ${moved[0]}, second ${moved[1]}; ${cut?.n} listening connections cut and re-opened, ${N} more, rebound back, ${N} more → first ${back[0]}, second ${back[1]} (over ${cluster.nodes.length} nodes)`,
    );
    expect(moved).toEqual([N, N]);
    expect(cut?.n).toBe(cluster.nodes.length);
    expect(back).toEqual([2 * N, 2 * N]);
  });

  it("records each lock change once, whichever node took the device's previous reports", async () => {
    const [bike] = await fleet.assets(1);
    const tracker = await device(bike?.deviceNo as string);
    const sequence = [
      'locked',
      'unlocked',
      'unlocked',
      'locked',
      'locked',
      'unlocked',
      'locked',
      'unlocked',
      'unlocked',
      'locked',
    ];
    const changes = sequence.filter((lock, i) => i === 0 || sequence[i - 1] !== lock).map((l) => l.toUpperCase());
    let ts = Date.now() - 5 * 60_000;
    // One report at a time, each stored before the next is sent: the nodes take turns, as over a day of reports.
    for (const [i, lock] of sequence.entries()) {
      ts += 10_000;
      await tracker.telemetry({ ts, lock, pos: { lat: 45.5, lng: 9.2 } });
      await until(
        () => positionsOf([bike?.id as string]),
        (c) => c.total === i + 1,
      );
    }
    const events = await fleet.query<{ lock: string }>(
      `select data->>'lock' as lock from asset_events where asset_id = $1 and code = 'lock-change' order by occurred_at`,
      [bike?.id],
    );
    console.log(
      `locks: ${sequence.length} reports with ${changes.length} lock changes over ${cluster.nodes.length} nodes → ${events.length} lock-change events (${events.map((e) => e.lock).join(',')})`,
    );
    expect(events.map((e) => e.lock)).toEqual(changes);
  });
});
