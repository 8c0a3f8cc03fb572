import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, type Fleet, openFleet, until } from './fleet.ts';
import { type Cluster, nodesWithTripThread, startCluster } from './nodes.ts';

/**
 * The jobs table with three nodes polling it (jobs/queue.ts: FOR UPDATE SKIP LOCKED, a claim of 30 s): a due job is
 * run by one node (e-mails, whose handler is not idempotent: a second run is a second e-mail); recurring jobs keep
 * one row under their fixed key while every node enqueues and claims them (the reminder evaluation and subscription
 * billing due every 200 ms here), and a trip-building round made due for all three builds each trip once.
 */
describe('jobs across nodes', () => {
  let cluster: Cluster;
  let fleet: Fleet;

  beforeAll(async () => {
    cluster = await startCluster(3, { REMINDER_EVALUATE_MS: '200', SUBSCRIPTION_BILLING_MS: '200' });
    fleet = await openFleet(cluster);
  });
  afterAll(async () => {
    await fleet?.close();
    await cluster?.close();
  });

  const failures = () =>
    cluster.nodes.flatMap((n) =>
      n
        .output()
        .split('\n')
        .filter((line) => /job failed|job round failed|could not reschedule/.test(line))
        .map((line) => `${n.name}: ${line.slice(0, 300)}`),
    );

  it('sends each queued e-mail once, whichever node claims it', async () => {
    const COUNT = 300;
    const tag = `jobs-${Date.now()}`;
    // One statement, as an event's transaction writes them: all due at once, so every node's runner competes.
    await fleet.query(
      `insert into jobs (id, kind, payload, run_at)
       select gen_random_uuid(), 'mail.send',
              json_build_object('to', '${tag}-' || i || '@cluster.test', 'subject', 'Cluster', 'body', 'Once'), now()
       from generate_series(1, $1::int) as i`,
      [COUNT],
    );
    const sent = () =>
      fleet
        .query<{ total: number; recipients: number }>(
          `select count(*)::int as total, count(distinct recipient)::int as recipients
           from outbox where channel = 'mail' and recipient like $1`,
          [`${tag}-%`],
        )
        .then((r) => r[0] as { total: number; recipients: number });
    await until(sent, (s) => s.total >= COUNT, 20_000);
    // Another round of every node's runner (2 s) would send a duplicate now.
    await new Promise((r) => setTimeout(r, 2500));
    const [stored, [left]] = [
      await sent(),
      await fleet.query(`select count(*)::int as n from jobs where kind = 'mail.send'`),
    ];
    console.log(
      `jobs: ${COUNT} e-mail jobs due at once on ${cluster.nodes.length} nodes → ${stored.total} e-mails to ${stored.recipients} recipients, ${left?.n} jobs left`,
    );
    expect(stored).toEqual({ total: COUNT, recipients: COUNT });
    expect(left?.n).toBe(0);
  });

  it('builds each trip once and keeps one row per recurring job', async () => {
    const RIDES = 5;
    const FIXES = 12;
    const bikes = await fleet.assets(RIDES);
    // A ride going on for the last FIXES minutes, a fix a minute at 15 km/h: the builder reads assets that moved
    // since its previous round, and keeps what lies before its horizon (2 minutes ago) as a trip still riding.
    const start = Date.now() - (FIXES - 1) * 60_000 - 5_000;
    await Promise.all(
      bikes.map(async (bike, b) => {
        const dev = await connectDevice(cluster, bike.deviceNo as string);
        for (let i = 0; i < FIXES; i++) {
          await dev.telemetry({ ts: start + i * 60_000, pos: { lat: 45.4 + b / 100, lng: 9.1 + i * 0.003 }, vel: 15 });
        }
        await dev.end();
      }),
    );
    const ids = bikes.map((b) => b.id);
    await until(
      () =>
        fleet.query<{ n: number }>('select count(*)::int as n from asset_positions where asset_id = any($1::uuid[])', [
          ids,
        ]),
      (r) => r[0]?.n === RIDES * FIXES,
    );
    // The trip builder runs every 30 s: its next round is made due now, for all three nodes to race for it.
    await fleet.query(`update jobs set run_at = now() where key = 'trips.build'`);
    const trips = () =>
      fleet
        .query<{ total: number; assets: number }>(
          'select count(*)::int as total, count(distinct asset_id)::int as assets from trips where asset_id = any($1::uuid[])',
          [ids],
        )
        .then((r) => r[0] as { total: number; assets: number });
    await until(trips, (t) => t.assets >= RIDES, 15_000);
    const built = await trips();
    const recurring = await fleet.query<{ key: string; rows: number; claims: number }>(
      `select key, count(*)::int as rows, max(attempts)::int as claims from jobs
       where key in ('trips.build', 'reminders.evaluate', 'subscriptions.billing', 'renting.billing', 'notifications.digest')
       group by key order by key`,
    );
    console.log(
      `jobs: ${RIDES} rides on ${cluster.nodes.length} nodes → ${built.total} trips for ${built.assets} assets; recurring jobs ${recurring.map((r) => `${r.key} ${r.rows} row (${r.claims} claims)`).join(', ')}; failed rounds ${failures().length}`,
    );
    expect(built).toEqual({ total: RIDES, assets: RIDES });
    // Built by the nodes' trip threads (TRIP_BUILDER=worker by default on PostgreSQL): no main thread runs the lane.
    expect(await nodesWithTripThread(cluster)).toEqual(['node1', 'node2', 'node3']);
    expect(recurring.map((r) => r.rows)).toEqual([1, 1, 1, 1, 1]);
    // Reminders and subscription billing are due every 200 ms: claimed over and over, the one row each.
    expect(recurring.find((r) => r.key === 'reminders.evaluate')?.claims).toBeGreaterThan(10);
    expect(failures()).toEqual([]);
  });
});
