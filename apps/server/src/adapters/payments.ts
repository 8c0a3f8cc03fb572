import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type PaymentFailureCode, SETUP_TEST_CARDS, TEST_CARDS, WEBHOOK_TOLERANCE_SECONDS } from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../db/client.ts';
import { enqueueJobs } from '../jobs/queue.ts';
import * as requests from './local-payments.repo.ts';
import { localCardNumber } from './payments-cards.ts';

export interface ChargeInput {
  amount: number;
  currency: string;
  paymentMethod: string;
  idempotencyKey: string;
  description: string;
}
export interface RefundInput {
  chargeRef: string;
  amount: number;
  idempotencyKey: string;
}
/** What the provider answered: a final outcome. A call that got no answer throws ProviderUnreachable instead. */
export type ProviderOutcome =
  | { status: 'succeeded'; ref: string }
  | { status: 'failed'; ref: string | null; code: PaymentFailureCode; message: string };

export type WebhookEventType = 'charge.succeeded' | 'charge.failed' | 'refund.succeeded' | 'refund.failed';
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  /** The idempotency key we sent with the request the event is about. */
  idempotencyKey: string;
  ref: string | null;
  code?: PaymentFailureCode;
  message?: string;
  created: number;
}

/** The provider may or may not have acted: the outcome is unknown and the request must be retried with its key. */
export class ProviderUnreachable extends Error {
  constructor(message = 'The payment provider did not answer') {
    super(message);
    this.name = 'ProviderUnreachable';
  }
}
export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRejected';
  }
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  charge(input: ChargeInput): Promise<ProviderOutcome>;
  refund(input: RefundInput): Promise<ProviderOutcome>;
  /**
   * Checks signature and age of a webhook body and returns its event (WebhookRejected otherwise); null for an
   * authentic event that settles none of our payments (another type, another integration's object).
   */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now?: Date): WebhookEvent | null;
}

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: string, rawBody: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
}

export function verifySignature(secret: string, rawBody: string, header: string | undefined, now = new Date()) {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const [k, ...v] = part.split('=');
      return [k?.trim() ?? '', v.join('=')] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given))
    throw new WebhookRejected('The signature header is malformed');
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS)
    throw new WebhookRejected('The webhook is too old (or from the future)');
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookRejected('The signature does not match');
}

export const LOCAL_WEBHOOK_JOB = 'payments.local-webhook';

/** The local provider signs its webhooks with a secret derived from the secrets key: nothing to configure. */
export const localWebhookSecret = (secretsKey: Buffer) =>
  createHmac('sha256', secretsKey).update('local-payment-webhooks').digest('hex');

const cardOutcomes: Record<string, { code: PaymentFailureCode; message: string } | null> = {
  [TEST_CARDS.success.number]: null,
  [TEST_CARDS.success.token]: null,
  [TEST_CARDS.mastercard.number]: null,
  [TEST_CARDS.mastercard.token]: null,
  [TEST_CARDS.amex.number]: null,
  [TEST_CARDS.amex.token]: null,
  [TEST_CARDS.sepaDebit.number]: null,
  [TEST_CARDS.sepaDebit.token]: null,
  [TEST_CARDS.declined.number]: { code: 'card_declined', message: 'Your card was declined.' },
  [TEST_CARDS.declined.token]: { code: 'card_declined', message: 'Your card was declined.' },
  [TEST_CARDS.insufficientFunds.number]: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  [TEST_CARDS.insufficientFunds.token]: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  [TEST_CARDS.authenticationRequired.number]: {
    code: 'authentication_required',
    message: 'This payment requires the customer to authenticate.',
  },
  [TEST_CARDS.authenticationRequired.token]: {
    code: 'authentication_required',
    message: 'This payment requires the customer to authenticate.',
  },
  [SETUP_TEST_CARDS.chargeDeclinedAfterAttach.number]: { code: 'card_declined', message: 'Your card was declined.' },
  [SETUP_TEST_CARDS.chargeDeclinedAfterAttach.token]: { code: 'card_declined', message: 'Your card was declined.' },
};

const refOf = (prefix: string, key: string) =>
  `${prefix}_${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;
const cents = (amount: number) => Math.round(amount * 100);

/**
 * A provider that behaves like Stripe in test mode, with its state in our database (so it survives restarts and
 * is shared by every instance): the published test cards, idempotency keys (the same key and parameters get the
 * stored answer; other parameters are refused), refunds bounded by what was charged, and signed webhooks
 * delivered through the jobs table a moment later, as Stripe sends them.
 */
export function localPaymentProvider(deps: { db: Db; webhookSecret: string }): PaymentProvider {
  const { db } = deps;

  async function remembered(
    tx: DbOrTx,
    operation: string,
    key: string,
    params: Record<string, unknown>,
    decide: () => Promise<ProviderOutcome>,
    eventType: (o: ProviderOutcome) => WebhookEventType,
  ): Promise<ProviderOutcome> {
    // One request per key at a time, as Stripe serialises them.
    await requests.lockKey(tx, key);
    const stored = await requests.requestOf(tx, key);
    if (stored) {
      if (stored.operation !== operation || JSON.stringify(stored.params) !== JSON.stringify(params))
        throw new Error(`Idempotency key ${key} was used with other parameters`);
      return stored.response as ProviderOutcome;
    }
    const outcome = await decide();
    await requests.insertRequest(tx, { idempotencyKey: key, operation, params, response: outcome });
    const event: WebhookEvent = {
      id: refOf('evt', `${key}:${outcome.status}`),
      type: eventType(outcome),
      idempotencyKey: key,
      ref: outcome.ref,
      ...(outcome.status === 'failed' ? { code: outcome.code, message: outcome.message } : {}),
      created: Math.floor(Date.now() / 1000),
    };
    await enqueueJobs(tx, [{ kind: LOCAL_WEBHOOK_JOB, key: event.id, payload: { body: JSON.stringify(event) } }]);
    return outcome;
  }

  return {
    name: 'local',
    charge(input) {
      const params = { amount: cents(input.amount), currency: input.currency, paymentMethod: input.paymentMethod };
      return db.transaction((tx) =>
        remembered(
          tx,
          'charge',
          input.idempotencyKey,
          params,
          async () => {
            // A card staff took at the counter is charged as its test number answers.
            const method = await localCardNumber(tx, input.paymentMethod);
            const decline = cardOutcomes[method.replace(/\s/g, '')];
            const ref = refOf('ch', input.idempotencyKey);
            if (decline === undefined)
              return {
                status: 'failed',
                ref: null,
                code: 'payment_method_not_found',
                message: 'No such payment method.',
              };
            return decline ? { status: 'failed', ref, ...decline } : { status: 'succeeded', ref };
          },
          (o) => (o.status === 'succeeded' ? 'charge.succeeded' : 'charge.failed'),
        ),
      );
    },
    refund(input) {
      const params = { chargeRef: input.chargeRef, amount: cents(input.amount) };
      return db.transaction(async (tx) => {
        await requests.lockKey(tx, input.chargeRef);
        return remembered(
          tx,
          'refund',
          input.idempotencyKey,
          params,
          async () => {
            const { charged, refunded } = await requests.chargeBalance(tx, input.chargeRef);
            if (charged === null)
              return { status: 'failed', ref: null, code: 'payment_method_not_found', message: 'No such charge.' };
            if (params.amount > charged - refunded)
              return {
                status: 'failed',
                ref: null,
                code: 'amount_too_large',
                message: 'Refund amount is greater than the unrefunded amount on the charge.',
              };
            return { status: 'succeeded', ref: refOf('re', input.idempotencyKey) };
          },
          (o) => (o.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed'),
        );
      });
    },
    verifyWebhook(rawBody, header, now) {
      verifySignature(deps.webhookSecret, rawBody, header, now);
      try {
        return JSON.parse(rawBody) as WebhookEvent;
      } catch {
        throw new WebhookRejected('The webhook body is not JSON');
      }
    },
  };
}
