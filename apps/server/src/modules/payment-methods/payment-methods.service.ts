import { createHash, randomUUID } from 'node:crypto';
import {
  isSecretMask,
  MIXED_MODE_MESSAGE,
  type PaymentMethod,
  type PaymentMethodInput,
  type PaymentMethodListQuery,
  type PaymentMethodType,
  type PaymentMethodUpdate,
  type PaymentMode,
  type PaymentProvider,
  paymentMethodTypes,
  paymentReadPermission,
  paymentSetupPermission,
  stripeKeyMode,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, forbidden, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { maskSecret, type SecretBox } from '../../lib/secret-box.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './payment-methods.repo.ts';

const ADMIN = 'base:admin';
const can = (caller: Caller, permission: string) => caller.permissions.has(ADMIN) || caller.permissions.has(permission);

/** The types whose read permission the caller holds: a list shows only those. */
export const readableTypes = (caller: Caller): PaymentMethodType[] =>
  paymentMethodTypes.filter((type) => can(caller, paymentReadPermission(type)));

const methodExists = (type: string) =>
  new DomainError('PaymentMethodExists', 409, `This partner already has a ${type} payment method`, {
    fields: { type: `This partner already has a ${type} payment method` },
  });

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/**
 * Eight hex characters of a secret's SHA-256: enough for the field log to show that a key was replaced even
 * when the new one ends with the same four characters, far too little to learn anything about the key.
 */
const fingerprint = (plain: string) => createHash('sha256').update(plain).digest('hex').slice(0, 8);

export function createPaymentMethodService(deps: { db: Db; secrets: SecretBox }) {
  const { db, secrets } = deps;

  function toPaymentMethod({ method: row, partnerName }: repo.PaymentMethodRow): PaymentMethod {
    const secretKey = secrets.open(row.secretKeySealed);
    return {
      id: row.id,
      partner: { id: row.partnerId, name: partnerName },
      type: row.type as PaymentMethodType,
      provider: row.provider as PaymentProvider,
      isEnabled: row.isEnabled,
      mode: (stripeKeyMode(row.publishableKey) ?? 'test') as PaymentMode,
      publishableKey: row.publishableKey,
      secretKey: maskSecret(secretKey),
      webhookSecret: row.webhookSecretSealed ? maskSecret(secrets.open(row.webhookSecretSealed)) : null,
      statementDescriptor: row.statementDescriptor,
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
    };
  }

  /** The field log's view of a method: secrets only masked and fingerprinted, never in full. */
  function audited({ method: row }: repo.PaymentMethodRow) {
    const secretKey = secrets.open(row.secretKeySealed);
    const webhookSecret = row.webhookSecretSealed ? secrets.open(row.webhookSecretSealed) : null;
    return {
      partnerId: row.partnerId,
      type: row.type,
      provider: row.provider,
      isEnabled: row.isEnabled,
      publishableKey: row.publishableKey,
      secretKey: `${maskSecret(secretKey)} #${fingerprint(secretKey)}`,
      webhookSecret: webhookSecret === null ? null : `${maskSecret(webhookSecret)} #${fingerprint(webhookSecret)}`,
      statementDescriptor: row.statementDescriptor,
    };
  }

  /** 403 unless the caller may set up methods of this type (the route only checked "some setup permission"). */
  function assertSetup(caller: Caller, type: PaymentMethodType) {
    if (!can(caller, paymentSetupPermission(type))) throw forbidden();
  }

  /**
   * Reads a method the caller may see. The path names its partner: one outside the scope is 403 PartnerOutOfScope,
   * like every call keyed by a partner; then 404 when missing, then its type (403).
   */
  async function visible(tx: DbOrTx, caller: Caller, partnerId: string, id: string) {
    assertPartnerInScope(caller.scope, partnerId);
    const row = await repo.get(tx, caller.scope, partnerId, id);
    if (!row) throw notFound();
    if (!can(caller, paymentReadPermission(row.method.type as PaymentMethodType))) throw forbidden();
    return row;
  }

  function assertSameMode(publishableKey: string, secretKey: string) {
    if (stripeKeyMode(publishableKey) !== stripeKeyMode(secretKey)) {
      throw validationError({ secretKey: MIXED_MODE_MESSAGE });
    }
  }

  async function guardUnique<T>(type: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) === 'partner_payment_methods_partner_type_key') throw methodExists(type);
      throw error;
    }
  }

  return {
    /** Methods of in-scope partners, only of the types the caller may read, newest first by default. */
    async list(caller: Caller, query: PaymentMethodListQuery): Promise<{ data: PaymentMethod[]; count: number }> {
      if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
      const { rows, count } = await repo.list(db, caller.scope, readableTypes(caller), query);
      return { data: rows.map(toPaymentMethod), count };
    },

    /** One method, secrets masked. */
    async get(caller: Caller, partnerId: string, id: string): Promise<PaymentMethod> {
      return toPaymentMethod(await visible(db, caller, partnerId, id));
    },

    /** Sets up a method of a type the partner does not have yet; secrets are sealed before they are stored. */
    async create(caller: Caller, partnerId: string, input: PaymentMethodInput): Promise<PaymentMethod> {
      assertPartnerInScope(caller.scope, partnerId);
      assertSetup(caller, input.type);
      return guardUnique(input.type, () =>
        db.transaction(async (tx) => {
          if (!(await repo.partnerExists(tx, partnerId))) throw notFound('The partner does not exist');
          if (await repo.typeTaken(tx, caller.scope, partnerId, input.type)) throw methodExists(input.type);
          const id = randomUUID();
          await repo.insert(tx, id, {
            partnerId,
            type: input.type,
            provider: input.provider,
            isEnabled: input.isEnabled,
            publishableKey: input.publishableKey,
            secretKeySealed: secrets.seal(input.secretKey),
            webhookSecretSealed: input.webhookSecret ? secrets.seal(input.webhookSecret) : null,
            statementDescriptor: blankToNull(input.statementDescriptor),
          });
          const created = (await repo.get(tx, caller.scope, partnerId, id)) as repo.PaymentMethodRow;
          await logChange(tx, caller, 'partner_payment_method', id, null, audited(created));
          return toPaymentMethod(created);
        }),
      );
    },

    /**
     * Replaces a method's settings. A secret sent back masked, or left out, keeps the stored one; the keys in
     * force afterwards must still be of one mode (test or live).
     */
    async update(caller: Caller, partnerId: string, id: string, input: PaymentMethodUpdate): Promise<PaymentMethod> {
      return db.transaction(async (tx) => {
        const before = await visible(tx, caller, partnerId, id);
        assertSetup(caller, before.method.type as PaymentMethodType);
        const keepSecret = input.secretKey === undefined || isSecretMask(input.secretKey);
        const secretKey = keepSecret ? secrets.open(before.method.secretKeySealed) : (input.secretKey as string);
        assertSameMode(input.publishableKey, secretKey);
        const webhook = input.webhookSecret;
        const webhookSecretSealed =
          webhook === undefined || (webhook !== null && isSecretMask(webhook))
            ? before.method.webhookSecretSealed
            : webhook
              ? secrets.seal(webhook)
              : null;
        const updated = await repo.update(tx, caller.scope, id, {
          provider: input.provider,
          isEnabled: input.isEnabled,
          publishableKey: input.publishableKey,
          secretKeySealed: keepSecret ? before.method.secretKeySealed : secrets.seal(secretKey),
          webhookSecretSealed,
          statementDescriptor: blankToNull(input.statementDescriptor),
        });
        const after = updated ? await repo.get(tx, caller.scope, partnerId, id) : undefined;
        if (!after) throw notFound();
        await logChange(tx, caller, 'partner_payment_method', id, audited(before), audited(after));
        return toPaymentMethod(after);
      });
    },

    /** Removes a method; checkout then no longer offers it. */
    async remove(caller: Caller, partnerId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await visible(tx, caller, partnerId, id);
        assertSetup(caller, before.method.type as PaymentMethodType);
        if (!(await repo.remove(tx, caller.scope, id))) throw notFound();
        await logChange(tx, caller, 'partner_payment_method', id, audited(before), null);
      });
    },
  };
}

export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
