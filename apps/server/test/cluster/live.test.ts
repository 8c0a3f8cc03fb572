import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUsers } from '../../src/modules/notifications/notify.ts';
import { readEvents, type SseEvent } from '../sse.ts';
import { connectDevice, type Fleet, openFleet } from './fleet.ts';
import { type Cluster, type Node, OWNER_EMAIL, startCluster } from './nodes.ts';

/**
 * What a client sees on one node of a change made on another: the map's shared grid is bounded in age
 * (5 × MAP_GRID_MAX_AGE_MS, docs/architecture.md "Several nodes"), and the live streams read the database, so
 * they carry a change whichever node made it.
 */
const GRID_MAX_AGE_MS = 1000;

interface MapBody {
  data: {
    clusters: { statuses: Record<string, number> }[];
    assets: { no: string; status: string }[];
  };
}

/** Display statuses over a low-zoom answer: clusters' counts plus single assets. */
function statusesOf(body: MapBody): Record<string, number> {
  const total: Record<string, number> = {};
  for (const c of body.data.clusters) for (const [s, n] of Object.entries(c.statuses)) total[s] = (total[s] ?? 0) + n;
  for (const a of body.data.assets) total[a.status] = (total[a.status] ?? 0) + 1;
  return total;
}

describe('live views across nodes', () => {
  let cluster: Cluster;
  let fleet: Fleet;
  let token: string;
  const nodes = () => cluster.nodes as [Node, Node];
  const sse = (node: Node, path: string, body: unknown, until: (seen: SseEvent[]) => boolean, ms = 15_000) =>
    readEvents(
      `${node.url}/api${path}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
      until,
      ms,
    );

  beforeAll(async () => {
    cluster = await startCluster(2, { MAP_GRID_MAX_AGE_MS: String(GRID_MAX_AGE_MS) });
    fleet = await openFleet(cluster);
    token = await nodes()[0].login();
  });
  afterAll(async () => {
    await fleet?.close();
    await cluster?.close();
  });

  it("shows a change made through one node on another node's map within the grid's age bound", async () => {
    const [a, b] = nodes();
    const bikes = await fleet.assets(3, { devices: false, lat: 41.9, lng: 12.5 });
    const body = {
      viewport: { west: 11.5, south: 41.4, east: 13.5, north: 42.4 },
      zoom: 8,
      categoryIdIn: [fleet.categoryId],
    };
    const mapOf = async (node: Node) =>
      statusesOf((await node.call<MapBody>('POST', '/asset/assets/$map', { token, body })).body);
    const before = await mapOf(b);
    expect(Object.values(before).reduce((s, n) => s + n, 0)).toBe(3);

    const changed = await a.call('PATCH', `/asset/categories/${fleet.categoryId}/assets/${bikes[0]?.no}`, {
      token,
      body: { lifeCycleState: 'Missing' },
    });
    expect(changed.status).toBe(200);
    const at = Date.now();
    let after = await mapOf(b);
    while (after.Missing !== 1 && Date.now() - at < 5 * GRID_MAX_AGE_MS + 2000) {
      await new Promise((r) => setTimeout(r, 100));
      after = await mapOf(b);
    }
    const took = Date.now() - at;
    console.log(
      `map: lifecycle changed through ${a.name} → ${b.name}'s zoom-8 map shows it after ${took} ms (bound ${5 * GRID_MAX_AGE_MS} ms = 5 × MAP_GRID_MAX_AGE_MS ${GRID_MAX_AGE_MS}); before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
    );
    expect(after.Missing).toBe(1);
    // The bound plus the time a request and a grid read take on a busy machine.
    expect(took).toBeLessThanOrEqual(5 * GRID_MAX_AGE_MS + 1000);
  });

  it("streams a change made through one node, and a device's report, to a map open on another", async () => {
    const [a, b] = nodes();
    const [bike] = await fleet.assets(1, { lat: 45.4701, lng: 9.1801 });
    const no = bike?.no as string;
    const tracker = await connectDevice(cluster, bike?.deviceNo as string);
    const viewport = { west: 9.178, south: 45.469, east: 9.182, north: 45.471 };
    let changedAt = 0;
    const mine = (seen: SseEvent[]) =>
      seen
        .filter((e) => e.type === 'changes')
        .flatMap((e) => (e.data as { upserts: { no: string; status: string; chargePct: number | null }[] }).upserts)
        .filter((u) => u.no === no);
    const done = (seen: SseEvent[]) => {
      const ups = mine(seen);
      return ups.some((u) => u.status === 'Missing') && ups.some((u) => u.chargePct === 42);
    };
    const stream = await sse(b, '/asset/assets/$map-live', { viewport, zoom: 16 }, (seen) => {
      if (!changedAt && seen.some((e) => e.type === 'snapshot')) {
        changedAt = Date.now();
        void a.call('PATCH', `/asset/categories/${fleet.categoryId}/assets/${no}`, {
          token,
          body: { lifeCycleState: 'Missing' },
        });
        void tracker.telemetry({ ts: Date.now(), pos: { lat: 45.4702, lng: 9.1802 }, chargePct: 42 });
      }
      return done(seen);
    });
    await tracker.end();
    const took = Date.now() - changedAt;
    console.log(
      `live map: stream on ${b.name}, asset changed through ${a.name} and its device reported (to any node) → ${mine(stream.seen).length} upserts of it in ${took} ms (${stream.seen.map((e) => e.type).join(',')})`,
    );
    expect(stream.status).toBe(200);
    expect(done(stream.seen)).toBe(true);
  });

  it('streams a notification written by another process to the notification stream open on a node', async () => {
    const [, b] = nodes();
    const [owner] = await fleet.query<{ id: string }>('select id from users where email = $1', [OWNER_EMAIL]);
    let sentAt = 0;
    const stream = await sse(b, '/account/notifications/$live', undefined, (seen) => {
      if (!sentAt && seen.length > 0) {
        sentAt = Date.now();
        void notifyUsers(fleet.database.db, [owner?.id as string], { kind: 'reminder', title: 'Across nodes' });
      }
      return seen.some((e) => (e.data as { latest?: { title?: string } | null }).latest?.title === 'Across nodes');
    });
    const got = stream.seen.find((e) => (e.data as { latest?: unknown }).latest);
    console.log(
      `notifications: stream on ${b.name}, a notification written elsewhere → ${got ? `state event after ${Date.now() - sentAt} ms (unread ${(got.data as { unread: number }).unread})` : 'nothing'}`,
    );
    expect(got).toBeDefined();
  });

  it("drops every node's GBFS documents of a partner when its settings change through one", async () => {
    const [a, b] = nodes();
    const feed = async (node: Node) =>
      (await fetch(`${node.url}/api/gbfs/${fleet.partnerId}/system_information.json`)).status;
    const save = (enabled: boolean) =>
      a.call('PUT', `/openData/partners/${fleet.partnerId}/gbfs`, {
        token,
        body: { enabled, feedContactEmail: 'open-data@cluster.test', stations: [], zones: [] },
      });
    const on = await save(true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    // Node B builds the document and keeps it for its ttl (300 s).
    const published = [await feed(b), await feed(b)];
    expect((await save(false)).status).toBe(200);
    const after = [await feed(b), await feed(a)];
    console.log(
      `gbfs: feed published through ${a.name}, read on ${b.name} ${published.join(',')}; switched off through ${a.name} → ${b.name} ${after[0]}, ${a.name} ${after[1]} at once`,
    );
    expect(published).toEqual([200, 200]);
    expect(after).toEqual([404, 404]);
  });
});
