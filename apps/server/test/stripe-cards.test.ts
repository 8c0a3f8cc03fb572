import { TEST_CARDS } from '@fleetdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPaymentMethods } from '../src/db/schema/index.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { call, createTestContext, errorOf, type TestContext } from './harness.ts';
import { chargeRequest } from './payments.ts';

/**
 * PAYMENT_PROVIDER=stripe at the counter (issue 21): staff take a card as Stripe's dashboard does — a SetupIntent
 * on the customer's Stripe customer, confirmed by Stripe Elements in the browser (the fake's `confirmSetup`), then
 * the payment method attached to our customer — and the saved card is charged with its Stripe customer named.
 */
describe('taking a card with Stripe', () => {
  let t: TestContext;
  let stripe: FakeStripe;
  let phone = 0;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestContext({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_counter123',
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  async function newCustomer() {
    phone += 1;
    const res = await call(t.app, 'POST', '/customer/customers', {
      token: t.owner.token,
      body: {
        partnerId: t.partnerA.id,
        phoneNo: `+3934700${String(phone).padStart(5, '0')}`,
        name: { first: 'Sara', last: 'Stripe' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: string } }>().data.id;
  }
  const setup = async (id: string) => {
    const res = await call(t.app, 'POST', `/customer/customers/${id}/paymentMethods/$setup`, { token: t.owner.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { provider: string; clientSecret: string } }>().data;
  };
  const attach = (id: string, paymentMethodId: string) =>
    call(t.app, 'POST', `/customer/customers/${id}/paymentMethods`, {
      token: t.owner.token,
      body: { paymentMethodId },
    });
  function confirmed(clientSecret: string, card: string = TEST_CARDS.success.token) {
    const result = stripe.confirmSetup(clientSecret, card);
    if ('error' in result) throw new Error(result.error);
    return result.paymentMethod;
  }

  it('tells the console to load Stripe Elements, with the publishable key', async () => {
    const res = await call(t.app, 'GET', '/account/clientLink', { token: t.owner.token });
    expect(res.json()).toMatchObject({
      data: { payments: { provider: 'stripe', publishableKey: 'pk_test_counter123' } },
    });
  });

  it('saves the card Elements confirmed on one Stripe customer, and charges it with that customer named', async () => {
    const id = await newCustomer();
    const before = stripe.customers();
    const first = await setup(id);
    expect(first).toMatchObject({ provider: 'stripe', clientSecret: expect.stringMatching(/^seti_\w+_secret_/) });
    const res = await attach(id, confirmed(first.clientSecret));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { paymentMethods: unknown[] } }>().data.paymentMethods).toEqual([
      expect.objectContaining({ type: 'credit-card', brand: 'visa', last4: '4242', valid: true }),
    ]);
    const [stored] = await t.database.db
      .select()
      .from(customerPaymentMethods)
      .where(eq(customerPaymentMethods.customerId, id));
    expect(stored?.providerRef).toMatch(/^cus_\w+\/pm_\w+$/);

    // A second card lands on the same Stripe customer.
    const second = await setup(id);
    expect((await attach(id, confirmed(second.clientSecret, TEST_CARDS.mastercard.token))).statusCode).toBe(201);
    expect(stripe.customers()).toBe(before + 1);

    const charged = await t.app.payments.service.charge(
      chargeRequest({ paymentMethod: stored?.providerRef as string }),
    );
    expect(charged).toMatchObject({ status: 'Succeeded', provider: 'stripe' });
  });

  it("refuses another customer's saved card, and the local tokenize call", async () => {
    const owner = await newCustomer();
    const pm = confirmed((await setup(owner)).clientSecret);
    const other = await newCustomer();
    const res = await attach(other, pm);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('CardDeclined');

    const local = await call(t.app, 'POST', '/payments/local/paymentMethods', {
      token: t.owner.token,
      body: { number: TEST_CARDS.success.number, expMonth: 12, expYear: 2040, cvc: '123' },
    });
    expect(local.statusCode).toBe(422);
    expect(errorOf(local).code).toBe('PaymentProviderMismatch');
  });
});
