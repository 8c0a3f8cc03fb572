import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, nodesWithTripThread, OWNER_EMAIL, startCluster } from './nodes.ts';

/**
 * The production build on a cluster's first day (issue 26): three compiled nodes (`node apps/server/dist/main.js`)
 * started at the same moment on a database without even the migrations. Migrations and the account owner are
 * each made once, under advisory locks; every node comes up and signs the owner in.
 */
describe('first start of a cluster, compiled', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(3, {}, { compiled: true, together: true });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('brings every node up with exactly one account and one owner, signed in on each node', async () => {
    const tokens = await Promise.all(cluster.nodes.map((node) => node.login()));
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ accounts: number; owners: number; roles: number }>(
      `select (select count(*)::int from accounts) as accounts,
              (select count(*)::int from users where email = $1) as owners,
              (select count(*)::int from roles) as roles`,
      [OWNER_EMAIL],
    );
    await client.end();
    console.log(
      `first start: ${cluster.nodes.length} compiled nodes started together on an empty database → ${tokens.length} sign-ins, ${JSON.stringify(rows[0])}`,
    );
    expect(tokens).toHaveLength(3);
    expect(rows[0]).toEqual({ accounts: 1, owners: 1, roles: 1 });
  });

  it('runs each node’s trip builder in its own thread, from the bundled trips-worker.js', async () => {
    expect(await nodesWithTripThread(cluster)).toEqual(['node1', 'node2', 'node3']);
  });
});
