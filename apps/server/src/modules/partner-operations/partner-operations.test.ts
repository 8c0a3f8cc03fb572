import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import {
  fieldLogs,
  operationSettings,
  partnerDocuments,
  partnerOperations,
  partnerPaymentMethods,
  partnerSignUpConfigs,
  sites,
  smsServices,
} from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { seedDemoPartnerOperations } from '../../db/seed/demo-partner-operations.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';
import { assertPartnerReady, partnerReadiness } from './partner-operations.service.ts';

type Fields = { fields: Record<string, string> };

const valid = {
  currency: 'EUR',
  customerMaxPaymentAmount: 250.5,
  timezone: '+01:00',
  beepPolicy: 'enabled',
  batteryLockPolicy: 'disabled',
  gpsPolicy: 'enabled',
  lightPolicy: 'enabled',
  lockPolicy: 'enabled',
  pushGeolocationCheckpointPolicy: 'disabled',
  customerSelfJoinPolicy: 'open',
  customerSelfJoinNote: 'Anyone with a company e-mail may join',
  unavailableNote: 'Closed on public holidays',
  contactPhone: '+390212345678',
  contactEmail: 'help@milanobikehub.it',
  webChannel: { type: 'none' },
  signUpEmailDomains: ['Milanobikehub.it', 'polimi.it', 'milanobikehub.it'],
};

describe('partner operations API', () => {
  let t: TestContext;
  let scopedA: Awaited<ReturnType<TestContext['userWith']>>;
  let reader: Awaited<ReturnType<TestContext['userWith']>>;

  const newPartner = async (name = `Partner ${randomUUID().slice(0, 8)}`) => {
    const p = await seed.partner(t.database.db, { name });
    return { id: p.id, name: p.name };
  };
  const create = (body: unknown, token = t.owner.token) =>
    call(t.app, 'POST', '/account/partners/operations', { token, body });
  const put = (partnerId: string, body: unknown, token = t.owner.token) =>
    call(t.app, 'PUT', `/account/partners/${partnerId}/operations`, { token, body });
  const fieldsOf = (res: { json: () => unknown }) => (res.json() as { data: Fields }).data.fields;

  beforeAll(async () => {
    t = await createTestContext();
    scopedA = await t.userWith(['rental_partner_config.read', 'rental_partner_config.write'], [t.partnerA.id]);
    reader = await t.userWith(['rental_partner_config.read'], '*');
  });
  afterAll(() => t.close());

  it('creates, reads, lists, replaces and deletes partner operations', async () => {
    const partner = await newPartner('Roma Rides');
    const created = await create({ ...valid, partnerId: partner.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      partner,
      currency: 'EUR',
      customerMaxPaymentAmount: 250.5,
      timezone: '+01:00',
      customerSelfJoinPolicy: 'open',
      contactPhone: '+390212345678',
      webChannel: { type: 'none', passcode: null },
      // Lower-cased and deduplicated.
      signUpEmailDomains: ['milanobikehub.it', 'polimi.it'],
    });

    const got = await call(t.app, 'GET', `/account/partners/${partner.id}/operations`, { token: reader.token });
    expect(got.statusCode).toBe(200);
    expect(got.json().data.partner.name).toBe('Roma Rides');

    const listed = await call(t.app, 'GET', `/account/partners/$all/operations?partnerId=${partner.id}`, {
      token: reader.token,
    });
    expect(listed.json()).toMatchObject({ count: 1, data: [{ partner: { id: partner.id } }] });

    const replaced = await put(partner.id, {
      ...valid,
      currency: 'CHF',
      customerMaxPaymentAmount: null,
      contactPhone: '',
      signUpEmailDomains: [],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({
      currency: 'CHF',
      customerMaxPaymentAmount: null,
      contactPhone: null,
      signUpEmailDomains: [],
    });

    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityType, 'partner-operations'), eq(fieldLogs.entityId, partner.id)));
    expect(logs.map((l) => l.field)).toEqual(expect.arrayContaining(['currency', 'customerMaxPaymentAmount']));
    expect(logs.find((l) => l.field === 'currency' && l.before !== null)).toMatchObject({
      before: 'EUR',
      after: 'CHF',
    });

    const removed = await call(t.app, 'DELETE', `/account/partners/${partner.id}/operations`, {
      token: t.owner.token,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await call(t.app, 'GET', `/account/partners/${partner.id}/operations`, { token: t.owner.token });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('NotFound');
  });

  it('lists newest first and pages', async () => {
    const first = await newPartner();
    const second = await newPartner();
    expect((await create({ ...valid, partnerId: first.id })).statusCode).toBe(201);
    expect((await create({ ...valid, partnerId: second.id })).statusCode).toBe(201);
    const page = await call(t.app, 'GET', '/account/partners/$all/operations?pageSize=1', { token: t.owner.token });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().data[0].partner.id).toBe(second.id);
    expect(page.json().count).toBeGreaterThanOrEqual(2);
  });

  it('refuses a second set for the same partner with 409 PartnerOperationsExists', async () => {
    const partner = await newPartner();
    expect((await create({ ...valid, partnerId: partner.id })).statusCode).toBe(201);
    const again = await create({ ...valid, partnerId: partner.id });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'PartnerOperationsExists',
      message: 'The partner have already been set',
    });
  });

  it('refuses an unknown partner on its field', async () => {
    const res = await create({ ...valid, partnerId: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({ partnerId: 'Unknown partner' });
  });

  it('answers 404 for a partner without operations', async () => {
    const partner = await newPartner();
    const res = await call(t.app, 'GET', `/account/partners/${partner.id}/operations`, { token: t.owner.token });
    expect(res.statusCode).toBe(404);
    const put404 = await put(partner.id, valid);
    expect(put404.statusCode).toBe(404);
  });

  describe('validation', () => {
    let partnerId: string;
    beforeAll(async () => {
      partnerId = (await newPartner()).id;
    });

    const refused = async (patch: Record<string, unknown>, field: string, message: string) => {
      const res = await create({ ...valid, partnerId, ...patch });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).code).toBe('ValidationError');
      expect(fieldsOf(res)[field]).toBe(message);
      const stored = await t.database.db
        .select()
        .from(partnerOperations)
        .where(eq(partnerOperations.partnerId, partnerId));
      expect(stored).toHaveLength(0);
    };

    it('refuses a currency that is not an ISO 4217 code', () =>
      refused({ currency: 'euro' }, 'currency', 'Currency must be selected'));
    it('refuses a timezone that is not +HH:MM', () =>
      refused({ timezone: '+1' }, 'timezone', 'Timezone must be full fill'));
    it('refuses a timezone beyond 12:00', () =>
      refused({ timezone: '+12:30' }, 'timezone', 'Timezone offset must not be over 12:00'));
    it('refuses a negative max payment amount', () =>
      refused({ customerMaxPaymentAmount: -1 }, 'customerMaxPaymentAmount', 'Amount must be 0 or more'));
    it('refuses a max payment amount with 3 decimals', () =>
      refused({ customerMaxPaymentAmount: 10.123 }, 'customerMaxPaymentAmount', 'Amount has at most 2 decimals'));
    it('refuses an unknown device policy', () =>
      refused({ gpsPolicy: 'sometimes' }, 'gpsPolicy', 'Policy must be enabled or disabled'));
    it('refuses an unknown self-join policy', () =>
      refused(
        { customerSelfJoinPolicy: 'maybe' },
        'customerSelfJoinPolicy',
        'Self-join policy must be open, approval or closed',
      ));
    it('refuses notes longer than 500 characters', async () => {
      await refused(
        { customerSelfJoinNote: 'x'.repeat(501) },
        'customerSelfJoinNote',
        'Must be at most 500 characters',
      );
      await refused({ unavailableNote: 'x'.repeat(501) }, 'unavailableNote', 'Must be at most 500 characters');
    });
    it('refuses a contact phone that is not E.164', () =>
      refused({ contactPhone: '02 1234 5678' }, 'contactPhone', 'Phone number is invalid!'));
    it('refuses a malformed contact e-mail', () =>
      refused({ contactEmail: 'help@' }, 'contactEmail', 'Incorrect email format!'));
    it('refuses an unknown web channel', () =>
      refused(
        { webChannel: { type: 'carrier-pigeon' } },
        'webChannel.type',
        'Web channel must be none, secret link or public link',
      ));
    it('refuses a secret link without a passcode', () =>
      refused(
        { webChannel: { type: 'secret-link' } },
        'webChannel.passcode',
        'Passcode is required for a secret link',
      ));
    it('refuses a passcode shorter than 6 or longer than 32 characters', async () => {
      await refused(
        { webChannel: { type: 'secret-link', passcode: 'abc12' } },
        'webChannel.passcode',
        'Passcode must be 6 to 32 characters',
      );
      await refused(
        { webChannel: { type: 'secret-link', passcode: 'a'.repeat(33) } },
        'webChannel.passcode',
        'Passcode must be 6 to 32 characters',
      );
    });
    it('refuses a passcode containing whitespace', () =>
      refused(
        { webChannel: { type: 'secret-link', passcode: 'open sesame' } },
        'webChannel.passcode',
        'Do not contain whitespace',
      ));
    it('refuses a passcode on a public link', () =>
      refused({ webChannel: { type: 'public-link', passcode: 'secret123' } }, 'webChannel.passcode', 'Unknown field'));
    it('refuses each invalid sign-up e-mail domain on its index', async () => {
      const res = await create({
        ...valid,
        partnerId,
        signUpEmailDomains: ['good.it', 'not a domain', 'ok.example.com', '@bad.com', 'no-tld', '-dash.com'],
      });
      expect(res.statusCode).toBe(400);
      const message = 'Must be a domain name such as example.com';
      expect(fieldsOf(res)).toEqual({
        'signUpEmailDomains.1': message,
        'signUpEmailDomains.3': message,
        'signUpEmailDomains.4': message,
        'signUpEmailDomains.5': message,
      });
    });
    it('refuses more than 50 sign-up e-mail domains', () =>
      refused(
        { signUpEmailDomains: Array.from({ length: 51 }, (_, i) => `d${i}.example.com`) },
        'signUpEmailDomains',
        'At most 50 email domains',
      ));
    it('refuses unknown fields', () => refused({ colour: 'red' }, 'colour', 'Unknown field'));
    it('refuses a missing currency', async () => {
      const { currency: _c, ...rest } = valid;
      const res = await create({ ...rest, partnerId });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(fieldsOf(res))).toEqual(['currency']);
    });
  });

  describe('web channel passcode', () => {
    it('seals the passcode in the database, masks it in responses and keeps it when omitted or masked', async () => {
      const partner = await newPartner();
      const created = await create({
        ...valid,
        partnerId: partner.id,
        webChannel: { type: 'secret-link', passcode: 'bici-milano-2026' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const masked = created.json().data.webChannel;
      expect(masked).toEqual({ type: 'secret-link', passcode: '••••••••2026' });
      expect(created.body).not.toContain('bici-milano-2026');

      const [row] = await t.database.db
        .select()
        .from(partnerOperations)
        .where(eq(partnerOperations.partnerId, partner.id));
      expect(row?.webChannelPasscodeSealed).toMatch(/^v1:/);
      expect(row?.webChannelPasscodeSealed).not.toContain('bici-milano');
      const sealed = row?.webChannelPasscodeSealed;

      // The form sends back what it was shown: the stored passcode stays.
      const keptMasked = await put(partner.id, { ...valid, webChannel: masked });
      expect(keptMasked.statusCode, keptMasked.body).toBe(200);
      const keptOmitted = await put(partner.id, { ...valid, webChannel: { type: 'secret-link' } });
      expect(keptOmitted.json().data.webChannel).toEqual({ type: 'secret-link', passcode: '••••••••2026' });
      const [afterKeep] = await t.database.db
        .select()
        .from(partnerOperations)
        .where(eq(partnerOperations.partnerId, partner.id));
      expect(afterKeep?.webChannelPasscodeSealed).toBe(sealed);

      const replaced = await put(partner.id, { ...valid, webChannel: { type: 'secret-link', passcode: 'newcode' } });
      expect(replaced.json().data.webChannel.passcode).toBe('••••••••');

      const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, partner.id));
      expect(JSON.stringify(logs)).not.toContain('bici-milano-2026');
      expect(JSON.stringify(logs)).not.toContain('newcode');

      // Leaving the secret link drops the passcode; coming back needs a new one.
      const publicLink = await put(partner.id, { ...valid, webChannel: { type: 'public-link' } });
      expect(publicLink.json().data.webChannel).toEqual({ type: 'public-link', passcode: null });
      const back = await put(partner.id, { ...valid, webChannel: { type: 'secret-link' } });
      expect(back.statusCode).toBe(400);
      expect(fieldsOf(back)).toEqual({ 'webChannel.passcode': 'Passcode is required for a secret link' });
    });
  });

  describe('permissions and partner scope', () => {
    it('answers 401 without a token', async () => {
      const res = await call(t.app, 'GET', '/account/partners/$all/operations');
      expect(res.statusCode).toBe(401);
      expect((await create({ ...valid, partnerId: t.partnerA.id }, '')).statusCode).toBe(401);
    });

    it('answers 403 without rental_partner_config permissions', async () => {
      const other = await t.userWith(['site.read'], '*');
      const list = await call(t.app, 'GET', '/account/partners/$all/operations', { token: other.token });
      expect(list.statusCode).toBe(403);
      expect(errorOf(list).code).toBe('Forbidden');
      const write = await create({ ...valid, partnerId: t.partnerA.id }, reader.token);
      expect(write.statusCode).toBe(403);
      expect(errorOf(write).code).toBe('Forbidden');
    });

    it('keeps a partner user to the partners of their scope', async () => {
      expect((await create({ ...valid, partnerId: t.partnerA.id }, scopedA.token)).statusCode).toBe(201);
      const outside = await create({ ...valid, partnerId: t.partnerB.id }, scopedA.token);
      expect(outside.statusCode).toBe(403);
      expect(errorOf(outside).code).toBe('PartnerOutOfScope');
      expect((await create({ ...valid, partnerId: t.partnerB.id })).statusCode).toBe(201);

      const list = await call(t.app, 'GET', '/account/partners/$all/operations?pageSize=100', { token: scopedA.token });
      expect(list.json().data.map((o: { partner: { id: string } }) => o.partner.id)).toEqual([t.partnerA.id]);
      expect(list.json().count).toBe(1);

      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', valid],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(t.app, method, `/account/partners/${t.partnerB.id}/operations`, {
          token: scopedA.token,
          body,
        });
        expect([method, res.statusCode, errorOf(res).code]).toEqual([method, 403, 'PartnerOutOfScope']);
      }
      // Even for a partner id that does not exist, scope is checked first.
      const unknown = await call(t.app, 'GET', `/account/partners/${randomUUID()}/operations`, {
        token: scopedA.token,
      });
      expect(unknown.statusCode).toBe(403);
      const stillThere = await call(t.app, 'GET', `/account/partners/${t.partnerB.id}/operations`, {
        token: t.owner.token,
      });
      expect(stillThere.statusCode).toBe(200);
    });

    it('refuses a malformed partner id with 400', async () => {
      const res = await call(t.app, 'GET', '/account/partners/nope/operations', { token: t.owner.token });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toHaveProperty('params.partnerId');
    });
  });
});

describe('partner sign-up config API', () => {
  let t: TestContext;
  let linked: TestContext;

  const createConfig = (ctx: TestContext, partnerId: string, token = ctx.owner.token) =>
    call(ctx.app, 'POST', '/account/$createPartnerSignUpConfig', { token, body: { partnerId } });
  const putConfig = (ctx: TestContext, partnerId: string, body: unknown, token = ctx.owner.token) =>
    call(ctx.app, 'PUT', `/account/partners/${partnerId}/signUpConfig`, { token, body });
  const setOperations = (ctx: TestContext, partnerId: string, customerSelfJoinPolicy: string) =>
    call(ctx.app, 'POST', '/account/partners/operations', {
      token: ctx.owner.token,
      body: { ...valid, partnerId, customerSelfJoinPolicy },
    });

  beforeAll(async () => {
    t = await createTestContext();
    linked = await createTestContext({ CLIENT_LINK_URL: 'https://ride.example.com/app' });
  });
  afterAll(async () => {
    await t.close();
    await linked.close();
  });

  it('creates a disabled config with a fresh URL-safe token and builds the link from the client link', async () => {
    const created = await createConfig(linked, linked.partnerA.id);
    expect(created.statusCode, created.body).toBe(201);
    const config = created.json().data;
    expect(config).toMatchObject({
      partner: { id: linked.partnerA.id, name: 'Partner A' },
      isEnabled: false,
      requireEmailVerification: true,
      requireIdVerification: false,
      isReferralEnabled: false,
      welcomeNote: null,
    });
    expect(config.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(config.signUpLink).toBe(`https://ride.example.com/app?signUpToken=${config.token}`);

    const other = await createConfig(linked, linked.partnerB.id);
    expect(other.json().data.token).not.toBe(config.token);

    const again = await createConfig(linked, linked.partnerA.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('PartnerSignUpConfigExists');
  });

  it('has a null link while the account has no client link', async () => {
    const created = await createConfig(t, t.partnerA.id);
    expect(created.statusCode).toBe(201);
    expect(created.json().data.signUpLink).toBeNull();
    const got = await call(t.app, 'GET', `/account/partners/${t.partnerA.id}/signUpConfig`, { token: t.owner.token });
    expect(got.json().data.token).toBe(created.json().data.token);
  });

  it('refuses to enable sign-up while the partner is not open to join', async () => {
    const partner = await seed.partner(t.database.db, { name: 'Closed Club' });
    expect((await createConfig(t, partner.id)).statusCode).toBe(201);

    const withoutOperations = await putConfig(t, partner.id, { isEnabled: true });
    expect(withoutOperations.statusCode).toBe(422);
    expect(errorOf(withoutOperations).code).toBe('PartnerNotOpenToJoin');

    expect((await setOperations(t, partner.id, 'closed')).statusCode).toBe(201);
    const closed = await putConfig(t, partner.id, { isEnabled: true });
    expect(closed.statusCode).toBe(422);
    expect(errorOf(closed)).toMatchObject({
      code: 'PartnerNotOpenToJoin',
      message: 'Customers cannot join this partner: its self-join policy is closed',
    });
    const [row] = await t.database.db
      .select()
      .from(partnerSignUpConfigs)
      .where(eq(partnerSignUpConfigs.partnerId, partner.id));
    expect(row?.isEnabled).toBe(false);

    const reopened = await call(t.app, 'PUT', `/account/partners/${partner.id}/operations`, {
      token: t.owner.token,
      body: { ...valid, customerSelfJoinPolicy: 'approval' },
    });
    expect(reopened.statusCode).toBe(200);
    const enabled = await putConfig(t, partner.id, { isEnabled: true, welcomeNote: 'Benvenuti!' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data).toMatchObject({ isEnabled: true, welcomeNote: 'Benvenuti!' });

    // While sign-up is on, self-join cannot close and the operations cannot go.
    const closing = await call(t.app, 'PUT', `/account/partners/${partner.id}/operations`, {
      token: t.owner.token,
      body: { ...valid, customerSelfJoinPolicy: 'closed' },
    });
    expect(closing.statusCode).toBe(422);
    expect(errorOf(closing).code).toBe('PartnerSignUpEnabled');
    const deleting = await call(t.app, 'DELETE', `/account/partners/${partner.id}/operations`, {
      token: t.owner.token,
    });
    expect(deleting.statusCode).toBe(422);
    expect(errorOf(deleting).code).toBe('PartnerSignUpEnabled');
  });

  it('changes only the fields sent and regenerates the token on request', async () => {
    const partner = await seed.partner(t.database.db, { name: 'Toggle Town' });
    const created = (await createConfig(t, partner.id)).json().data;
    const changed = await putConfig(t, partner.id, { requireIdVerification: true, isReferralEnabled: true });
    expect(changed.json().data).toMatchObject({
      isEnabled: false,
      requireEmailVerification: true,
      requireIdVerification: true,
      isReferralEnabled: true,
      token: created.token,
    });
    const regenerated = await putConfig(t, partner.id, { regenerateToken: true });
    expect(regenerated.json().data.token).not.toBe(created.token);
    expect(regenerated.json().data.requireIdVerification).toBe(true);

    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityType, 'partner-sign-up-config'), eq(fieldLogs.entityId, partner.id)));
    expect(logs.map((l) => l.field)).toEqual(expect.arrayContaining(['requireIdVerification', 'token']));
  });

  it('validates the body', async () => {
    const partner = await seed.partner(t.database.db, { name: 'Strict Ltd' });
    await createConfig(t, partner.id);
    const long = await putConfig(t, partner.id, { welcomeNote: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.fields).toEqual({ welcomeNote: 'Must be at most 500 characters' });
    const notTrue = await putConfig(t, partner.id, { regenerateToken: false });
    expect(notTrue.statusCode).toBe(400);
    const notBool = await putConfig(t, partner.id, { isEnabled: 'yes' });
    expect(notBool.statusCode).toBe(400);
    expect(Object.keys(notBool.json().data.fields)).toEqual(['isEnabled']);
    const unknownPartner = await createConfig(t, randomUUID());
    expect(unknownPartner.statusCode).toBe(400);
    expect(unknownPartner.json().data.fields).toEqual({ partnerId: 'Unknown partner' });
  });

  it('answers 404 before creation, 401 without a token, 403 without permission or outside the scope', async () => {
    const partner = await seed.partner(t.database.db, { name: 'Nobody Yet' });
    const missing = await call(t.app, 'GET', `/account/partners/${partner.id}/signUpConfig`, { token: t.owner.token });
    expect(missing.statusCode).toBe(404);
    expect((await putConfig(t, partner.id, { isEnabled: false })).statusCode).toBe(404);

    expect((await call(t.app, 'GET', '/account/partners/$all/signUpConfig')).statusCode).toBe(401);
    const reader = await t.userWith(['rental_partner_config.read'], '*');
    expect((await createConfig(t, partner.id, reader.token)).statusCode).toBe(403);
    expect((await putConfig(t, t.partnerA.id, { isEnabled: false }, reader.token)).statusCode).toBe(403);

    await createConfig(t, t.partnerB.id);
    const scoped = await t.userWith(['rental_partner_config.read', 'rental_partner_config.write'], [t.partnerA.id]);
    const list = await call(t.app, 'GET', '/account/partners/$all/signUpConfig?pageSize=100', { token: scoped.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { partner: { id: string } }) => c.partner.id)).toEqual([t.partnerA.id]);
    for (const res of [
      await call(t.app, 'GET', `/account/partners/${t.partnerB.id}/signUpConfig`, { token: scoped.token }),
      await putConfig(t, t.partnerB.id, { regenerateToken: true }, scoped.token),
      await createConfig(t, partner.id, scoped.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('PartnerOutOfScope');
    }
  });
});

describe('partner settings overview API', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const overview = (query = '', token = t.owner.token) =>
    call(t.app, 'GET', `/account/partners/$all/overview${query}`, { token });
  const entryOf = async (partnerId: string) => {
    const res = await overview('?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.find((e: { partner: { id: string } }) => e.partner.id === partnerId);
  };

  it('follows each setting as its rows are added until the partner can rent', async () => {
    const { db } = t.database;
    const partner = await seed.partner(db, { name: 'Readiness Rentals' });
    const required = ['operationSetting', 'partnerOperations', 'paymentMethods', 'sites', 'terms', 'privacyPolicy'];

    expect(await entryOf(partner.id)).toEqual({
      partner: { id: partner.id, name: 'Readiness Rentals' },
      items: {
        operationSetting: 'missing',
        smsService: 'missing',
        partnerOperations: 'missing',
        signUpConfig: 'missing',
        paymentMethods: 'missing',
        sites: 'missing',
        terms: 'missing',
        privacyPolicy: 'missing',
      },
      missing: required,
      isComplete: false,
    });

    const settingId = randomUUID();
    await db.insert(operationSettings).values({
      id: settingId,
      partnerId: partner.id,
      customerPlan: 'free',
      creditCardPolicy: 'required',
      depositPolicy: 'free',
      currency: 'EUR',
      timezone: '+01:00',
    });
    expect((await entryOf(partner.id)).items.operationSetting).toBe('unconfirmed');
    expect((await entryOf(partner.id)).missing).toContain('operationSetting');
    await db.update(operationSettings).set({ confirmedAt: new Date() }).where(eq(operationSettings.id, settingId));
    expect((await entryOf(partner.id)).items.operationSetting).toBe('complete');

    await db.insert(smsServices).values({
      partnerId: partner.id,
      accountSid: 'AC123',
      authTokenSealed: 'v1:x:y:z',
      pathServiceSid: 'VA123',
    });
    const created = await call(t.app, 'POST', '/account/partners/operations', {
      token: t.owner.token,
      body: { ...valid, partnerId: partner.id },
    });
    expect(created.statusCode).toBe(201);
    await call(t.app, 'POST', '/account/$createPartnerSignUpConfig', {
      token: t.owner.token,
      body: { partnerId: partner.id },
    });
    let entry = await entryOf(partner.id);
    expect(entry.items).toMatchObject({
      smsService: 'complete',
      partnerOperations: 'complete',
      signUpConfig: 'disabled',
    });
    expect(entry.missing).toEqual(['paymentMethods', 'sites', 'terms', 'privacyPolicy']);

    // A disabled payment method does not count.
    const methodId = randomUUID();
    await db.insert(partnerPaymentMethods).values({
      id: methodId,
      partnerId: partner.id,
      type: 'credit-card',
      provider: 'stripe',
      isEnabled: false,
      publishableKey: 'pk_test_1',
      secretKeySealed: 'v1:x:y:z',
    });
    expect((await entryOf(partner.id)).items.paymentMethods).toBe('missing');
    await db.update(partnerPaymentMethods).set({ isEnabled: true }).where(eq(partnerPaymentMethods.id, methodId));
    expect((await entryOf(partner.id)).items.paymentMethods).toBe('complete');

    // An archived site does not count either.
    const siteId = randomUUID();
    await db.insert(sites).values({
      id: siteId,
      partnerId: partner.id,
      name: 'Old depot',
      type: 'station',
      city: 'Roma',
      isArchived: true,
    });
    expect((await entryOf(partner.id)).items.sites).toBe('missing');
    await db.update(sites).set({ isArchived: false }).where(eq(sites.id, siteId));
    expect((await entryOf(partner.id)).items.sites).toBe('complete');

    await db.insert(partnerDocuments).values({ partnerId: partner.id, type: 'terms', content: { en: '<p>Terms</p>' } });
    entry = await entryOf(partner.id);
    expect(entry.missing).toEqual(['privacyPolicy']);
    await expect(assertPartnerReady(db, partner.id)).rejects.toMatchObject({
      code: 'PartnerConfigIncomplete',
      status: 422,
      data: { missing: ['privacyPolicy'] },
    });

    await db
      .insert(partnerDocuments)
      .values({ partnerId: partner.id, type: 'privacy-policy', content: { en: '<p>Privacy</p>' } });
    entry = await entryOf(partner.id);
    expect(entry).toMatchObject({ missing: [], isComplete: true });
    expect(await partnerReadiness(db, partner.id)).toMatchObject({ isComplete: true, missing: [] });
    await expect(assertPartnerReady(db, partner.id)).resolves.toBeUndefined();
  });

  it('searches by name, filters incomplete partners and pages', async () => {
    const res = await overview('?search=partner%20a');
    expect(res.json().data.map((e: { partner: { name: string } }) => e.partner.name)).toEqual(['Partner A']);
    const incomplete = await overview('?incomplete=true&pageSize=100');
    const names = incomplete.json().data.map((e: { partner: { name: string } }) => e.partner.name);
    expect(names).toContain('Partner A');
    expect(names).not.toContain('Readiness Rentals');
    expect(incomplete.json().data.every((e: { isComplete: boolean }) => !e.isComplete)).toBe(true);
    const paged = await overview('?pageSize=1&pageNo=2');
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().count).toBe(3);
    const bad = await overview('?incomplete=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toEqual({ 'query.incomplete': 'Must be true or false' });
  });

  it('answers partner readers, keeps to the scope and refuses others', async () => {
    expect((await overview()).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/account/partners/$all/overview')).statusCode).toBe(401);
    const partnerReader = await t.userWith(['partner.read'], [t.partnerB.id]);
    const scoped = await overview('?pageSize=100', partnerReader.token);
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json()).toMatchObject({ count: 1, data: [{ partner: { id: t.partnerB.id } }] });
    const configReader = await t.userWith(['rental_partner_config.read'], '*');
    expect((await overview('', configReader.token)).statusCode).toBe(200);
    const other = await t.userWith(['site.read'], '*');
    const refused = await overview('', other.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('Forbidden');
  });

  it('partnerReadiness refuses an unknown partner', async () => {
    await expect(partnerReadiness(t.database.db, randomUUID())).rejects.toMatchObject({ code: 'NotFound' });
  });
});

describe('demo partner operations', () => {
  it('seeds all three partners, the Milano passcode sealed, sign-up enabled in Milano and Barcelona', async () => {
    const t = await createTestContext();
    try {
      const { db } = t.database;
      const seoul = await seed.partner(db, { name: 'Seoul Scooter' });
      const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
      await seedDemoPartnerOperations(db, { milano: t.partnerA, barcelona: t.partnerB, seoul }, secrets);

      const list = await call(t.app, 'GET', '/account/partners/$all/operations', { token: t.owner.token });
      const byName = Object.fromEntries(
        list.json().data.map((o: { partner: { name: string } }) => [o.partner.name, o]),
      );
      expect(byName['Partner A']).toMatchObject({
        currency: 'EUR',
        timezone: '+01:00',
        webChannel: { type: 'secret-link' },
      });
      expect(byName['Partner A'].webChannel.passcode).toBe('••••••••2026');
      expect(byName['Seoul Scooter']).toMatchObject({ currency: 'KRW', timezone: '+09:00' });
      const [row] = await db.select().from(partnerOperations).where(eq(partnerOperations.partnerId, t.partnerA.id));
      expect(secrets.open(row?.webChannelPasscodeSealed ?? '')).toBe('navigli-2026');

      const signUps = await call(t.app, 'GET', '/account/partners/$all/signUpConfig', { token: t.owner.token });
      expect(
        signUps
          .json()
          .data.map((c: { partner: { name: string }; isEnabled: boolean }) => [c.partner.name, c.isEnabled])
          .sort(),
      ).toEqual([
        ['Partner A', true],
        ['Partner B', true],
      ]);
    } finally {
      await t.close();
    }
  });
});
