import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { fieldLogs, partnerPaymentMethods } from '../../db/schema/index.ts';

const SECRET = 'sk_test_51HxQ2bSecretValue9876';
const WEBHOOK = 'whsec_Webhook0123456789abcd';
const card = {
  type: 'credit-card',
  publishableKey: 'pk_test_51HxQ2bPublishable1234',
  secretKey: SECRET,
  webhookSecret: WEBHOOK,
  statementDescriptor: 'FLEETDESK RIDES',
};
const base = (partnerId: string) => `/account/partners/${partnerId}/paymentMethods`;
type Fields = { fields: Record<string, string> };

describe('payment methods API', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  async function create(partnerId: string, body: Record<string, unknown>, token = t.owner.token) {
    return call(t.app, 'POST', base(partnerId), { token, body });
  }
  async function created(partnerId: string, body: Record<string, unknown>) {
    const res = await create(partnerId, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; secretKey: string; webhookSecret: string | null };
  }
  async function clear() {
    await t.database.db.delete(partnerPaymentMethods);
  }

  it('sets up, reads, lists, replaces and removes a method, secrets only ever masked', async () => {
    await clear();
    const res = await create(t.partnerA.id, card);
    expect(res.statusCode, res.body).toBe(201);
    const method = res.json().data;
    expect(method).toMatchObject({
      partner: { id: t.partnerA.id, name: t.partnerA.name },
      type: 'credit-card',
      provider: 'stripe',
      isEnabled: true,
      mode: 'test',
      publishableKey: card.publishableKey,
      secretKey: '••••••••9876',
      webhookSecret: '••••••••abcd',
      statementDescriptor: 'FLEETDESK RIDES',
    });
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(WEBHOOK);

    const [row] = await t.database.db
      .select()
      .from(partnerPaymentMethods)
      .where(eq(partnerPaymentMethods.id, method.id));
    expect(row?.secretKeySealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(WEBHOOK);

    const got = await call(t.app, 'GET', `${base(t.partnerA.id)}/${method.id}`, { token: t.owner.token });
    expect(got.json().data).toEqual(method);

    const list = await call(t.app, 'GET', '/account/partners/$all/paymentMethods', { token: t.owner.token });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: method.id }] });
    expect(list.body).not.toContain(SECRET);

    const replaced = await call(t.app, 'PUT', `${base(t.partnerA.id)}/${method.id}`, {
      token: t.owner.token,
      body: { ...card, type: undefined, secretKey: method.secretKey, webhookSecret: '', isEnabled: false },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ isEnabled: false, secretKey: '••••••••9876', webhookSecret: null });

    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, method.id));
    expect(logs.map((l) => l.field)).toEqual(expect.arrayContaining(['secretKey', 'isEnabled', 'webhookSecret']));
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect(JSON.stringify(logs)).not.toContain(WEBHOOK);

    const removed = await call(t.app, 'DELETE', `${base(t.partnerA.id)}/${method.id}`, { token: t.owner.token });
    expect(removed.statusCode).toBe(200);
    const gone = await call(t.app, 'GET', `${base(t.partnerA.id)}/${method.id}`, { token: t.owner.token });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('NotFound');
  });

  it('keeps the stored secrets when they come back masked or are left out, and replaces them when new', async () => {
    await clear();
    const method = await created(t.partnerA.id, card);
    const url = `${base(t.partnerA.id)}/${method.id}`;
    const { type: _type, ...fields } = card;
    const sealedNow = async () =>
      (await t.database.db.select().from(partnerPaymentMethods).where(eq(partnerPaymentMethods.id, method.id)))[0];
    const before = await sealedNow();

    const masked = await call(t.app, 'PUT', url, {
      token: t.owner.token,
      body: { ...fields, secretKey: method.secretKey, webhookSecret: method.webhookSecret },
    });
    expect(masked.statusCode, masked.body).toBe(200);
    const omitted = await call(t.app, 'PUT', url, {
      token: t.owner.token,
      body: { publishableKey: card.publishableKey },
    });
    expect(omitted.statusCode, omitted.body).toBe(200);
    const kept = await sealedNow();
    expect(kept?.secretKeySealed).toBe(before?.secretKeySealed);
    expect(kept?.webhookSecretSealed).toBe(before?.webhookSecretSealed);
    // An omitted statement descriptor is cleared: PUT replaces every non-secret field.
    expect(omitted.json().data.statementDescriptor).toBeNull();

    const rotated = await call(t.app, 'PUT', url, {
      token: t.owner.token,
      body: { ...fields, secretKey: 'rk_test_RestrictedKey5555' },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().data.secretKey).toBe('••••••••5555');
    expect((await sealedNow())?.secretKeySealed).not.toBe(before?.secretKeySealed);
  });

  it('refuses a second method of the same type for one partner, but not for another partner', async () => {
    await clear();
    await created(t.partnerA.id, card);
    const again = await create(t.partnerA.id, { ...card, statementDescriptor: 'OTHER NAME' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'PaymentMethodExists',
      data: { fields: { type: expect.any(String) } },
    });
    expect((await create(t.partnerB.id, card)).statusCode).toBe(201);
    expect((await create(t.partnerA.id, { ...card, type: 'wallet-apple-pay' })).statusCode).toBe(201);
  });

  it('refuses without a token', async () => {
    expect((await call(t.app, 'GET', '/account/partners/$all/paymentMethods')).statusCode).toBe(401);
    const res = await call(t.app, 'POST', base(t.partnerA.id), { body: card });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('Unauthorized');
  });

  it('refuses a caller without any payment permission', async () => {
    const other = await t.userWith(['partner.read']);
    const list = await call(t.app, 'GET', '/account/partners/$all/paymentMethods', { token: other.token });
    expect(list.statusCode).toBe(403);
    expect(errorOf(list).code).toBe('Forbidden');
    expect((await create(t.partnerA.id, card, other.token)).statusCode).toBe(403);
  });

  it('shows and changes only the types the caller’s permissions cover', async () => {
    await clear();
    const cardMethod = await created(t.partnerA.id, card);
    const sepa = await created(t.partnerA.id, { ...card, type: 'debit-sepa' });
    const apple = await created(t.partnerA.id, { ...card, type: 'wallet-apple-pay' });

    const debitOnly = await t.userWith(['partner.payment.direct_debit.read', 'partner.payment.direct_debit.setup']);
    const list = await call(t.app, 'GET', '/account/partners/$all/paymentMethods', { token: debitOnly.token });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: sepa.id, type: 'debit-sepa' }] });
    const hidden = await call(t.app, 'GET', `${base(t.partnerA.id)}/${cardMethod.id}`, { token: debitOnly.token });
    expect(hidden.statusCode).toBe(403);
    expect(errorOf(hidden).code).toBe('Forbidden');
    const walletDelete = await call(t.app, 'DELETE', `${base(t.partnerA.id)}/${apple.id}`, { token: debitOnly.token });
    expect(walletDelete.statusCode).toBe(403);
    const newCard = await create(t.partnerB.id, card, debitOnly.token);
    expect(newCard.statusCode).toBe(403);
    expect(errorOf(newCard).code).toBe('Forbidden');
    expect((await create(t.partnerB.id, { ...card, type: 'debit-sepa' }, debitOnly.token)).statusCode).toBe(201);

    const cardReader = await t.userWith(['partner.payment.credit_card.read']);
    const cards = await call(t.app, 'GET', '/account/partners/$all/paymentMethods?sort=createdAt:asc', {
      token: cardReader.token,
    });
    expect(cards.json().data.map((m: { type: string }) => m.type)).toEqual(['credit-card', 'wallet-apple-pay']);
    const readOnly = await call(t.app, 'PUT', `${base(t.partnerA.id)}/${cardMethod.id}`, {
      token: cardReader.token,
      body: { publishableKey: card.publishableKey },
    });
    expect(readOnly.statusCode).toBe(403);

    // Setting up without reading is allowed by the permission model; the setup checks the type, not the read.
    const cardSetup = await t.userWith(['partner.payment.credit_card.read', 'partner.payment.credit_card.setup']);
    const sepaChange = await call(t.app, 'PUT', `${base(t.partnerA.id)}/${sepa.id}`, {
      token: cardSetup.token,
      body: { publishableKey: card.publishableKey },
    });
    expect(sepaChange.statusCode).toBe(403);
    const cardChange = await call(t.app, 'PUT', `${base(t.partnerA.id)}/${cardMethod.id}`, {
      token: cardSetup.token,
      body: { publishableKey: card.publishableKey, isEnabled: false },
    });
    expect(cardChange.statusCode, cardChange.body).toBe(200);
  });

  it('enforces the partner scope on every call: 403 for a path naming another partner, 404 for a method not under the partner', async () => {
    await clear();
    const inB = await created(t.partnerB.id, card);
    const inA = await created(t.partnerA.id, card);
    const scoped = await t.userWith(
      ['partner.payment.credit_card.read', 'partner.payment.credit_card.setup'],
      [t.partnerA.id],
    );
    const list = await call(t.app, 'GET', '/account/partners/$all/paymentMethods', { token: scoped.token });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: inA.id }] });
    const filtered = await call(t.app, 'GET', `/account/partners/$all/paymentMethods?partnerId=${t.partnerB.id}`, {
      token: scoped.token,
    });
    expect(filtered.statusCode).toBe(403);
    expect(errorOf(filtered).code).toBe('PartnerOutOfScope');
    const stored = () => t.database.db.select().from(partnerPaymentMethods).orderBy(partnerPaymentMethods.id);
    const logs = () => t.database.db.select().from(fieldLogs).orderBy(fieldLogs.id);
    const [methodsBefore, logsBefore] = [await stored(), await logs()];
    for (const [method, url, body] of [
      ['GET', `${base(t.partnerB.id)}/${inB.id}`, undefined],
      ['PUT', `${base(t.partnerB.id)}/${inB.id}`, { publishableKey: card.publishableKey, isEnabled: false }],
      ['DELETE', `${base(t.partnerB.id)}/${inB.id}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: scoped.token, body });
      expect([res.statusCode, errorOf(res).code], `${method} ${url}`).toEqual([403, 'PartnerOutOfScope']);
    }
    // Partner B's method asked for under partner A (in scope) is not there, exactly as a missing one.
    const missing = await call(t.app, 'GET', `${base(t.partnerA.id)}/00000000-0000-4000-8000-000000000000`, {
      token: scoped.token,
    });
    const crossed = await call(t.app, 'GET', `${base(t.partnerA.id)}/${inB.id}`, { token: scoped.token });
    expect(crossed.statusCode).toBe(404);
    expect(errorOf(crossed)).toEqual(errorOf(missing));
    const outside = await create(t.partnerB.id, { ...card, type: 'wallet-google-pay' }, scoped.token);
    expect(outside.statusCode).toBe(403);
    expect(errorOf(outside).code).toBe('PartnerOutOfScope');
    expect(await stored()).toEqual(methodsBefore);
    expect(await logs()).toEqual(logsBefore);
    // A method asked for under another partner's path does not exist there.
    const wrongPartner = await call(t.app, 'GET', `${base(t.partnerA.id)}/${inB.id}`, { token: t.owner.token });
    expect(wrongPartner.statusCode).toBe(404);
    const unknownPartner = await create('00000000-0000-4000-8000-000000000000', card);
    expect(unknownPartner.statusCode).toBe(404);
  });

  it('filters by partner and type and pages newest first', async () => {
    await clear();
    await created(t.partnerA.id, card);
    await created(t.partnerA.id, { ...card, type: 'wallet-google-pay' });
    const last = await created(t.partnerB.id, { ...card, type: 'debit-sepa' });
    const page = await call(t.app, 'GET', '/account/partners/$all/paymentMethods?pageSize=1', { token: t.owner.token });
    expect(page.json()).toMatchObject({ count: 3, data: [{ id: last.id }] });
    const byPartner = await call(t.app, 'GET', `/account/partners/$all/paymentMethods?partnerId=${t.partnerA.id}`, {
      token: t.owner.token,
    });
    expect(byPartner.json().count).toBe(2);
    const byType = await call(t.app, 'GET', '/account/partners/$all/paymentMethods?type=wallet-google-pay', {
      token: t.owner.token,
    });
    expect(byType.json()).toMatchObject({ count: 1, data: [{ type: 'wallet-google-pay' }] });
    const badType = await call(t.app, 'GET', '/account/partners/$all/paymentMethods?type=paypal', {
      token: t.owner.token,
    });
    expect(badType.statusCode).toBe(400);
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['an unknown type', { type: 'paypal' }, 'type', 'Payment method type must be selected'],
      ['another provider', { provider: 'adyen' }, 'provider', 'Provider must be stripe'],
      [
        'a publishable key that is not one',
        { publishableKey: 'sk_test_abcdefghijkl' },
        'publishableKey',
        'Publishable key must start with pk_test_ or pk_live_',
      ],
      [
        'a secret key that is not one',
        { secretKey: 'pk_test_abcdefghijkl' },
        'secretKey',
        'Secret key must start with sk_test_, sk_live_, rk_test_ or rk_live_',
      ],
      [
        'a live secret key with a test publishable key',
        { secretKey: 'sk_live_51HxQ2bSecretValue9876' },
        'secretKey',
        'Test and live keys cannot be mixed',
      ],
      [
        'a webhook secret that is not one',
        { webhookSecret: 'secret' },
        'webhookSecret',
        'Webhook secret must start with whsec_',
      ],
      [
        'a descriptor shorter than 5',
        { statementDescriptor: 'ABCD' },
        'statementDescriptor',
        'Statement descriptor must be 5 to 22 characters',
      ],
      [
        'a descriptor longer than 22',
        { statementDescriptor: 'A'.repeat(23) },
        'statementDescriptor',
        'Statement descriptor must be 5 to 22 characters',
      ],
      [
        'a descriptor without a letter',
        { statementDescriptor: '12345' },
        'statementDescriptor',
        'Statement descriptor must contain at least one letter',
      ],
      [
        'a descriptor with a forbidden character',
        { statementDescriptor: 'RIDES * FAST' },
        'statementDescriptor',
        'Statement descriptor must not contain < > \\ \' " *',
      ],
      [
        'a descriptor with non-Latin text',
        { statementDescriptor: 'Città bici' },
        'statementDescriptor',
        'Statement descriptor must use Latin characters only',
      ],
    ];
    for (const [what, change, field, message] of cases) {
      it(`refuses ${what}`, async () => {
        await clear();
        const res = await create(t.partnerA.id, { ...card, ...change });
        expect(res.statusCode, res.body).toBe(400);
        const error = errorOf(res);
        expect(error.code).toBe('ValidationError');
        expect((error.data as Fields).fields[field]).toBe(message);
        expect(await t.database.db.select().from(partnerPaymentMethods)).toHaveLength(0);
      });
    }

    it('refuses a secret key missing on create and a stored test key kept beside a new live publishable key', async () => {
      await clear();
      const { secretKey: _s, ...withoutSecret } = card;
      const missing = await create(t.partnerA.id, withoutSecret);
      expect(missing.statusCode).toBe(400);
      expect((errorOf(missing).data as Fields).fields.secretKey).toBeDefined();

      const method = await created(t.partnerA.id, card);
      const mixed = await call(t.app, 'PUT', `${base(t.partnerA.id)}/${method.id}`, {
        token: t.owner.token,
        body: { publishableKey: 'pk_live_51HxQ2bPublishable1234', secretKey: method.secretKey },
      });
      expect(mixed.statusCode).toBe(400);
      expect((errorOf(mixed).data as Fields).fields.secretKey).toBe('Test and live keys cannot be mixed');
      const live = await call(t.app, 'PUT', `${base(t.partnerA.id)}/${method.id}`, {
        token: t.owner.token,
        body: { publishableKey: 'pk_live_51HxQ2bPublishable1234', secretKey: 'sk_live_51HxQ2bSecretValue4321' },
      });
      expect(live.statusCode, live.body).toBe(200);
      expect(live.json().data.mode).toBe('live');
      const typeChange = await call(t.app, 'PUT', `${base(t.partnerA.id)}/${method.id}`, {
        token: t.owner.token,
        body: { type: 'debit-sepa', publishableKey: 'pk_live_51HxQ2bPublishable1234' },
      });
      expect(typeChange.statusCode).toBe(400);
    });
  });
});
