import { randomUUID } from 'node:crypto';
import type { PaymentProviderName } from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import {
  LOCAL_WEBHOOK_JOB,
  type PaymentProvider,
  type ProviderOutcome,
  ProviderUnreachable,
  signWebhook,
  WebhookRejected,
} from '../../adapters/payments.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import { enqueueJobs, type Job, type JobHandler, type JobOutcome } from '../../jobs/queue.ts';
import * as repo from './payments.repo.ts';

export const RECONCILE_JOB = 'payments.reconcile';
/** A payment still pending this long after it was asked is asked again (with its key) by the reconcile job. */
const RECONCILE_AFTER_MS = 30_000;
/** Providers keep idempotency keys for 24 hours; past that a retry could charge again, so we stop and say so. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface ChargeRequest {
  customerId: string | null;
  subjectType: string;
  subjectId: string;
  amount: number;
  currency: string;
  paymentMethod: string;
  /** Derived from our own ids (e.g. `order-fee:<feeId>:<attempt>`): the same key is the same charge. */
  key: string;
  description: string;
}

const cents = (amount: number) => Math.round(amount * 100);

export function createPaymentService(deps: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The local provider's webhook secret, to deliver its events as Stripe would. */
  localWebhookSecret?: string;
}) {
  const { db, provider } = deps;

  /** Asks the provider for a pending row's outcome (a retry reuses the key) and settles the row with it. */
  async function askProvider(row: repo.PaymentRow): Promise<repo.PaymentRow> {
    let outcome: ProviderOutcome;
    try {
      if (row.kind === 'charge') {
        outcome = await provider.charge({
          amount: row.amount,
          currency: row.currency,
          paymentMethod: row.paymentMethod ?? '',
          idempotencyKey: row.idempotencyKey,
          description: row.reason ?? row.subjectType,
        });
      } else {
        const charge = await repo.byId(db, row.parentId as string);
        outcome = await provider.refund({
          chargeRef: charge?.providerRef ?? '',
          amount: row.amount,
          idempotencyKey: row.idempotencyKey,
        });
      }
    } catch (error) {
      if (!(error instanceof ProviderUnreachable)) throw error;
      deps.log.warn({ paymentId: row.id }, 'payment provider did not answer; the reconcile job asks again');
      return row;
    }
    const settled = await repo.settle(
      db,
      row.id,
      outcome.status === 'succeeded'
        ? { status: 'Succeeded', providerRef: outcome.ref }
        : { status: 'Failed', providerRef: outcome.ref, failureCode: outcome.code, failureMessage: outcome.message },
    );
    // Not settled here: a webhook or the reconcile job was first; the row says how.
    return settled ?? ((await repo.byId(db, row.id)) as repo.PaymentRow);
  }

  const reconcileJob = (id: string) => ({
    kind: RECONCILE_JOB,
    key: `${RECONCILE_JOB}:${id}`,
    payload: { paymentId: id },
    runAt: new Date(Date.now() + RECONCILE_AFTER_MS),
  });

  /** Settles a payment still pending after its answer was lost; past the key's lifetime it is marked failed. */
  async function reconcile(paymentId: string): Promise<JobOutcome> {
    const row = await repo.byId(db, paymentId);
    if (row?.status !== 'Pending') return undefined;
    if (Date.now() - row.createdAt.getTime() > KEY_LIFETIME_MS) {
      await repo.settle(db, row.id, {
        status: 'Failed',
        providerRef: null,
        failureCode: 'provider_error',
        failureMessage: 'The provider never answered within the idempotency key lifetime; check it by hand',
      });
      return undefined;
    }
    const after = await askProvider(row);
    return after.status === 'Pending' ? { runAt: new Date(Date.now() + RECONCILE_AFTER_MS) } : undefined;
  }

  /** The provider's event of a webhook body, or a 400 when its signature or age is refused. */
  function verifiedEvent(rawBody: string, signature: string | undefined) {
    try {
      return provider.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookRejected) throw new DomainError('WebhookSignatureInvalid', 400, error.message);
      throw error;
    }
  }

  const service = {
    /**
     * Charges once per key: the ledger row (Pending) and its reconcile job are written before the provider is
     * called, so a lost answer or a crash ends in a retry with the same key — never a second charge.
     */
    async charge(request: ChargeRequest): Promise<repo.PaymentRow> {
      const { row, created } = await db.transaction((tx) => service.writeCharge(tx, request));
      if (!created && row.status !== 'Pending') return row;
      return askProvider(row);
    },

    /**
     * The first step of `charge` inside the caller's transaction: the ledger row (Pending) and its reconcile job,
     * written together with the caller's own rows (e.g. a ticket's last charge time under its row lock). The
     * caller then calls `charge` with the same request after the commit, which asks the provider for that row.
     */
    async writeCharge(tx: DbOrTx, request: ChargeRequest): Promise<{ row: repo.PaymentRow; created: boolean }> {
      const written = await repo.insertOnce(tx, {
        id: randomUUID(),
        kind: 'charge',
        customerId: request.customerId,
        subjectType: request.subjectType,
        subjectId: request.subjectId,
        amount: request.amount,
        currency: request.currency,
        provider: provider.name,
        paymentMethod: request.paymentMethod,
        idempotencyKey: `charge:${request.key}`,
        reason: request.description,
      });
      if (written.created) await enqueueJobs(tx, [reconcileJob(written.row.id)]);
      return written;
    },

    /**
     * A charge refused before the provider was asked (e.g. no e-mail for the receipt), kept in the ledger as a
     * Failed attempt with its reason so the payment history says why nothing was charged. No provider call, no job.
     */
    async recordRefusedCharge(
      tx: DbOrTx,
      request: ChargeRequest,
      failure: { code: string; message: string },
    ): Promise<repo.PaymentRow> {
      const { row, created } = await repo.insertOnce(tx, {
        id: randomUUID(),
        kind: 'charge',
        customerId: request.customerId,
        subjectType: request.subjectType,
        subjectId: request.subjectId,
        amount: request.amount,
        currency: request.currency,
        provider: provider.name,
        paymentMethod: request.paymentMethod,
        idempotencyKey: `charge:${request.key}`,
        reason: request.description,
      });
      if (!created) return row;
      return (await repo.settle(tx, row.id, {
        status: 'Failed',
        providerRef: null,
        failureCode: failure.code,
        failureMessage: failure.message,
      })) as repo.PaymentRow;
    },

    /**
     * Refunds part or all of a succeeded charge. The charge is locked while the refunds are added up, so
     * concurrent refunds never return more than was paid (422 RefundExceedsPaid).
     */
    async refund(request: { chargeId: string; amount: number; reason: string; key: string }): Promise<repo.PaymentRow> {
      const row = await db.transaction(async (tx) => {
        const charge = await repo.byId(tx, request.chargeId, { lock: true });
        if (charge?.kind !== 'charge') throw notFound('No such charge');
        const idempotencyKey = `refund:${request.key}`;
        const again = await repo.byKey(tx, idempotencyKey);
        if (again) return again;
        if (charge.status !== 'Succeeded')
          throw new DomainError('Conflict', 409, 'Only a charge that succeeded can be refunded', {
            status: charge.status,
          });
        const refundable = cents(charge.amount) - (await repo.refundedCents(tx, charge.id));
        if (cents(request.amount) > refundable) {
          throw new DomainError(
            'RefundExceedsPaid',
            422,
            'A refund cannot be more than what was paid and not yet refunded',
            {
              paid: charge.amount,
              refundable: refundable / 100,
            },
          );
        }
        const { row: written } = await repo.insertOnce(tx, {
          id: randomUUID(),
          kind: 'refund',
          customerId: charge.customerId,
          subjectType: charge.subjectType,
          subjectId: charge.subjectId,
          parentId: charge.id,
          amount: request.amount,
          currency: charge.currency,
          provider: charge.provider,
          idempotencyKey,
          reason: request.reason,
        });
        await enqueueJobs(tx, [reconcileJob(written.id)]);
        return written;
      });
      if (row.status !== 'Pending') return row;
      return askProvider(row);
    },

    /** A signed provider event: applied once, whatever the order or the number of deliveries. */
    async receiveWebhook(providerName: PaymentProviderName, rawBody: string, signature: string | undefined) {
      if (providerName !== provider.name)
        throw new DomainError('WebhookSignatureInvalid', 400, `Webhooks of ${providerName} are not configured here`);
      const applied = verifiedEvent(rawBody, signature);
      if (!applied) return { received: true, duplicate: false };
      return db.transaction(async (tx) => {
        if (!(await repo.recordEvent(tx, providerName, applied.id, applied.type)))
          return { received: true, duplicate: true };
        const row = await repo.byKey(tx, applied.idempotencyKey);
        // An event about a payment we never asked for (another system on the same account) is acknowledged only.
        if (row) {
          const succeeded = applied.type === 'charge.succeeded' || applied.type === 'refund.succeeded';
          await repo.settle(
            tx,
            row.id,
            succeeded
              ? { status: 'Succeeded', providerRef: applied.ref }
              : {
                  status: 'Failed',
                  providerRef: applied.ref,
                  ...(applied.code ? { failureCode: applied.code } : {}),
                  ...(applied.message ? { failureMessage: applied.message } : {}),
                },
          );
        }
        return { received: true, duplicate: false };
      });
    },

    reconcile,

    byId: (id: string) => repo.byId(db, id),
    /** The payment written with an idempotency key (`charge:…`, `refund:…`), if any. */
    byKey: (idempotencyKey: string) => repo.byKey(db, idempotencyKey),
    /** Cents already refunded (or being refunded) of a charge. */
    refundedCents: (chargeId: string) => repo.refundedCents(db, chargeId),

    /** The background jobs of payments: reconcile, and the local provider's webhook deliveries. */
    jobHandlers(): Record<string, JobHandler> {
      const handlers: Record<string, JobHandler> = {
        [RECONCILE_JOB]: (job: Job) => reconcile(String(job.payload.paymentId)),
      };
      const secret = deps.localWebhookSecret;
      if (secret) {
        handlers[LOCAL_WEBHOOK_JOB] = async (job: Job) => {
          const body = String(job.payload.body);
          await service.receiveWebhook('local', body, signWebhook(secret, body));
          return undefined;
        };
      }
      return handlers;
    },
  };
  return service;
}

export type PaymentService = ReturnType<typeof createPaymentService>;
