import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { localPaymentProvider } from '../../adapters/payments.ts';
import { customerPaymentMethods, fieldLogs } from '../../db/schema/index.ts';

type TestUser = Awaited<ReturnType<TestContext['userWith']>>;
interface CustomerBody {
  id: string;
  emailVerified: boolean;
  paymentMethods: { id: string; type: string; brand: string | null; last4: string | null; valid: boolean }[];
}
type Fields = { fields: Record<string, string> };

let phoneCounter = 0;
const nextPhone = () => {
  phoneCounter += 1;
  return `+39346${String(1_000_000 + phoneCounter).slice(1)}`;
};
const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
  ...extra,
});

/** The walk-in customer of issue 21: created at the counter, e-mail vouched for by staff, a card taken by staff. */
describe('the counter: a walk-in customer', () => {
  let t: TestContext;
  let staffA: TestUser;
  let staffB: TestUser;
  let updaterOnly: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    t = await createTestContext();
    const counterPermissions = ['customer.read', 'customer.read_detail', 'customer.update'];
    staffA = await t.userWith(counterPermissions, [t.partnerA.id]);
    staffB = await t.userWith(counterPermissions, [t.partnerB.id]);
    updaterOnly = await t.userWith(['customer.read', 'customer.update'], [t.partnerA.id]);
    reader = await t.userWith(['customer.read', 'customer.read_detail'], [t.partnerA.id]);
  });
  afterAll(() => t.close());

  const base = '/customer/customers';
  async function walkIn(body: Record<string, unknown> = {}, token = staffA.token) {
    return call(t.app, 'POST', base, {
      token,
      body: {
        partnerId: t.partnerA.id,
        phoneNo: nextPhone(),
        name: { first: 'Walk', last: 'In' },
        email: `walk${phoneCounter}@example.com`,
        ...body,
      },
    });
  }
  async function customer(body: Record<string, unknown> = {}) {
    const res = await walkIn(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: CustomerBody }>().data;
  }
  const logsOf = (id: string) => t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, id));
  const methodsOf = (id: string) =>
    t.database.db.select().from(customerPaymentMethods).where(eq(customerPaymentMethods.customerId, id));
  const tokenize = (body: unknown, token = staffA.token) =>
    call(t.app, 'POST', '/payments/local/paymentMethods', { token, body });
  async function tokenized(number: string) {
    const res = await tokenize(card(number));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: string; card: { brand: string; last4: string } } }>().data;
  }
  const attach = (id: string, paymentMethodId: string, token = staffA.token) =>
    call(t.app, 'POST', `${base}/${id}/paymentMethods`, { token, body: { paymentMethodId } });

  describe('created without a password', () => {
    it('is created, and the field log says no password was set', async () => {
      const c = await customer();
      const created = (await logsOf(c.id)).find((l) => l.field === 'password');
      expect(created?.after).toBe('not set');
    });

    it('still refuses a given password shorter than 6 characters', async () => {
      const res = await walkIn({ password: 'abc' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).data).toMatchObject({ fields: { password: 'Password must be at least 6 characters' } });
    });
  });

  describe('POST /customer/customers/:id/$markEmailVerified', () => {
    const mark = (id: string, body: unknown, token = staffA.token) =>
      call(t.app, 'POST', `${base}/${id}/$markEmailVerified`, { token, body });

    it('marks the e-mail verified and logs who, when and the reason', async () => {
      const c = await customer();
      const res = await mark(c.id, { reason: 'Saw the identity card at the counter' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: CustomerBody }>().data.emailVerified).toBe(true);
      const logs = await logsOf(c.id);
      const reason = logs.find((l) => l.field === 'emailVerifiedReason');
      expect(reason).toMatchObject({ userId: staffA.id, after: 'Saw the identity card at the counter' });
      expect(reason?.createdAt).toBeInstanceOf(Date);
      expect(logs.find((l) => l.field === 'emailVerified')).toMatchObject({ before: false, after: true });
    });

    it('refuses without a reason, or with a blank one, and writes nothing', async () => {
      const c = await customer();
      for (const body of [{}, { reason: '   ' }]) {
        const res = await mark(c.id, body);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(errorOf(res).data as Fields['fields'] & Fields).length).toBeGreaterThan(0);
      }
      expect((await logsOf(c.id)).some((l) => l.field === 'emailVerified')).toBe(false);
    });

    it('refuses a customer without an e-mail (422) and one already verified (409)', async () => {
      const noMail = await customer({ email: null });
      const missing = await mark(noMail.id, { reason: 'ID seen' });
      expect(missing.statusCode).toBe(422);
      expect(errorOf(missing).code).toBe('CustomerEmailMissing');
      const c = await customer();
      expect((await mark(c.id, { reason: 'ID seen' })).statusCode).toBe(200);
      const again = await mark(c.id, { reason: 'ID seen' });
      expect(again.statusCode).toBe(409);
    });

    it('needs customer.update and customer.read_detail (a staff member who may see identity documents)', async () => {
      const c = await customer();
      const withoutDetail = await mark(c.id, { reason: 'ID seen' }, updaterOnly.token);
      expect(withoutDetail.statusCode).toBe(403);
      expect(errorOf(withoutDetail).code).toBe('Forbidden');
      expect((await mark(c.id, { reason: 'ID seen' }, reader.token)).statusCode).toBe(403);
    });

    it("answers another partner's customer as missing, and refuses a customer shared with a partner out of scope", async () => {
      const c = await customer();
      const other = await mark(c.id, { reason: 'ID seen' }, staffB.token);
      expect(other.statusCode).toBe(404);
      const shared = await customer();
      await call(t.app, 'POST', `${base}/${shared.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerB.id },
      });
      const res = await mark(shared.id, { reason: 'ID seen' });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('PartnerOutOfScope');
      expect((await logsOf(shared.id)).some((l) => l.field === 'emailVerified')).toBe(false);
    });
  });

  describe('taking a card: tokenize with the local provider, then attach', () => {
    it('attaches 4242 4242 4242 4242 as a valid Visa, logged, and the card then pays', async () => {
      const c = await customer();
      const pm = await tokenized('4242 4242 4242 4242');
      expect(pm.id).toMatch(/^pm_/);
      expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242' });
      const res = await attach(c.id, pm.id);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ data: CustomerBody }>().data.paymentMethods).toEqual([
        expect.objectContaining({ type: 'credit-card', brand: 'visa', last4: '4242', valid: true }),
      ]);
      const log = (await logsOf(c.id)).find((l) => l.field === 'paymentMethods');
      expect(log).toMatchObject({ userId: staffA.id, before: null, after: 'credit-card visa 4242' });
      const [stored] = await methodsOf(c.id);
      expect(stored?.providerRef).toBe(pm.id);
      // The number stays with the provider: the customer's row only has the provider's reference.
      expect(JSON.stringify(stored)).not.toContain('4242424242424242');
      const provider = localPaymentProvider({ db: t.database.db, webhookSecret: 'test' });
      const charged = await provider.charge({
        amount: 5,
        currency: 'EUR',
        paymentMethod: pm.id,
        idempotencyKey: `counter-test:${pm.id}`,
        description: 'test',
      });
      expect(charged.status).toBe('succeeded');
    });

    it('refuses the same card twice', async () => {
      const c = await customer();
      const pm = await tokenized('5555555555554444');
      expect((await attach(c.id, pm.id)).statusCode).toBe(201);
      expect((await attach(c.id, pm.id)).statusCode).toBe(409);
    });

    it.each([
      ['4000000000000002', 'card_declined', 'Your card was declined.'],
      ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
      ['4000000000000069', 'expired_card', 'Your card has expired.'],
      ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ])('declines %s as Stripe does (%s) and writes nothing', async (number, declineCode, message) => {
      const c = await customer();
      const pm = await tokenized(number);
      const res = await attach(c.id, pm.id);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'CardDeclined', message, data: { declineCode } });
      expect(await methodsOf(c.id)).toEqual([]);
      expect((await logsOf(c.id)).some((l) => l.field === 'paymentMethods')).toBe(false);
    });

    it('attaches 4000 0000 0000 0341, whose charges are then declined', async () => {
      const c = await customer();
      const pm = await tokenized('4000000000000341');
      expect((await attach(c.id, pm.id)).statusCode).toBe(201);
      const provider = localPaymentProvider({ db: t.database.db, webhookSecret: 'test' });
      const charged = await provider.charge({
        amount: 5,
        currency: 'EUR',
        paymentMethod: pm.id,
        idempotencyKey: `counter-test:${pm.id}`,
        description: 'test',
      });
      expect(charged).toMatchObject({ status: 'failed', code: 'card_declined' });
    });

    it.each([
      ['a number failing the checksum', card('4242424242424241'), 'number', 'Your card number is incorrect.'],
      ['letters in the number', card('4242abcd42424242'), 'number', 'Your card number is incorrect.'],
      ['month 13', card('4242424242424242', { expMonth: 13 }), 'expMonth', "Your card's expiration month is invalid."],
      [
        'a year in the past',
        card('4242424242424242', { expYear: nextYear - 3 }),
        'expYear',
        "Your card's expiration year is invalid.",
      ],
      ['a two-digit CVC', card('4242424242424242', { cvc: '12' }), 'cvc', "Your card's security code is invalid."],
      ['a three-digit Amex CVC', card('378282246310005'), 'cvc', "Your card's security code is invalid."],
    ])('refuses %s with a 400 on that field', async (_what, body, field, message) => {
      const res = await tokenize(body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'ValidationError', data: { fields: { [field]: message } } });
    });

    it('declines a real card number in test mode', async () => {
      const res = await tokenize(card('4111111111111111'));
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).data).toEqual({ declineCode: 'live_card_in_test_mode' });
    });

    it('refuses a payment method id the provider never made', async () => {
      const c = await customer();
      const res = await attach(c.id, 'pm_local_000000000000000000000000');
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).code).toBe('CardDeclined');
      const malformed = await attach(c.id, '4242424242424242');
      expect(malformed.statusCode).toBe(400);
    });

    it('needs customer.update to tokenize and to attach', async () => {
      const c = await customer();
      const pm = await tokenized('4242424242424242');
      expect((await tokenize(card('4242424242424242'), reader.token)).statusCode).toBe(403);
      const res = await attach(c.id, pm.id, reader.token);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
      expect(await methodsOf(c.id)).toEqual([]);
    });

    it("answers another partner's customer as missing, and refuses a customer shared with a partner out of scope", async () => {
      const c = await customer();
      const pm = await tokenized('4242424242424242');
      expect((await attach(c.id, pm.id, staffB.token)).statusCode).toBe(404);
      const shared = await customer();
      await call(t.app, 'POST', `${base}/${shared.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerB.id },
      });
      const res = await attach(shared.id, pm.id);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('PartnerOutOfScope');
      expect(await methodsOf(shared.id)).toEqual([]);
    });

    it('starts a card setup with no client secret for the local provider', async () => {
      const c = await customer();
      const res = await call(t.app, 'POST', `${base}/${c.id}/paymentMethods/$setup`, { token: staffA.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { provider: 'local', clientSecret: null } });
    });
  });
});
