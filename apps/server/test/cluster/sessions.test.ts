import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type Node, startCluster } from './nodes.ts';

/** Sessions live in PostgreSQL only: any node accepts a token another issued, and a revocation holds everywhere at once. */
describe('sessions across nodes', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(2);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('accepts a token issued by another node and honours its revocation on the next request everywhere', async () => {
    const [a, b] = cluster.nodes as [Node, Node];
    const token = await a.login();
    expect((await b.call('GET', '/account/users/$me/profile', { token })).status).toBe(200);
    expect((await a.call('GET', '/account/users/$me/profile', { token })).status).toBe(200);

    expect((await b.call('POST', '/account/auth/logout', { token })).status).toBe(200);
    const afterOnA = await a.call<{ code: string }>('GET', '/account/users/$me/profile', { token });
    const afterOnB = await b.call<{ code: string }>('GET', '/account/users/$me/profile', { token });
    console.log(
      `sessions: token from ${a.name} used on ${b.name}, revoked on ${b.name} → ${a.name} ${afterOnA.status}, ${b.name} ${afterOnB.status}`,
    );
    expect([afterOnA.status, afterOnB.status]).toEqual([401, 401]);
  });
});
