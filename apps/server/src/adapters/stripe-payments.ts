import {
  CARD_ERRORS,
  type CardErrorCode,
  type PaymentFailureCode,
  paymentFailureCodes,
  WEBHOOK_TOLERANCE_SECONDS,
} from '@fleetdesk/contracts';
import Stripe from 'stripe';
import {
  type PaymentProvider,
  type ProviderOutcome,
  ProviderUnreachable,
  type WebhookEvent,
  WebhookRejected,
} from './payments.ts';
import type { CardProvider } from './payments-cards.ts';

/**
 * The metadata field that carries our idempotency key on every PaymentIntent and Refund: a webhook names the
 * object, not the request, and this is how an event finds its ledger row.
 */
export const STRIPE_KEY_FIELD = 'fleetdesk_key';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another base URL for the API (a local fake, stripe-mock); Stripe's own by default. */
  apiUrl?: string | undefined;
  timeoutMs?: number;
}

const cents = (amount: number) => Math.round(amount * 100);

function failureCode(code: string | undefined, declineCode: string | undefined): PaymentFailureCode {
  for (const c of [declineCode, code]) {
    if (c && (paymentFailureCodes as readonly string[]).includes(c)) return c as PaymentFailureCode;
  }
  if (code === 'resource_missing') return 'payment_method_not_found';
  return code === 'card_declined' || declineCode ? 'card_declined' : 'provider_error';
}

/**
 * What a Stripe error means for the payment. A card error or a refused request is a final answer; a network error,
 * a 5xx, a rate limit or a key Stripe refuses (our misconfiguration, not the customer's) leave the outcome unknown:
 * the row stays pending and the reconcile job asks again with the same idempotency key.
 */
function outcomeOfError(error: unknown): ProviderOutcome {
  if (error instanceof Stripe.errors.StripeCardError) {
    return {
      status: 'failed',
      ref: error.payment_intent?.id ?? null,
      code: failureCode(error.code, error.decline_code),
      message: error.message,
    };
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    // Our keys are derived from our own ids and always sent with the same parameters: this is a bug, say so loudly.
    throw error;
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return { status: 'failed', ref: null, code: failureCode(error.code, undefined), message: error.message };
  }
  if (error instanceof Stripe.errors.StripeError) throw new ProviderUnreachable(`Stripe: ${error.message}`);
  // Not Stripe's (our own ProviderUnreachable for a payment still processing included): passed on as it is.
  throw error;
}

function eventOf(event: Stripe.Event): WebhookEvent | null {
  const object = event.data.object as {
    id?: string;
    status?: string;
    metadata?: Record<string, string> | null;
    last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
    failure_reason?: string | null;
  };
  const key = object.metadata?.[STRIPE_KEY_FIELD];
  // Not one of ours (another integration on the account), or not an outcome: acknowledged, nothing to apply.
  if (!key || !object.id) return null;
  const base = { id: event.id, idempotencyKey: key, ref: object.id, created: event.created };
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { ...base, type: 'charge.succeeded' };
    case 'payment_intent.payment_failed': {
      const e = object.last_payment_error;
      return {
        ...base,
        type: 'charge.failed',
        code: failureCode(e?.code, e?.decline_code),
        message: e?.message ?? 'The payment failed.',
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      if (object.status === 'succeeded') return { ...base, type: 'refund.succeeded' };
      if (object.status === 'failed' || object.status === 'canceled')
        return {
          ...base,
          type: 'refund.failed',
          code: 'provider_error',
          message: object.failure_reason ?? 'The refund failed.',
        };
      return null;
    default:
      return null;
  }
}

function stripeClient(opts: StripeProviderOptions) {
  const url = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: 0,
    timeout: opts.timeoutMs ?? 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'http:' ? 80 : 443),
          protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/**
 * A card taken in the console is saved on a Stripe customer, and Stripe charges such a payment method only with its
 * customer named: our reference keeps both as `cus_…/pm_…` (a test token such as pm_card_visa stands alone).
 */
export const stripeMethodRef = (customer: string, paymentMethod: string) => `${customer}/${paymentMethod}`;
function splitMethodRef(ref: string): { customer?: string; paymentMethod: string } {
  const [customer, paymentMethod] = ref.split('/');
  return paymentMethod && customer ? { customer, paymentMethod } : { paymentMethod: ref };
}

/**
 * Stripe through its official library. Charges are PaymentIntents confirmed off-session with the customer's saved
 * payment method; refunds are Refunds of a PaymentIntent. Each carries our idempotency key twice: as Stripe's
 * `Idempotency-Key` (a retry after a lost reply gets the first answer, never a second charge) and in metadata (so a
 * webhook finds its ledger row). The library's own retries are off: the ledger's reconcile job is the one retry
 * loop, and it always resends the same key.
 */
export function stripePaymentProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(opts);

  return {
    name: 'stripe',
    async charge(input) {
      try {
        const method = splitMethodRef(input.paymentMethod);
        const intent = await stripe.paymentIntents.create(
          {
            amount: cents(input.amount),
            currency: input.currency.toLowerCase(),
            payment_method: method.paymentMethod,
            ...(method.customer ? { customer: method.customer } : {}),
            confirm: true,
            off_session: true,
            description: input.description,
            metadata: { [STRIPE_KEY_FIELD]: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', ref: intent.id };
        if (intent.status === 'requires_action' || intent.status === 'requires_payment_method') {
          return {
            status: 'failed',
            ref: intent.id,
            code: 'authentication_required',
            message: 'This payment requires the customer to authenticate.',
          };
        }
        // processing (a SEPA debit takes days): the webhook settles it.
        throw new ProviderUnreachable(`Stripe: the payment is ${intent.status}`);
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.chargeRef,
            amount: cents(input.amount),
            metadata: { [STRIPE_KEY_FIELD]: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === 'succeeded') return { status: 'succeeded', ref: refund.id };
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return {
            status: 'failed',
            ref: refund.id,
            code: 'provider_error',
            message: refund.failure_reason ?? 'The refund failed.',
          };
        }
        throw new ProviderUnreachable(`Stripe: the refund is ${refund.status}`);
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    verifyWebhook(rawBody, header, now = new Date()) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          header ?? '',
          opts.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) throw new WebhookRejected(error.message);
        throw error;
      }
      return eventOf(event);
    },
  };
}

/**
 * Taking a card as Stripe's dashboard does: a Stripe customer per Fleetdesk customer (made once, by an idempotency
 * key of our id), a SetupIntent for off-session use that Stripe Elements confirms in the browser with the card, then
 * the confirmed payment method read back (attached to that customer if Elements has not done it).
 */
export function stripeCardProvider(opts: StripeProviderOptions): CardProvider {
  const stripe = stripeClient(opts);
  async function customerOf(customerId: string, known: string | null) {
    if (known) return known;
    const created = await stripe.customers.create(
      { metadata: { fleetdesk_customer: customerId } },
      { idempotencyKey: `customer:${customerId}` },
    );
    return created.id;
  }
  return {
    name: 'stripe',
    async setup({ customerId, providerCustomer }) {
      const customer = await customerOf(customerId, providerCustomer);
      const intent = await stripe.setupIntents.create({
        customer,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { fleetdesk_customer: customerId },
      });
      return { clientSecret: intent.client_secret };
    },
    async attach({ customerId, paymentMethod, providerCustomer }) {
      try {
        let method = await stripe.paymentMethods.retrieve(paymentMethod);
        const customer = typeof method.customer === 'string' ? method.customer : method.customer?.id;
        // A payment method saved on another Stripe customer (another of our customers) is not this one's to use.
        if (customer && customer !== providerCustomer) {
          const owner = await stripe.customers.retrieve(customer);
          if (owner.deleted || owner.metadata.fleetdesk_customer !== customerId)
            return { status: 'declined', code: 'card_declined', message: CARD_ERRORS.card_declined };
        }
        const owner = customer ?? (await customerOf(customerId, providerCustomer));
        if (!customer) method = await stripe.paymentMethods.attach(paymentMethod, { customer: owner });
        const card = method.card;
        if (!card) return { status: 'declined', code: 'card_declined', message: CARD_ERRORS.card_declined };
        return {
          status: 'attached',
          ref: stripeMethodRef(owner, method.id),
          card: { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year },
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const code = (error.decline_code ?? error.code ?? 'card_declined') as CardErrorCode;
          return { status: 'declined', code: code in CARD_ERRORS ? code : 'card_declined', message: error.message };
        }
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { status: 'declined', code: 'card_declined', message: error.message };
        throw error;
      }
    },
  };
}
