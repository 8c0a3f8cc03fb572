import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { accountConfigs, fieldLogs } from '../../db/schema/index.ts';

const defaults = {
  bulkActionMaxSelection: 100,
  assetSearchCooldownSeconds: 3,
  verificationCodeResendSeconds: 60,
  defaultPageSize: 10,
};
type Fields = { fields: Record<string, string> };

describe('settings config API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(accountConfigs);
  });

  it('answers the defaults, marked isDefault, while nothing is stored', async () => {
    const anyone = await t.userWith([]);
    const res = await call(t.app, 'GET', '/account/settings/config', { token: anyone.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...defaults, isDefault: true, updatedAt: null });
  });

  it('creates the config once, then refuses a second create with ConfigAlreadyExists', async () => {
    const body = { ...defaults, bulkActionMaxSelection: 50, defaultPageSize: 20 };
    const created = await call(t.app, 'POST', '/account/settings/config', { token: t.owner.token, body });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ ...body, isDefault: false });
    const got = await call(t.app, 'GET', '/account/settings/config', { token: t.owner.token });
    expect(got.json().data).toMatchObject({ bulkActionMaxSelection: 50, defaultPageSize: 20, isDefault: false });
    const again = await call(t.app, 'POST', '/account/settings/config', { token: t.owner.token, body });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ConfigAlreadyExists');
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, 'settings'));
    expect(logs.map((l) => l.field).sort()).toEqual(['bulkActionMaxSelection', 'defaultPageSize']);
  });

  it('patches some fields, starting from the defaults when nothing is stored', async () => {
    const first = await call(t.app, 'PATCH', '/account/settings/config', {
      token: t.owner.token,
      body: { assetSearchCooldownSeconds: 10 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ ...defaults, assetSearchCooldownSeconds: 10, isDefault: false });
    const second = await call(t.app, 'PATCH', '/account/settings/config', {
      token: t.owner.token,
      body: { verificationCodeResendSeconds: 120 },
    });
    expect(second.json().data).toMatchObject({ assetSearchCooldownSeconds: 10, verificationCodeResendSeconds: 120 });
  });

  it('refuses values out of range with the field’s message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ bulkActionMaxSelection: 0 }, 'bulkActionMaxSelection', 'Must be a whole number from 1 to 100'],
      [{ bulkActionMaxSelection: 101 }, 'bulkActionMaxSelection', 'Must be a whole number from 1 to 100'],
      [{ bulkActionMaxSelection: 2.5 }, 'bulkActionMaxSelection', 'Must be a whole number from 1 to 100'],
      [{ assetSearchCooldownSeconds: 61 }, 'assetSearchCooldownSeconds', 'Must be a whole number from 0 to 60'],
      [{ assetSearchCooldownSeconds: -1 }, 'assetSearchCooldownSeconds', 'Must be a whole number from 0 to 60'],
      [{ verificationCodeResendSeconds: 29 }, 'verificationCodeResendSeconds', 'Must be a whole number from 30 to 600'],
      [
        { verificationCodeResendSeconds: '60' },
        'verificationCodeResendSeconds',
        'Must be a whole number from 30 to 600',
      ],
      [{ defaultPageSize: 25 }, 'defaultPageSize', 'Page size must be one of 10, 20, 50, 100'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(t.app, 'PATCH', '/account/settings/config', { token: t.owner.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((errorOf(res).data as Fields).fields[field]).toBe(message);
    }
    const incomplete = await call(t.app, 'POST', '/account/settings/config', {
      token: t.owner.token,
      body: { bulkActionMaxSelection: 10 },
    });
    expect(incomplete.statusCode).toBe(400);
    expect((errorOf(incomplete).data as Fields).fields.defaultPageSize).toBe('This field is required');
    const unknown = await call(t.app, 'PATCH', '/account/settings/config', { token: t.owner.token, body: { x: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(await t.database.db.select().from(accountConfigs)).toHaveLength(0);
  });

  it('needs a token to read and config.write (and the all-partner scope) to change', async () => {
    expect((await call(t.app, 'GET', '/account/settings/config')).statusCode).toBe(401);
    const reader = await t.userWith(['config.read']);
    const refused = await call(t.app, 'PATCH', '/account/settings/config', {
      token: reader.token,
      body: { defaultPageSize: 20 },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('Forbidden');
    const partnerUser = await t.userWith(['config.write'], [t.partnerA.id]);
    const settingsLogs = () => t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, 'settings'));
    const logsBefore = await settingsLogs();
    const scoped = await call(t.app, 'POST', '/account/settings/config', { token: partnerUser.token, body: defaults });
    expect(scoped.statusCode).toBe(403);
    expect(errorOf(scoped).code).toBe('PartnerOutOfScope');
    const scopedPatch = await call(t.app, 'PATCH', '/account/settings/config', {
      token: partnerUser.token,
      body: { defaultPageSize: 50 },
    });
    expect(errorOf(scopedPatch).code).toBe('PartnerOutOfScope');
    expect(await t.database.db.select().from(accountConfigs)).toEqual([]);
    expect(await settingsLogs()).toEqual(logsBefore);
    const writer = await t.userWith(['config.write']);
    const ok = await call(t.app, 'PATCH', '/account/settings/config', {
      token: writer.token,
      body: { defaultPageSize: 20 },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('reads a stored value that lost a field (an older version) with that field’s default', async () => {
    await t.database.db
      .insert(accountConfigs)
      .values({ key: 'settings', value: { bulkActionMaxSelection: 30, defaultPageSize: 7 } });
    const res = await call(t.app, 'GET', '/account/settings/config', { token: t.owner.token });
    expect(res.json().data).toMatchObject({ ...defaults, bulkActionMaxSelection: 30, isDefault: false });
  });
});

describe('customer information collection API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const url = '/account/settings/customerInfo';
  async function current(token = t.owner.token) {
    const res = await call(t.app, 'GET', url, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { profile: Record<string, string>; identity: Record<string, string>; isDefault: boolean };
  }

  it('answers the defaults, then stores every field’s mode', async () => {
    const initial = await current();
    expect(initial).toMatchObject({
      isDefault: true,
      profile: { email: 'optional', note: 'optional' },
      identity: { documentType: 'required', ssnOrItin: 'disabled' },
    });
    const { isDefault: _d, updatedAt: _u, ...setting } = initial as typeof initial & { updatedAt: unknown };
    const changed = {
      profile: { ...setting.profile, email: 'required', whatsApp: 'disabled' },
      identity: { ...setting.identity, selfie: 'required' },
    };
    const res = await call(t.app, 'PUT', url, { token: t.owner.token, body: changed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...changed, isDefault: false });
    expect(await current()).toMatchObject(changed);
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, 'customer-info'));
    expect(logs.map((l) => l.field).sort()).toEqual(['identity.selfie', 'profile.email', 'profile.whatsApp']);
  });

  it('refuses a broken dependency, an unknown mode and a missing field, storing nothing', async () => {
    await t.database.db.delete(accountConfigs);
    const { isDefault: _d, updatedAt: _u, ...setting } = (await current()) as Record<string, unknown>;
    const base = setting as { profile: Record<string, string>; identity: Record<string, string> };
    const dependency = await call(t.app, 'PUT', url, {
      token: t.owner.token,
      body: {
        ...base,
        identity: { ...base.identity, frontImage: 'disabled', selfie: 'disabled', backImage: 'required' },
      },
    });
    expect(dependency.statusCode).toBe(400);
    expect((errorOf(dependency).data as Fields).fields).toEqual({
      'identity.backImage': 'Back image cannot be required while Front image is disabled',
    });
    const badMode = await call(t.app, 'PUT', url, {
      token: t.owner.token,
      body: { ...base, profile: { ...base.profile, email: 'sometimes' } },
    });
    expect((errorOf(badMode).data as Fields).fields['profile.email']).toBe(
      'Mode must be required, optional or disabled',
    );
    const { note: _n, ...withoutNote } = base.profile;
    const missing = await call(t.app, 'PUT', url, { token: t.owner.token, body: { ...base, profile: withoutNote } });
    expect(missing.statusCode).toBe(400);
    expect((errorOf(missing).data as Fields).fields['profile.note']).toBeDefined();
    const phone = await call(t.app, 'PUT', url, {
      token: t.owner.token,
      body: { ...base, profile: { ...base.profile, phoneNo: 'optional' } },
    });
    expect(phone.statusCode).toBe(400);
    expect(await t.database.db.select().from(accountConfigs)).toHaveLength(0);
  });

  it('needs customer_info_setting.read to read and .write to change', async () => {
    expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    const nobody = await t.userWith(['config.read']);
    expect((await call(t.app, 'GET', url, { token: nobody.token })).statusCode).toBe(403);
    const reader = await t.userWith(['customer_info_setting.read']);
    const setting = await current(reader.token);
    const { isDefault: _d, updatedAt: _u, ...body } = setting as Record<string, unknown>;
    const refused = await call(t.app, 'PUT', url, { token: reader.token, body });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('Forbidden');
    const partnerWriter = await t.userWith(['customer_info_setting.write'], [t.partnerA.id]);
    const logsBefore = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, 'customer-info'));
    const changed = { ...body, profile: { ...(body.profile as object), email: 'disabled' } };
    const scoped = await call(t.app, 'PUT', url, { token: partnerWriter.token, body: changed });
    expect(errorOf(scoped).code).toBe('PartnerOutOfScope');
    expect(await current()).toEqual(setting);
    expect(await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, 'customer-info'))).toEqual(
      logsBefore,
    );
    const writer = await t.userWith(['customer_info_setting.write']);
    expect((await call(t.app, 'PUT', url, { token: writer.token, body })).statusCode).toBe(200);
  });
});
