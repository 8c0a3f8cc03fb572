import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_CARDS } from '@fleetdesk/contracts';

/**
 * A local fake of the part of Stripe's HTTP API we call (POST /v1/payment_intents, POST /v1/refunds), faithful where
 * it matters to us: secret-key auth, form-encoded bodies, `Idempotency-Key` replay (the same key and parameters get
 * the stored answer, other parameters a 400 idempotency_error), the published test payment methods, refunds bounded
 * by what is left on the payment, Stripe's error shapes and status codes, and events signed the way Stripe signs
 * webhooks. It can also lose its replies after acting, as a network can.
 */
export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The next n requests are carried out, then the connection is cut before the answer. */
  dropReplies(n: number): void;
  /** The next n requests get a 500 api_error without being carried out. */
  failRequests(n: number): void;
  /** How many PaymentIntents and Refunds exist: what was really charged and refunded. */
  counts(): { intents: number; succeededIntents: number; refunds: number };
  /** The events so far, as Stripe would POST them. */
  events(): { body: string; id: string; type: string }[];
  /**
   * What Stripe Elements does in the browser with `stripe.confirmCardSetup(clientSecret, …)`: the card (given as one
   * of Stripe's test tokens) becomes a PaymentMethod attached to the SetupIntent's customer; a declining card fails.
   */
  confirmSetup(clientSecret: string, card: string): { paymentMethod: string } | { error: string };
  /** How many Stripe customers exist. */
  customers(): number;
  /** A `Stripe-Signature` header for a body, signed now (or at `at`). */
  sign(body: string, at?: Date): string;
  close(): Promise<void>;
}

interface Stored {
  signature: string;
  status: number;
  body: unknown;
}

const outcomes: Record<string, { code: string; decline_code?: string; message: string } | null> = {
  [TEST_CARDS.success.token]: null,
  [TEST_CARDS.mastercard.token]: null,
  [TEST_CARDS.amex.token]: null,
  [TEST_CARDS.declined.token]: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  [TEST_CARDS.insufficientFunds.token]: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  [TEST_CARDS.authenticationRequired.token]: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

// Letters and digits only, as Stripe's ids are.
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(raw))));
    req.on('error', reject);
  });
}

const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
  );

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const intents = new Map<string, { id: string; amount: number; status: string; metadata: Record<string, string> }>();
  const refunds = new Map<string, { id: string; amount: number; paymentIntent: string }>();
  const stored = new Map<string, Stored>();
  const customers = new Map<string, { id: string; metadata: Record<string, string> }>();
  const setupIntents = new Map<string, { id: string; customer: string; clientSecret: string; status: string }>();
  /** Saved PaymentMethods: the test token they were made from, the customer they are attached to, the card. */
  const methods = new Map<string, { token: string; customer: string | null; last4: string; brand: string }>();
  const events: { body: string; id: string; type: string }[] = [];
  let drop = 0;
  let fail = 0;

  const event = (type: string, object: unknown) => {
    const e = { id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } };
    events.push({ id: e.id, type, body: JSON.stringify(e) });
  };
  const error = (status: number, body: Record<string, unknown>): Omit<Stored, 'signature'> => ({
    status,
    body: { error: body },
  });

  function paymentIntent(form: Record<string, string>): Omit<Stored, 'signature'> {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        message: 'Amount must be at least 50 cents',
      });
    const method = form.payment_method ?? '';
    const saved = methods.get(method);
    // A saved card is charged only with its customer named, as Stripe refuses otherwise.
    if (saved?.customer && saved.customer !== form.customer)
      return error(400, {
        type: 'invalid_request_error',
        code: 'payment_method_not_available',
        message: `The PaymentMethod ${method} does not belong to the Customer you supplied.`,
      });
    const outcome = outcomes[saved?.token ?? method];
    if (outcome === undefined)
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such PaymentMethod: '${method}'`,
        param: 'payment_method',
      });
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      currency: form.currency,
      status: outcome ? 'requires_payment_method' : 'succeeded',
      metadata: metadataOf(form),
      last_payment_error: outcome ? { type: 'card_error', ...outcome } : null,
    };
    intents.set(intent.id, intent);
    if (!outcome) {
      event('payment_intent.succeeded', intent);
      return { status: 200, body: intent };
    }
    event('payment_intent.payment_failed', intent);
    return error(402, { type: 'card_error', ...outcome, payment_intent: intent });
  }

  function refund(form: Record<string, string>): Omit<Stored, 'signature'> {
    const intent = intents.get(form.payment_intent ?? '');
    if (intent?.status !== 'succeeded')
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${form.payment_intent}'`,
      });
    const refunded = [...refunds.values()]
      .filter((r) => r.paymentIntent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount ? Number(form.amount) : intent.amount - refunded;
    if (amount > intent.amount - refunded)
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`,
      });
    const r = {
      id: id('re'),
      object: 'refund',
      amount,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: metadataOf(form),
    };
    refunds.set(r.id, { id: r.id, amount, paymentIntent: intent.id });
    event('refund.created', r);
    return { status: 200, body: r };
  }

  function customerCreate(form: Record<string, string>): Omit<Stored, 'signature'> {
    const c = { id: id('cus'), object: 'customer', metadata: metadataOf(form) };
    customers.set(c.id, c);
    return { status: 200, body: c };
  }

  function setupIntentCreate(form: Record<string, string>): Omit<Stored, 'signature'> {
    if (!customers.has(form.customer ?? ''))
      return error(400, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' });
    const si = {
      id: id('seti'),
      customer: form.customer as string,
      status: 'requires_payment_method',
      clientSecret: '',
    };
    si.clientSecret = `${si.id}_secret_${randomBytes(8).toString('hex')}`;
    setupIntents.set(si.id, si);
    return {
      status: 200,
      body: {
        id: si.id,
        object: 'setup_intent',
        customer: si.customer,
        status: si.status,
        client_secret: si.clientSecret,
      },
    };
  }

  const methodBody = (pmId: string) => {
    const m = methods.get(pmId);
    if (!m)
      return error(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' });
    return {
      status: 200,
      body: {
        id: pmId,
        object: 'payment_method',
        type: 'card',
        customer: m.customer,
        card: { brand: m.brand, last4: m.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
      },
    };
  };

  function answerOf(method: string, url: string, form: Record<string, string>): Omit<Stored, 'signature'> {
    const route = `${method} ${url}`;
    if (route === 'POST /v1/payment_intents') return paymentIntent(form);
    if (route === 'POST /v1/refunds') return refund(form);
    if (route === 'POST /v1/customers') return customerCreate(form);
    if (route === 'POST /v1/setup_intents') return setupIntentCreate(form);
    const customer = url.match(/^\/v1\/customers\/(\w+)$/);
    if (method === 'GET' && customer) {
      const c = customers.get(customer[1] as string);
      return c
        ? { status: 200, body: { ...c, object: 'customer' } }
        : error(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' });
    }
    const pm = url.match(/^\/v1\/payment_methods\/(\w+)(\/attach)?$/);
    if (pm && method === 'GET') return methodBody(pm[1] as string);
    if (pm?.[2] && method === 'POST') {
      const m = methods.get(pm[1] as string);
      const declined = m ? outcomes[m.token] : null;
      if (declined) return error(402, { type: 'card_error', ...declined });
      if (m) m.customer = form.customer ?? null;
      return methodBody(pm[1] as string);
    }
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const answer = (s: Omit<Stored, 'signature'>, headers: Record<string, string> = {}) => {
      res.writeHead(s.status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
      res.end(JSON.stringify(s.body));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return answer(error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }));
    const form = await readForm(req);
    if (fail > 0) {
      fail--;
      return answer(error(500, { type: 'api_error', message: 'An unknown error occurred' }));
    }
    const key = req.headers['idempotency-key'];
    const signature = `${req.method} ${req.url} ${JSON.stringify(form)}`;
    let result: Omit<Stored, 'signature'>;
    const replay = typeof key === 'string' ? stored.get(key) : undefined;
    if (replay && replay.signature !== signature) {
      result = error(400, {
        type: 'idempotency_error',
        message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      });
    } else if (replay) {
      result = replay;
    } else {
      result = answerOf(req.method ?? '', (req.url ?? '').split('?')[0] ?? '', form);
      // Stripe keeps the answer of a request that reached its API, errors included (except 5xx).
      if (typeof key === 'string') stored.set(key, { signature, ...result });
    }
    if (drop > 0) {
      drop--;
      res.socket?.destroy();
      return;
    }
    answer(result, replay ? { 'idempotent-replayed': 'true' } : {});
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    dropReplies: (n) => {
      drop = n;
    },
    failRequests: (n) => {
      fail = n;
    },
    counts: () => ({
      intents: intents.size,
      succeededIntents: [...intents.values()].filter((i) => i.status === 'succeeded').length,
      refunds: refunds.size,
    }),
    events: () => [...events],
    confirmSetup(clientSecret, card) {
      const si = [...setupIntents.values()].find((i) => i.clientSecret === clientSecret);
      if (!si) return { error: 'No such SetupIntent' };
      const outcome = outcomes[card];
      if (outcome) return { error: outcome.message };
      const number = Object.values(TEST_CARDS).find((c) => c.token === card)?.number ?? '4242424242424242';
      const pmId = id('pm');
      const brand = number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'amex';
      methods.set(pmId, { token: card, customer: si.customer, last4: number.slice(-4), brand });
      si.status = 'succeeded';
      return { paymentMethod: pmId };
    },
    customers: () => customers.size,
    sign(body, at = new Date()) {
      const t = Math.floor(at.getTime() / 1000);
      return `t=${t},v1=${createHmac('sha256', webhookSecret).update(`${t}.${body}`).digest('hex')}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
