import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { rows } from '../../db/sql.ts';

/** The account's invoicing switch reaches every partner: only a caller whose scope is "*" may turn it. */
describe('renting config: the invoicing switch', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const post = (path: string, token: string) => call(t.app, 'POST', path, { token });
  /** What a refused call must leave as it was: the switch row and its field logs. */
  const state = async () => {
    const [row] = await rows<{ switches: number; enabled: boolean | null; logs: number }>(
      t.database.db,
      sql`select (select count(*)::int from renting_config) as switches,
            (select invoice_enabled from renting_config where id = 1) as enabled,
            (select count(*)::int from field_logs where entity_type = 'renting-config') as logs`,
    );
    return row;
  };

  it('refuses a partner-scoped caller holding config.write, writing nothing', async () => {
    const scoped = await t.userWith(['config.read', 'config.write'], [t.partnerA.id]);
    const before = await state();
    for (const action of ['$enable', '$disable']) {
      const res = await post(`/renting/rentingConfig/invoice/${action}`, scoped.token);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'PartnerOutOfScope',
        message: 'your partner scope must be set to all',
      });
    }
    expect(await state()).toEqual(before);
    const read = await call(t.app, 'GET', '/renting/rentingConfig', { token: scoped.token });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.invoiceEnabled).toBe(false);
  });

  it('lets an account user (scope "*") switch invoicing on and off, field-logged', async () => {
    const account = await t.userWith(['config.read', 'config.write'], '*');
    const on = await post('/renting/rentingConfig/invoice/$enable', account.token);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.invoiceEnabled).toBe(true);
    expect(await state()).toMatchObject({ switches: 1, enabled: true, logs: 1 });
    const off = await post('/renting/rentingConfig/invoice/$disable', account.token);
    expect(off.json().data.invoiceEnabled).toBe(false);
    expect(await state()).toMatchObject({ switches: 1, enabled: false, logs: 2 });
  });
});

/** A rental config belongs to its partner: another partner's answers as a missing one, and is never changed. */
describe('rental configs outside the scope', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const config = { invoicePrefix: 'PB', sellerName: 'Partner B S.r.l.' };
  const configRow = async (partnerId: string) =>
    (
      await rows<{ invoice_prefix: string; seller_name: string }>(
        t.database.db,
        sql`select invoice_prefix, seller_name from rental_configs where partner_id = ${partnerId}`,
      )
    )[0];

  it("refuses another partner's config with 403 PartnerOutOfScope, as every call keyed by a partner, and changes nothing", async () => {
    const created = await call(t.app, 'POST', '/renting/rentalConfig', {
      token: t.owner.token,
      body: { partnerId: t.partnerB.id, ...config },
    });
    expect(created.statusCode, created.body).toBe(201);
    const staffA = await t.userWith(['rental_partner_config.read', 'rental_partner_config.write'], [t.partnerA.id]);
    const path = `/renting/rentalConfigs/partner/${t.partnerB.id}`;
    const missing = await call(t.app, 'GET', `/renting/rentalConfigs/partner/${t.partnerA.id}`, {
      token: staffA.token,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NotFound');
    const read = await call(t.app, 'GET', path, { token: staffA.token });
    const put = await call(t.app, 'PUT', path, { token: staffA.token, body: { ...config, sellerName: 'Taken over' } });
    const removed = await call(t.app, 'DELETE', path, { token: staffA.token });
    expect([read, put, removed].map((r) => [r.statusCode, errorOf(r).code])).toEqual(
      [read, put, removed].map(() => [403, 'PartnerOutOfScope']),
    );
    const post = await call(t.app, 'POST', '/renting/rentalConfig', {
      token: staffA.token,
      body: { partnerId: t.partnerB.id, invoicePrefix: 'PA', sellerName: 'Partner A' },
    });
    expect(errorOf(post).code).toBe('PartnerOutOfScope');
    expect(await configRow(t.partnerB.id)).toEqual({ invoice_prefix: 'PB', seller_name: 'Partner B S.r.l.' });
    const listed = await call(t.app, 'GET', '/renting/rentalConfigs/$findAll', { token: staffA.token });
    expect(listed.json().data).toEqual([]);
  });
});
