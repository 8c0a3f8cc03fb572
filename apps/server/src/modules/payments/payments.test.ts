import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@fleetdesk/contracts';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { chargeRequest, deliverWebhook } from '../../../test/payments.ts';
import {
  LOCAL_WEBHOOK_JOB,
  localPaymentProvider,
  localWebhookSecret,
  type PaymentProvider,
  ProviderUnreachable,
  signWebhook,
} from '../../adapters/payments.ts';
import { jobs, localProviderRequests, payments } from '../../db/schema/index.ts';
import { loadSecretsKey } from '../../lib/secret-box.ts';
import { createPaymentService, type PaymentService } from './payments.service.ts';

describe('payments', () => {
  let t: TestContext;
  let service: PaymentService;
  let provider: PaymentProvider;
  /** The secret the app's local provider signs with, so this file's providers and the app's webhook route agree. */
  let secret: string;

  beforeAll(async () => {
    t = await createTestContext();
    secret = localWebhookSecret(loadSecretsKey({ secretsKey: undefined, dataDir: t.dataDir }));
    provider = localPaymentProvider({ db: t.database.db, webhookSecret: secret });
    service = createPaymentService({ db: t.database.db, provider, log: t.app.log, localWebhookSecret: secret });
  });
  afterAll(() => t.close());

  const request = chargeRequest;
  const providerCharges = async (key: string) =>
    t.database.db
      .select()
      .from(localProviderRequests)
      .where(eq(localProviderRequests.idempotencyKey, `charge:${key}`));

  describe('the local provider behaves like Stripe test mode', () => {
    it.each([
      [TEST_CARDS.success.number, 'Succeeded', null],
      [TEST_CARDS.success.token, 'Succeeded', null],
      [TEST_CARDS.declined.number, 'Failed', 'card_declined'],
      [TEST_CARDS.insufficientFunds.token, 'Failed', 'insufficient_funds'],
      [TEST_CARDS.authenticationRequired.number, 'Failed', 'authentication_required'],
      ['4111111111111111', 'Failed', 'payment_method_not_found'],
    ])('charges %s → %s %s', async (paymentMethod, status, failureCode) => {
      const row = await service.charge(request({ paymentMethod }));
      expect(row).toMatchObject({ status, failureCode });
    });

    it('answers a repeated key with the stored answer and refuses the key with other parameters', async () => {
      const key = `charge:${randomUUID()}`;
      const input = {
        amount: 10,
        currency: 'EUR',
        paymentMethod: TEST_CARDS.success.token,
        idempotencyKey: key,
        description: 'x',
      };
      const first = await provider.charge(input);
      expect(await provider.charge(input)).toEqual(first);
      await expect(provider.charge({ ...input, amount: 11 })).rejects.toThrow(/other parameters/);
    });
  });

  describe('never charges twice', () => {
    it('a repeated charge request with the same key is the same charge', async () => {
      const req = request();
      const [a, b] = [await service.charge(req), await service.charge(req)];
      expect(a.id).toBe(b.id);
      expect(await providerCharges(req.key)).toHaveLength(1);
      const rows = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, `charge:${req.key}`));
      expect(rows).toHaveLength(1);
    });

    it('a provider that charges and then drops its reply: pending, then reconciled to one charge', async () => {
      let drop = true;
      const lossy: PaymentProvider = {
        ...provider,
        async charge(input) {
          const outcome = await provider.charge(input);
          if (drop) {
            drop = false;
            throw new ProviderUnreachable('connection reset after the charge');
          }
          return outcome;
        },
      };
      const flaky = createPaymentService({ db: t.database.db, provider: lossy, log: t.app.log });
      const req = request();
      const pending = await flaky.charge(req);
      expect(pending.status).toBe('Pending');
      // The job written with the row is what settles it after a crash or a lost reply.
      const [job] = await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `payments.reconcile:${pending.id}`));
      expect(job).toMatchObject({ kind: 'payments.reconcile', payload: { paymentId: pending.id } });
      expect(await flaky.reconcile(pending.id)).toBeUndefined();
      const settled = await flaky.charge(req);
      expect(settled).toMatchObject({ id: pending.id, status: 'Succeeded' });
      expect(await providerCharges(req.key)).toHaveLength(1);
    });

    it('a provider that never answers leaves the payment pending and the job asks again later', async () => {
      const silent: PaymentProvider = {
        ...provider,
        charge: async () => {
          throw new ProviderUnreachable();
        },
      };
      const flaky = createPaymentService({ db: t.database.db, provider: silent, log: t.app.log });
      const pending = await flaky.charge(request());
      const outcome = await flaky.reconcile(pending.id);
      expect(outcome?.runAt.getTime()).toBeGreaterThan(Date.now());
      expect((await service.reconcile(pending.id)) ?? null).toBeNull();
    });
  });

  describe('refunds', () => {
    it('100 concurrent full refunds of one payment make exactly one refund', async () => {
      const charge = await service.charge(request({ amount: 40 }));
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) =>
          service.refund({ chargeId: charge.id, amount: 40, reason: 'Order ended early', key: `${charge.id}:${i}` }),
        ),
      );
      const succeeded = results.filter((r) => r.status === 'fulfilled');
      expect(succeeded).toHaveLength(1);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(new Set(refused.map((r) => (r as PromiseRejectedResult).reason.code))).toEqual(
        new Set(['RefundExceedsPaid']),
      );
      const refunds = await t.database.db.select().from(payments).where(eq(payments.parentId, charge.id));
      expect(refunds.map((r) => [r.amount, r.status])).toEqual([[40, 'Succeeded']]);
      const atProvider = await t.database.db
        .select()
        .from(localProviderRequests)
        .where(like(localProviderRequests.idempotencyKey, `refund:${charge.id}:%`));
      expect(atProvider).toHaveLength(1);
    });

    it('partial refunds add up to at most what was paid; a repeated refund key is the same refund', async () => {
      const charge = await service.charge(request({ amount: 30 }));
      const first = await service.refund({
        chargeId: charge.id,
        amount: 12.5,
        reason: 'exempt',
        key: `${charge.id}:a`,
      });
      const again = await service.refund({
        chargeId: charge.id,
        amount: 12.5,
        reason: 'exempt',
        key: `${charge.id}:a`,
      });
      expect(again.id).toBe(first.id);
      await service.refund({ chargeId: charge.id, amount: 17.5, reason: 'rest', key: `${charge.id}:b` });
      await expect(
        service.refund({ chargeId: charge.id, amount: 0.01, reason: 'one cent more', key: `${charge.id}:c` }),
      ).rejects.toMatchObject({ code: 'RefundExceedsPaid', data: { paid: 30, refundable: 0 } });
    });

    it('refuses to refund a failed charge', async () => {
      const failed = await service.charge(request({ paymentMethod: TEST_CARDS.declined.token }));
      await expect(
        service.refund({ chargeId: failed.id, amount: 1, reason: 'x', key: randomUUID() }),
      ).rejects.toMatchObject({
        code: 'Conflict',
      });
    });
  });

  describe('webhooks', () => {
    const deliver = (body: string, signature: string | undefined) => deliverWebhook(t.app, 'local', body, signature);

    it('applies each event once, whatever the order and the number of deliveries', async () => {
      // Payments asked of a provider whose answers were all lost: only the webhooks tell the outcome.
      const lost: PaymentProvider = {
        ...provider,
        async charge(input) {
          await provider.charge(input);
          throw new ProviderUnreachable();
        },
      };
      const flaky = createPaymentService({ db: t.database.db, provider: lost, log: t.app.log });
      const asked = [
        await flaky.charge(request()),
        await flaky.charge(request({ paymentMethod: TEST_CARDS.declined.number })),
        await flaky.charge(request({ paymentMethod: TEST_CARDS.insufficientFunds.number })),
      ];
      expect(asked.every((p) => p.status === 'Pending')).toBe(true);
      const keys = asked.map((p) => p.idempotencyKey);
      const events = (await t.database.db.select().from(jobs).where(eq(jobs.kind, LOCAL_WEBHOOK_JOB)))
        .map((j) => String((j.payload as { body: string }).body))
        .filter((body) => keys.includes(JSON.parse(body).idempotencyKey));
      expect(events).toHaveLength(3);

      // Every event three times, in a random order, through the HTTP route.
      const shuffled = [...events, ...events, ...events].sort(() => Math.random() - 0.5);
      const answers: { received: boolean; duplicate: boolean }[] = [];
      for (const body of shuffled) {
        const res = await deliver(body, signWebhook(secret, body));
        expect(res.statusCode, res.body).toBe(200);
        answers.push(res.json());
      }
      expect(answers.filter((a) => !a.duplicate)).toHaveLength(3);
      const settled = await t.database.db
        .select()
        .from(payments)
        .where(
          sql`${payments.idempotencyKey} in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        );
      expect(Object.fromEntries(settled.map((p) => [p.idempotencyKey, [p.status, p.failureCode]]))).toEqual({
        [keys[0] as string]: ['Succeeded', null],
        [keys[1] as string]: ['Failed', 'card_declined'],
        [keys[2] as string]: ['Failed', 'insufficient_funds'],
      });
    });

    it('refuses a bad signature, an old event and an unsigned one, changing nothing', async () => {
      const body = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'charge.succeeded',
        idempotencyKey: 'x',
        ref: 'ch_x',
        created: 0,
      });
      const bad = await deliver(body, signWebhook('another secret', body));
      expect(errorOf(bad)).toMatchObject({ code: 'WebhookSignatureInvalid', message: 'The signature does not match' });
      const old = await deliver(body, signWebhook('whatever', body, new Date(Date.now() - 10 * 60_000)));
      expect(errorOf(old).message).toBe('The webhook is too old (or from the future)');
      expect(errorOf(await deliver(body, undefined)).code).toBe('WebhookSignatureInvalid');
      expect((await deliver(body, 't=1,v1=zz')).statusCode).toBe(400);
    });
  });
});
