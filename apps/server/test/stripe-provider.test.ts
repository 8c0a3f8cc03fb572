import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@fleetdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_KEY_FIELD } from '../src/adapters/stripe-payments.ts';
import { payments } from '../src/db/schema/index.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { createTestContext, errorOf, type TestContext } from './harness.ts';
import { chargeRequest, deliverWebhook } from './payments.ts';

/**
 * PAYMENT_PROVIDER=stripe: the provider built on the official `stripe` library, against a local fake of Stripe's
 * HTTP API (fake-stripe.ts), through the app's own payment service and webhook route.
 */
describe('the Stripe provider', () => {
  let t: TestContext;
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestContext({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const service = () => t.app.payments.service;
  const request = chargeRequest;
  const deliver = (body: string, signature: string | undefined, provider = 'stripe') =>
    deliverWebhook(t.app, provider, body, signature);

  it.each([
    [TEST_CARDS.success.token, 'Succeeded', null],
    [TEST_CARDS.declined.token, 'Failed', 'card_declined'],
    [TEST_CARDS.insufficientFunds.token, 'Failed', 'insufficient_funds'],
    [TEST_CARDS.authenticationRequired.token, 'Failed', 'authentication_required'],
    ['pm_unknown', 'Failed', 'payment_method_not_found'],
  ])('charges %s → %s %s', async (paymentMethod, status, failureCode) => {
    const row = await service().charge(request({ paymentMethod }));
    expect(row).toMatchObject({ status, failureCode, provider: 'stripe' });
    if (status === 'Succeeded') expect(row.providerRef).toMatch(/^pi_/);
  });

  it('a reply lost after the charge: pending, then reconciled with the same key to one PaymentIntent', async () => {
    const before = stripe.counts().intents;
    // Two: the library itself retries a closed connection once, with the same key.
    stripe.dropReplies(2);
    const pending = await service().charge(request());
    expect(pending.status).toBe('Pending');
    expect(stripe.counts().intents).toBe(before + 1);
    expect(await service().reconcile(pending.id)).toBeUndefined();
    expect(await service().byId(pending.id)).toMatchObject({ status: 'Succeeded', providerRef: expect.any(String) });
    expect(stripe.counts().intents).toBe(before + 1);
  });

  it('a 500 leaves the outcome unknown; the retry charges once', async () => {
    const before = stripe.counts().intents;
    stripe.failRequests(1);
    const pending = await service().charge(request());
    expect(pending.status).toBe('Pending');
    expect(stripe.counts().intents).toBe(before);
    await service().reconcile(pending.id);
    expect((await service().byId(pending.id))?.status).toBe('Succeeded');
    expect(stripe.counts().intents).toBe(before + 1);
  });

  it('20 concurrent full refunds of one payment make exactly one Stripe refund; a lost refund reply is reconciled', async () => {
    const charge = await service().charge(request({ amount: 40 }));
    const before = stripe.counts().refunds;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        service().refund({ chargeId: charge.id, amount: 40, reason: 'Order ended early', key: `${charge.id}:${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(stripe.counts().refunds).toBe(before + 1);

    const second = await service().charge(request({ amount: 12 }));
    // Two: the library itself retries a closed connection once, with the same key.
    stripe.dropReplies(2);
    const lost = await service().refund({ chargeId: second.id, amount: 5, reason: 'Goodwill', key: `${second.id}:a` });
    expect(lost.status).toBe('Pending');
    await service().reconcile(lost.id);
    expect((await service().byId(lost.id))?.status).toBe('Succeeded');
    expect(stripe.counts().refunds).toBe(before + 2);
  });

  it("applies Stripe's signed events once, in any order and any number of times", async () => {
    // Answers all lost: only the webhooks can tell these outcomes.
    const keys: string[] = [];
    for (const paymentMethod of [TEST_CARDS.success.token, TEST_CARDS.declined.token]) {
      // Two: the library itself retries a closed connection once, with the same key.
      stripe.dropReplies(2);
      const row = await service().charge(request({ paymentMethod }));
      expect(row.status).toBe('Pending');
      keys.push(row.idempotencyKey);
    }
    const ours = stripe
      .events()
      .filter((e) => keys.includes(JSON.parse(e.body).data.object.metadata?.[STRIPE_KEY_FIELD] ?? ''));
    expect(ours.map((e) => e.type).sort()).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
    const shuffled = [...ours, ...ours, ...ours].sort(() => Math.random() - 0.5);
    const answers = [];
    for (const e of shuffled) {
      const res = await deliver(e.body, stripe.sign(e.body));
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json());
    }
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(2);
    const settled = await Promise.all(
      keys.map(async (k) => (await t.database.db.select().from(payments).where(eq(payments.idempotencyKey, k)))[0]),
    );
    expect(settled.map((p) => [p?.status, p?.failureCode])).toEqual([
      ['Succeeded', null],
      ['Failed', 'card_declined'],
    ]);
  });

  it('acknowledges an event about somebody else’s object, and refuses bad, old or misrouted signatures', async () => {
    const foreign = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'pi_foreign', object: 'payment_intent', status: 'succeeded', metadata: {} } },
    });
    const ok = await deliver(foreign, stripe.sign(foreign));
    expect(ok.statusCode, ok.body).toBe(200);

    expect(errorOf(await deliver(foreign, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)).code).toBe(
      'WebhookSignatureInvalid',
    );
    expect(errorOf(await deliver(foreign, stripe.sign(foreign, new Date(Date.now() - 10 * 60_000)))).code).toBe(
      'WebhookSignatureInvalid',
    );
    expect(errorOf(await deliver(foreign, undefined)).code).toBe('WebhookSignatureInvalid');
    // With Stripe configured, nothing may pose as the local provider.
    expect(errorOf(await deliver(foreign, stripe.sign(foreign), 'local')).code).toBe('WebhookSignatureInvalid');
  });
});
