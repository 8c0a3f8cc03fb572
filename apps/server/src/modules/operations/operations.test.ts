import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { fieldLogs, operationSettings, smsServices } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { seedDemoOperations } from '../../db/seed/demo-operations.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';

type Fields = { fields: Record<string, string> };

const SECRETS = {
  captchaSecret: 'captcha-secret-0123456789abcdef',
  smsApiKey: 'sms-api-key-9876543210fedcba',
  paymentSecret: 'sk_test_51HxYzPaymentSecretValue',
  webhookSecret: 'whsec_0123456789abcdefWEBHOOK',
  imageSecret: 'image-api-secret-A1B2C3D4E5F6',
  authToken: '0123456789abcdef0123456789abcdef',
};
const MASK = '••••••••';

const fullServices = {
  captcha: { siteKey: '6LcPublicSiteKey', secretKey: SECRETS.captchaSecret },
  sms: { senderId: 'Fleetdesk', apiKey: SECRETS.smsApiKey },
  paymentChannel: {
    publishableKey: 'pk_test_51HxYzPublishable',
    secretKey: SECRETS.paymentSecret,
    webhookSecret: SECRETS.webhookSecret,
  },
  imageService: { cloudName: 'fleetdesk-demo', apiKey: '123456789012345', apiSecret: SECRETS.imageSecret },
};

describe('operation settings API', () => {
  let t: TestContext;
  let scopedA: Awaited<ReturnType<TestContext['userWith']>>;
  let readerA: Awaited<ReturnType<TestContext['userWith']>>;
  let nobody: Awaited<ReturnType<TestContext['userWith']>>;
  let settingOfB: string;
  /** A fresh partner per test, so "one setting per partner" never couples two tests. */
  let partner: string;

  const base = () => ({
    accountPartnerId: partner,
    customerPlan: 'paid-for-rent',
    creditCardPolicy: 'required',
    depositPolicy: 'required',
    currency: 'EUR',
    timezone: '+01:00',
  });
  const create = (body: unknown, token = t.owner.token) =>
    call(t.app, 'POST', '/account/settings/operations', { token, body });
  const patch = (id: string, body: unknown, token = t.owner.token) =>
    call(t.app, 'PATCH', `/account/settings/operations/${id}`, { token, body });
  const confirm = (id: string, token = t.owner.token) =>
    call(t.app, 'POST', `/account/settings/operations/${id}/$confirm`, { token });
  const fieldsOf = (res: Awaited<ReturnType<typeof call>>) => (errorOf(res).data as Fields).fields;
  const rawSetting = async (id: string) =>
    (await t.database.db.select().from(operationSettings).where(eq(operationSettings.id, id)))[0];
  const count = async () => (await t.database.db.select().from(operationSettings)).length;

  beforeAll(async () => {
    t = await createTestContext();
    scopedA = await t.userWith(['config.read', 'config.write'], [t.partnerA.id]);
    readerA = await t.userWith(['config.read'], [t.partnerA.id]);
    nobody = await t.userWith(['partner.read']);
    const res = await create({
      ...base(),
      accountPartnerId: t.partnerB.id,
      customerPlan: 'free',
      depositPolicy: 'free',
    });
    expect(res.statusCode).toBe(201);
    settingOfB = res.json().data.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    partner = (await seed.partner(t.database.db, { name: `Partner ${randomUUID().slice(0, 6)}` })).id;
  });

  it('creates, reads, lists, patches, confirms and deletes a setting', async () => {
    const created = await create({ ...base(), services: fullServices });
    expect(created.statusCode).toBe(201);
    const setting = created.json().data;
    expect(setting).toMatchObject({
      accountPartnerId: partner,
      partnerName: expect.stringMatching(/^Partner /),
      customerPlan: 'paid-for-rent',
      creditCardPolicy: 'required',
      depositPolicy: 'required',
      currency: 'EUR',
      timezone: '+01:00',
      isConfirmed: false,
      confirmedAt: null,
      services: {
        captcha: { siteKey: '6LcPublicSiteKey', secretKey: `${MASK}cdef` },
        sms: { senderId: 'Fleetdesk', apiKey: `${MASK}dcba` },
        paymentChannel: {
          publishableKey: 'pk_test_51HxYzPublishable',
          secretKey: `${MASK}alue`,
          webhookSecret: `${MASK}HOOK`,
        },
        imageService: { cloudName: 'fleetdesk-demo', apiKey: '123456789012345', apiSecret: `${MASK}E5F6` },
      },
    });

    const got = await call(t.app, 'GET', `/account/settings/operations/${setting.id}`, { token: t.owner.token });
    expect(got.json().data).toEqual(setting);

    const listed = await call(t.app, 'GET', `/account/settings/operations?partnerId=${partner}`, {
      token: t.owner.token,
    });
    expect(listed.json()).toEqual({ count: 1, data: [setting] });

    const patched = await patch(setting.id, { timezone: '+02:00', customerPlan: 'free', depositPolicy: 'free' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ timezone: '+02:00', customerPlan: 'free', depositPolicy: 'free' });

    const confirmed = await confirm(setting.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ isConfirmed: true, confirmedAt: expect.any(String) });
    expect((await rawSetting(setting.id))?.confirmedBy).toBe(t.owner.id);

    const logs = (await t.database.db.select().from(fieldLogs)).filter((l) => l.entityId === setting.id);
    expect(logs.map((l) => l.field)).toEqual(
      expect.arrayContaining(['currency', 'timezone', 'customerPlan', 'confirmedAt', 'services.sms.apiKey']),
    );

    const other = await create({ ...base(), accountPartnerId: t.partnerA.id });
    expect(other.statusCode).toBe(201);
    const removed = await call(t.app, 'DELETE', `/account/settings/operations/${other.json().data.id}`, {
      token: t.owner.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null });
    const gone = await call(t.app, 'GET', `/account/settings/operations/${other.json().data.id}`, {
      token: t.owner.token,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('lists newest first, paged, with the total', async () => {
    const res = await call(t.app, 'GET', '/account/settings/operations?pageSize=1', { token: t.owner.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.count).toBeGreaterThanOrEqual(1);
    const all = await call(t.app, 'GET', '/account/settings/operations?pageSize=100', { token: t.owner.token });
    const created = all.json().data.map((s: { createdAt: string }) => s.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const bad = await call(t.app, 'GET', '/account/settings/operations?sort=currency:asc', { token: t.owner.token });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses callers without a token (401) and without config permissions (403)', async () => {
    const id = settingOfB;
    const calls = [
      ['GET', '/account/settings/operations'],
      ['GET', `/account/settings/operations/${id}`],
      ['POST', '/account/settings/operations'],
      ['PATCH', `/account/settings/operations/${id}`],
      ['POST', `/account/settings/operations/${id}/$confirm`],
      ['DELETE', `/account/settings/operations/${id}`],
      ['GET', '/account/settings/smsServices'],
      ['GET', `/account/settings/smsServices/${t.partnerB.id}`],
      ['PUT', `/account/settings/smsServices/${t.partnerB.id}`],
      ['DELETE', `/account/settings/smsServices/${t.partnerB.id}`],
    ] as const;
    for (const [method, url] of calls) {
      const anonymous = await call(t.app, method, url, { body: method === 'GET' ? undefined : {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(t.app, method, url, {
        token: nobody.token,
        body: method === 'GET' ? undefined : {},
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(refused).code).toBe('Forbidden');
    }
    // config.read alone may read but not write.
    expect((await call(t.app, 'GET', '/account/settings/operations', { token: readerA.token })).statusCode).toBe(200);
    const write = await create({ ...base(), accountPartnerId: t.partnerA.id }, readerA.token);
    expect(write.statusCode).toBe(403);
    const put = await call(t.app, 'PUT', `/account/settings/smsServices/${t.partnerA.id}`, {
      token: readerA.token,
      body: { accountSid: 'AC1', authToken: 'x', pathServiceSid: 'VA1' },
    });
    expect(put.statusCode).toBe(403);
    expect(await count()).toBeGreaterThan(0);
  });

  it('keeps a partner user to the partners in scope', async () => {
    const list = await call(t.app, 'GET', '/account/settings/operations?pageSize=100', { token: scopedA.token });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data as { id: string; accountPartnerId: string }[];
    expect(listed.map((s) => s.id)).not.toContain(settingOfB);
    expect(listed.filter((s) => s.accountPartnerId !== t.partnerA.id)).toEqual([]);
    const filtered = await call(t.app, 'GET', `/account/settings/operations?partnerId=${t.partnerB.id}`, {
      token: scopedA.token,
    });
    expect(errorOf(filtered).code).toBe('PartnerOutOfScope');

    const before = await count();
    const created = await create({ ...base(), accountPartnerId: t.partnerB.id }, scopedA.token);
    expect(created.statusCode).toBe(403);
    expect(errorOf(created).code).toBe('PartnerOutOfScope');
    const outside = await create(base(), scopedA.token);
    expect(outside.statusCode).toBe(403);
    expect(await count()).toBe(before);

    // Another partner's setting is answered as a missing one, so its id is not confirmed to exist.
    const logsOfB = async () =>
      (await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, settingOfB))).length;
    const logsBefore = await logsOfB();
    for (const [method, url] of [
      ['GET', `/account/settings/operations/${settingOfB}`],
      ['PATCH', `/account/settings/operations/${settingOfB}`],
      ['POST', `/account/settings/operations/${settingOfB}/$confirm`],
      ['DELETE', `/account/settings/operations/${settingOfB}`],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: scopedA.token,
        body: method === 'PATCH' ? { timezone: '+03:00' } : undefined,
      });
      expect([res.statusCode, errorOf(res).code], `${method} ${url}`).toEqual([404, 'NotFound']);
    }
    const untouched = await rawSetting(settingOfB);
    expect(untouched).toMatchObject({ timezone: '+01:00', confirmedAt: null });
    expect(await logsOfB()).toBe(logsBefore);
  });

  it('answers 404 for an unknown setting and 400 for an id that is not one', async () => {
    const unknown = await call(t.app, 'GET', `/account/settings/operations/${randomUUID()}`, { token: t.owner.token });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('The data do not exist!');
    const bad = await call(t.app, 'GET', '/account/settings/operations/nope', { token: t.owner.token });
    expect(bad.statusCode).toBe(400);
    const noPartner = await create({ ...base(), accountPartnerId: randomUUID() });
    expect(noPartner.statusCode).toBe(400);
    expect(fieldsOf(noPartner)).toEqual({ accountPartnerId: 'Unknown partner' });
  });

  it.each([
    [
      'free plan with a card policy not required',
      { customerPlan: 'free', creditCardPolicy: 'not-required', depositPolicy: 'free' },
      { creditCardPolicy: 'CreditCard policy must be required' },
    ],
    [
      'free plan with a deposit required',
      { customerPlan: 'free', creditCardPolicy: 'required', depositPolicy: 'required' },
      { depositPolicy: 'Deposit policy must be free' },
    ],
    [
      'paid plan with a free deposit',
      { customerPlan: 'paid-for-rent', depositPolicy: 'free' },
      { depositPolicy: 'Deposit policy must be required' },
    ],
    ['no currency', { currency: undefined }, { currency: 'Currency must be selected' }],
    ['an empty currency', { currency: '' }, { currency: 'Currency must be selected' }],
    ['an unknown currency', { currency: 'XYZ' }, { currency: 'Currency must be selected' }],
    ['no timezone', { timezone: undefined }, { timezone: 'Timezone must be selected' }],
    ['an empty timezone', { timezone: '' }, { timezone: 'Timezone must be selected' }],
    ['a partial timezone', { timezone: '+01' }, { timezone: 'Timezone must be full fill' }],
    ['a timezone without sign', { timezone: '01:00' }, { timezone: 'Timezone must be full fill' }],
    ['a timezone over 12:00', { timezone: '+12:30' }, { timezone: 'Timezone offset must not be over 12:00' }],
    ['an unknown plan', { customerPlan: 'monthly' }, { customerPlan: 'Customer plan must be selected' }],
    [
      'a half-filled service',
      { services: { paymentChannel: { publishableKey: 'pk_test_1', secretKey: '', webhookSecret: '' } } },
      {
        'services.paymentChannel.secretKey': 'Fill in every field of this service, or clear them all',
        'services.paymentChannel.webhookSecret': 'Fill in every field of this service, or clear them all',
      },
    ],
    [
      'a key with whitespace',
      { services: { captcha: { siteKey: 'site key', secretKey: 'abc' } } },
      { 'services.captcha.siteKey': 'Do not contain whitespace' },
    ],
    ['an unknown service', { services: { fax: { number: '1' } } }, { 'services.fax': 'Unknown field' }],
  ])('refuses %s with the spec message, writing nothing', async (_, change, expected) => {
    const before = await count();
    const res = await create({ ...base(), ...change });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('ValidationError');
    expect(fieldsOf(res)).toMatchObject(expected);
    expect(await count()).toBe(before);
  });

  it('reports every broken rule at once', async () => {
    const res = await create({
      accountPartnerId: partner,
      customerPlan: 'free',
      creditCardPolicy: 'not-required',
      depositPolicy: 'required',
    });
    expect(fieldsOf(res)).toEqual({
      creditCardPolicy: 'CreditCard policy must be required',
      depositPolicy: 'Deposit policy must be free',
      currency: 'Currency must be selected',
      timezone: 'Timezone must be selected',
    });
  });

  it('allows one setting per partner', async () => {
    expect((await create(base())).statusCode).toBe(201);
    const again = await create({ ...base(), currency: 'USD' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'OperationSettingExists',
      message: 'The partner have already been set',
      data: { fields: { accountPartnerId: 'The partner have already been set' } },
    });
  });

  it('checks the plan rules on the setting as a patch would leave it', async () => {
    const id = (await create(base())).json().data.id;
    const planOnly = await patch(id, { customerPlan: 'free' });
    expect(planOnly.statusCode).toBe(400);
    expect(fieldsOf(planOnly)).toEqual({ depositPolicy: 'Deposit policy must be free' });
    const cardOnly = await patch(id, { creditCardPolicy: 'not-required' });
    expect(cardOnly.statusCode).toBe(200);
    const toFree = await patch(id, { customerPlan: 'free', depositPolicy: 'free' });
    expect(toFree.statusCode).toBe(400);
    expect(fieldsOf(toFree)).toEqual({ creditCardPolicy: 'CreditCard policy must be required' });
    expect(await rawSetting(id)).toMatchObject({ customerPlan: 'paid-for-rent', depositPolicy: 'required' });
    const timezone = await patch(id, { timezone: '+5:30' });
    expect(fieldsOf(timezone)).toEqual({ timezone: 'Timezone must be full fill' });
  });

  it('never lets the partner of a setting change', async () => {
    const id = (await create(base())).json().data.id;
    const same = await patch(id, { accountPartnerId: partner, timezone: '+03:00' });
    expect(same.statusCode).toBe(200);
    const moved = await patch(id, { accountPartnerId: t.partnerA.id });
    expect(moved.statusCode).toBe(422);
    expect(errorOf(moved)).toMatchObject({
      code: 'PartnerLocked',
      data: { fields: { accountPartnerId: 'The partner of an operation setting cannot change' } },
    });
    expect((await rawSetting(id))?.partnerId).toBe(partner);
  });

  it('fixes the currency once confirmed, and refuses to delete the business model', async () => {
    const id = (await create(base())).json().data.id;
    expect((await patch(id, { currency: 'USD' })).statusCode).toBe(200);
    expect((await confirm(id)).statusCode).toBe(200);

    const again = await confirm(id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('OperationSettingConfirmed');

    const changed = await patch(id, { currency: 'EUR' });
    expect(changed.statusCode).toBe(422);
    expect(errorOf(changed)).toMatchObject({
      code: 'CurrencyLocked',
      message: 'The currency of a confirmed operation setting (the business model) cannot change',
      data: { fields: { currency: expect.any(String) } },
    });
    // The form sends whole rows: the unchanged currency passes along with other changes.
    const sameCurrency = await patch(id, { currency: 'USD', timezone: '+04:00' });
    expect(sameCurrency.statusCode).toBe(200);
    expect((await rawSetting(id))?.currency).toBe('USD');

    const removed = await call(t.app, 'DELETE', `/account/settings/operations/${id}`, { token: t.owner.token });
    expect(removed.statusCode).toBe(409);
    expect(errorOf(removed)).toMatchObject({
      code: 'OperationSettingConfirmed',
      message: 'A confirmed operation setting is the business model in force and cannot be deleted',
    });
    expect(await rawSetting(id)).toBeDefined();
  });

  it('seals service secrets: never in a response, the database or the field log in plain text', async () => {
    const res = await create({ ...base(), services: fullServices });
    const id = res.json().data.id;
    const listed = await call(t.app, 'GET', '/account/settings/operations?pageSize=100', { token: t.owner.token });
    const got = await call(t.app, 'GET', `/account/settings/operations/${id}`, { token: t.owner.token });
    const row = await rawSetting(id);
    const logs = JSON.stringify(await t.database.db.select().from(fieldLogs));
    for (const secret of Object.values(SECRETS)) {
      for (const text of [res.body, listed.body, got.body, JSON.stringify(row), logs]) {
        expect(text).not.toContain(secret);
      }
    }
    const stored = row?.services as Record<string, Record<string, string>>;
    expect(stored.captcha?.siteKey).toBe('6LcPublicSiteKey');
    expect(stored.captcha?.secretKey).toMatch(/^v1:/);
    expect(stored.paymentChannel?.webhookSecret).toMatch(/^v1:/);
    expect(stored.imageService?.apiSecret).toMatch(/^v1:/);
  });

  it('keeps a stored secret when it is sent back masked or left out, replaces or clears it otherwise', async () => {
    const created = (await create({ ...base(), services: fullServices })).json().data;
    const sealedBefore = (await rawSetting(created.id))?.services as Record<string, Record<string, string>>;

    // The form sends back what it was shown: masks keep, the changed public field changes.
    const kept = await patch(created.id, {
      services: {
        captcha: { siteKey: 'newSiteKey', secretKey: created.services.captcha.secretKey },
        sms: { senderId: 'Fleet' },
      },
    });
    expect(kept.statusCode).toBe(200);
    const sealedKept = (await rawSetting(created.id))?.services as Record<string, Record<string, string>>;
    expect(sealedKept.captcha).toEqual({ siteKey: 'newSiteKey', secretKey: sealedBefore.captcha?.secretKey });
    expect(sealedKept.sms).toEqual({ senderId: 'Fleet', apiKey: sealedBefore.sms?.apiKey });
    expect(sealedKept.paymentChannel).toEqual(sealedBefore.paymentChannel);

    const replaced = await patch(created.id, { services: { captcha: { secretKey: 'brand-new-secret-WXYZ' } } });
    expect(replaced.json().data.services.captcha).toEqual({ siteKey: 'newSiteKey', secretKey: `${MASK}WXYZ` });

    const cleared = await patch(created.id, {
      services: { imageService: { cloudName: '', apiKey: '', apiSecret: '' } },
    });
    expect(cleared.json().data.services.imageService).toBeNull();

    // Clearing only the secret would leave the service half filled.
    const half = await patch(created.id, { services: { sms: { apiKey: '' } } });
    expect(half.statusCode).toBe(400);
    expect(fieldsOf(half)).toEqual({ 'services.sms.apiKey': 'Fill in every field of this service, or clear them all' });

    // A mask for a service that has nothing stored cannot keep anything.
    const nothing = await patch(created.id, {
      services: { imageService: { cloudName: 'c', apiKey: 'k', apiSecret: `${MASK}1234` } },
    });
    expect(nothing.statusCode).toBe(400);
    expect(fieldsOf(nothing)).toEqual({ 'services.imageService.apiSecret': 'No key is stored yet; enter the key' });
  });
});

describe('SMS service API', () => {
  let t: TestContext;
  let scopedA: Awaited<ReturnType<TestContext['userWith']>>;
  const body = {
    accountSid: 'AC5f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f',
    authToken: '9b8a7f6e5d4c3b2a19f8e7d6c5b4cdef',
    pathServiceSid: 'VA2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e',
  };
  const put = (partnerId: string, payload: unknown, token = t.owner.token) =>
    call(t.app, 'PUT', `/account/settings/smsServices/${partnerId}`, { token, body: payload });
  const raw = async (partnerId: string) =>
    (await t.database.db.select().from(smsServices).where(eq(smsServices.partnerId, partnerId)))[0];

  beforeAll(async () => {
    t = await createTestContext();
    scopedA = await t.userWith(['config.read', 'config.write'], [t.partnerA.id]);
  });
  afterAll(() => t.close());

  it('creates, reads, lists, replaces and deletes the SMS service of a partner', async () => {
    const missing = await call(t.app, 'GET', `/account/settings/smsServices/${t.partnerA.id}`, {
      token: t.owner.token,
    });
    expect(missing.statusCode).toBe(404);

    const created = await put(t.partnerA.id, body);
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      accountPartnerId: t.partnerA.id,
      partnerName: 'Partner A',
      accountSid: body.accountSid,
      authToken: `${MASK}cdef`,
      pathServiceSid: body.pathServiceSid,
    });
    const got = await call(t.app, 'GET', `/account/settings/smsServices/${t.partnerA.id}`, { token: t.owner.token });
    expect(got.json().data).toEqual(created.json().data);
    const listed = await call(t.app, 'GET', '/account/settings/smsServices', { token: t.owner.token });
    expect(listed.json()).toEqual({ count: 1, data: [created.json().data] });

    const row = await raw(t.partnerA.id);
    expect(row?.authTokenSealed).toMatch(/^v1:/);
    const logs = JSON.stringify(await t.database.db.select().from(fieldLogs));
    for (const text of [created.body, got.body, listed.body, JSON.stringify(row), logs]) {
      expect(text).not.toContain(body.authToken);
    }

    // Sent back masked: the stored token stays; a new value replaces it.
    const kept = await put(t.partnerA.id, { ...body, accountSid: 'AC999', authToken: `${MASK}cdef` });
    expect(kept.statusCode).toBe(200);
    expect((await raw(t.partnerA.id))?.authTokenSealed).toBe(row?.authTokenSealed);
    expect((await raw(t.partnerA.id))?.accountSid).toBe('AC999');
    const replaced = await put(t.partnerA.id, { ...body, authToken: 'ffffffffffffffffffffffffffff9999' });
    expect(replaced.json().data.authToken).toBe(`${MASK}9999`);
    expect((await raw(t.partnerA.id))?.authTokenSealed).not.toBe(row?.authTokenSealed);
    const history = (await t.database.db.select().from(fieldLogs)).filter((l) => l.entityType === 'sms_service');
    expect(history.map((l) => l.field)).toEqual(expect.arrayContaining(['accountSid', 'authToken']));

    const removed = await call(t.app, 'DELETE', `/account/settings/smsServices/${t.partnerA.id}`, {
      token: t.owner.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(await raw(t.partnerA.id)).toBeUndefined();
    const again = await call(t.app, 'DELETE', `/account/settings/smsServices/${t.partnerA.id}`, {
      token: t.owner.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it.each([
    ['a space inside', { accountSid: 'AC 123' }, { accountSid: 'Do not contain whitespace' }],
    ['a leading space', { authToken: ' abc' }, { authToken: 'Do not contain whitespace' }],
    ['a tab', { pathServiceSid: 'VA\t1' }, { pathServiceSid: 'Do not contain whitespace' }],
    ['an empty value', { accountSid: '' }, { accountSid: 'This field is required' }],
    ['a missing value', { pathServiceSid: undefined }, { pathServiceSid: 'This field is required' }],
  ])('refuses %s, writing nothing', async (_, change, expected) => {
    const res = await put(t.partnerB.id, { ...body, ...change });
    expect(res.statusCode).toBe(400);
    expect((errorOf(res).data as Fields).fields).toEqual(expected);
    expect(await raw(t.partnerB.id)).toBeUndefined();
  });

  it('refuses a masked token when none is stored, and an unknown partner', async () => {
    const masked = await put(t.partnerB.id, { ...body, authToken: `${MASK}cdef` });
    expect(masked.statusCode).toBe(400);
    expect((errorOf(masked).data as Fields).fields).toEqual({ authToken: 'No key is stored yet; enter the key' });
    const unknown = await put(randomUUID(), body);
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps a partner user to the partners in scope', async () => {
    expect((await put(t.partnerB.id, body)).statusCode).toBe(200);
    const list = await call(t.app, 'GET', '/account/settings/smsServices', { token: scopedA.token });
    expect(list.json().data.map((s: { accountPartnerId: string }) => s.accountPartnerId)).not.toContain(t.partnerB.id);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { ...body, accountSid: 'AC-hijack' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/account/settings/smsServices/${t.partnerB.id}`, {
        token: scopedA.token,
        body: payload,
      });
      expect(res.statusCode, method).toBe(403);
      expect(errorOf(res).code).toBe('PartnerOutOfScope');
    }
    expect((await raw(t.partnerB.id))?.accountSid).toBe(body.accountSid);
    const own = await put(t.partnerA.id, body, scopedA.token);
    expect(own.statusCode).toBe(200);
  });
});

describe('demo operation settings', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("seeds confirmed Milano and Barcelona, a draft for Seoul and Milano's SMS service, readable by the API", async () => {
    const { db } = t.database;
    const milano = await seed.partner(db, { name: 'Milano Bike Hub' });
    const barcelona = await seed.partner(db, { name: 'Barcelona E-Motion' });
    const seoul = await seed.partner(db, { name: 'Seoul Scooter Co.' });
    // The same key the app uses: generated into this context's DATA_DIR.
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    await seedDemoOperations(db, { milano, barcelona, seoul }, secrets);

    const res = await call(t.app, 'GET', '/account/settings/operations?pageSize=100', { token: t.owner.token });
    const byPartner = Object.fromEntries(
      res.json().data.map((s: { partnerName: string }) => [s.partnerName, s]),
    ) as Record<string, Record<string, unknown>>;
    expect(byPartner['Milano Bike Hub']).toMatchObject({
      customerPlan: 'paid-for-rent',
      depositPolicy: 'required',
      currency: 'EUR',
      timezone: '+01:00',
      isConfirmed: true,
      services: { paymentChannel: { secretKey: '••••••••0Qz7' } },
    });
    expect(byPartner['Barcelona E-Motion']).toMatchObject({ customerPlan: 'free', isConfirmed: true });
    expect(byPartner['Seoul Scooter Co.']).toMatchObject({ currency: 'KRW', timezone: '+09:00', isConfirmed: false });

    const sms = await call(t.app, 'GET', `/account/settings/smsServices/${milano.id}`, { token: t.owner.token });
    expect(sms.json().data).toMatchObject({
      accountSid: expect.stringMatching(/^AC[0-9a-f]{32}$/),
      authToken: '••••••••6e83',
    });
    // Sealed with the app's key: the API can open what the seed wrote.
    expect(res.body).not.toContain('sk_test_51MilanoDemoSecret');
  });
});
