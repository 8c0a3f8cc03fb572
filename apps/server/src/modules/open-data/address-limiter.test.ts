import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createAddressLimiter } from './address-limiter.ts';

/** Two limiters on one database are two nodes behind a load balancer: an address's limit holds across them. */
describe('public feed address limit shared by the nodes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const status = (f: () => void) => {
    try {
      f();
      return 200;
    } catch (error) {
      return (error as { status: number }).status;
    }
  };

  it('refuses an address that spreads its requests over two nodes once the nodes have synced', async () => {
    const a = createAddressLimiter({ perMinute: 10, db: t.database.db });
    const b = createAddressLimiter({ perMinute: 10, db: t.database.db });
    const address = '198.51.100.7';
    for (let i = 0; i < 6; i++) {
      expect(status(() => a.hit(address))).toBe(200);
      expect(status(() => b.hit(address))).toBe(200);
    }
    await a.sync();
    await b.sync();
    await a.sync();
    // Each node has let 6 through; together 12 of 10: both now refuse.
    expect(status(() => a.hit(address))).toBe(429);
    expect(status(() => b.hit(address))).toBe(429);
    // Another address is not held, on either node.
    expect(status(() => a.hit('198.51.100.8'))).toBe(200);
    expect(status(() => b.hit('198.51.100.8'))).toBe(200);
  });

  it('keeps deciding on what it knows when the database is away, and adds the hits later', async () => {
    const failing = {
      execute: () => Promise.reject(new Error('database away')),
    } as unknown as typeof t.database.db;
    const node = createAddressLimiter({ perMinute: 3, db: failing });
    for (let i = 0; i < 3; i++) expect(status(() => node.hit('203.0.113.5'))).toBe(200);
    await node.sync();
    expect(status(() => node.hit('203.0.113.5'))).toBe(429);
  });
});
