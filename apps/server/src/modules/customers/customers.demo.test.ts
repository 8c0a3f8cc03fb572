import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/harness.ts';
import { localStorage } from '../../adapters/storage.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';

/** The B2C demo data as the console reads it: customers in every verification state, prices and discounts. */
describe('demo customers and prices', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    const storage = localStorage(`${t.dataDir}/files`);
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets, storage }));
  }, 180_000);
  afterAll(() => t.close());

  const get = (url: string) => call(t.app, 'GET', url, { token: t.owner.token });

  it('seeds customers in every verification state, some deleted (listed last), with readable identity images', async () => {
    const all = await get('/customer/customers?pageSize=100');
    expect(all.statusCode).toBe(200);
    const customers = all.json().data as { id: string; status: string; idVerificationStatus: string }[];
    expect(all.json().count).toBe(60);
    expect(new Set(customers.map((c) => c.idVerificationStatus))).toEqual(
      new Set(['pending', 'approved', 'denied', 'not-apply']),
    );
    expect(customers.slice(-2).map((c) => c.status)).toEqual(['deleted', 'deleted']);
    const pending = customers.find((c) => c.idVerificationStatus === 'pending');
    const image = await get(`/customer/customers/${pending?.id}/identityVerification/images/frontImage`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('seeds prices, deposits and rules for the confirmed partners, and discounts in every state', async () => {
    const prices = await get('/renting/programs/$all/pricingParts?pageSize=100');
    expect(prices.json().count).toBe(8);
    const deposits = await get('/renting/programs/$all/depositParts?pageSize=100');
    expect(deposits.json().count).toBe(8);
    const rules = await get('/renting/programs/$all/ruleParts?pageSize=100');
    expect(rules.json().count).toBe(8);
    const discounts = await get('/renting/discounts?pageSize=100');
    expect(new Set(discounts.json().data.map((d: { status: string }) => d.status))).toEqual(
      new Set(['scheduled', 'active', 'ended', 'cancelled']),
    );
  });
});
