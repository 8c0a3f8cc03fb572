import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { rows } from '../../lib/rows.ts';

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
