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

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

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
    const outcome = outcomes[method];
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
    const route = `${req.method} ${req.url}`;
    const key = req.headers['idempotency-key'];
    const signature = `${route} ${JSON.stringify(form)}`;
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
      if (route === 'POST /v1/payment_intents') result = paymentIntent(form);
      else if (route === 'POST /v1/refunds') result = refund(form);
      else result = error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` });
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
