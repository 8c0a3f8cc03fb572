import { randomUUID } from 'node:crypto';
import {
  type CreditCardPolicy,
  type CustomerPlan,
  type DepositPolicy,
  isSecretMask,
  OPERATION_MESSAGES,
  type OperationServices,
  type OperationServicesInput,
  type OperationSetting,
  type OperationSettingInput,
  type OperationSettingListQuery,
  type OperationSettingPatch,
  operationServiceFields,
  operationServiceNames,
  policyIssues,
  type SmsService,
  type SmsServiceInput,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { maskSecret, type SecretBox } from '../../lib/secret-box.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './operations.repo.ts';

const NOTHING_TO_KEEP = 'No key is stored yet; enter the key';

const settingExists = () =>
  new DomainError('OperationSettingExists', 409, OPERATION_MESSAGES.partnerSet, {
    fields: { accountPartnerId: OPERATION_MESSAGES.partnerSet },
  });

export function createOperationService(deps: { db: Db; secrets: SecretBox }) {
  const { db, secrets } = deps;

  /** A stored secret as a client may see it; a value the key cannot open still shows as "set". */
  function masked(sealed: string): string {
    try {
      return maskSecret(secrets.open(sealed));
    } catch {
      return maskSecret('');
    }
  }

  /**
   * How a secret enters the field log: its mask plus a tag of the sealed value (its IV), so a changed key is
   * logged even when the last four characters match, and the plain text never reaches the log.
   */
  const auditSecret = (sealed: string) => `${masked(sealed)} #${sealed.split(':')[1]?.slice(0, 8) ?? ''}`;

  function servicesOut(stored: repo.StoredServices): OperationServices {
    const out: Record<string, Record<string, string> | null> = {};
    for (const service of operationServiceNames) {
      const values = stored[service];
      if (!values) {
        out[service] = null;
        continue;
      }
      out[service] = Object.fromEntries(
        operationServiceFields[service].map((f) => {
          const value = values[f.name] ?? '';
          return [f.name, f.secret ? masked(value) : value];
        }),
      );
    }
    return out as OperationServices;
  }

  const storedServices = (raw: unknown): repo.StoredServices =>
    typeof raw === 'object' && raw !== null ? (raw as repo.StoredServices) : {};

  function toSetting({ setting, partnerName }: repo.OperationSettingRow): OperationSetting {
    return {
      id: setting.id,
      accountPartnerId: setting.partnerId,
      partnerName,
      customerPlan: setting.customerPlan as CustomerPlan,
      creditCardPolicy: setting.creditCardPolicy as CreditCardPolicy,
      depositPolicy: setting.depositPolicy as DepositPolicy,
      currency: setting.currency,
      timezone: setting.timezone,
      services: servicesOut(storedServices(setting.services)),
      isConfirmed: setting.confirmedAt !== null,
      confirmedAt: toIsoOrNull(setting.confirmedAt),
      createdAt: toIso(setting.createdAt),
      updatedAt: toIso(setting.updatedAt),
    };
  }

  /** The field log's view of a setting: flat fields, secrets as mask and tag only. */
  function audited({ setting }: repo.OperationSettingRow): Record<string, unknown> {
    const fields: Record<string, unknown> = {
      partnerId: setting.partnerId,
      customerPlan: setting.customerPlan,
      creditCardPolicy: setting.creditCardPolicy,
      depositPolicy: setting.depositPolicy,
      currency: setting.currency,
      timezone: setting.timezone,
      confirmedAt: toIsoOrNull(setting.confirmedAt),
    };
    const stored = storedServices(setting.services);
    for (const service of operationServiceNames) {
      for (const f of operationServiceFields[service]) {
        const value = stored[service]?.[f.name];
        if (value === undefined) continue;
        fields[`services.${service}.${f.name}`] = f.secret ? auditSecret(value) : value;
      }
    }
    return fields;
  }

  /**
   * Applies the services a client sent to what is stored. Per field: left out, or a secret sent back as its
   * mask, keeps the stored value; '' clears; anything else replaces (secrets sealed). A service whose fields
   * end up all empty is removed; a half-filled one is refused with a message on each empty field.
   */
  function mergeServices(stored: repo.StoredServices, input: OperationServicesInput | undefined): repo.StoredServices {
    const next: repo.StoredServices = { ...stored };
    const errors: Record<string, string> = {};
    for (const service of operationServiceNames) {
      const sent = input?.[service] as Record<string, string | undefined> | undefined;
      if (!sent) continue;
      const current = stored[service] ?? {};
      const values: Record<string, string> = {};
      for (const { name, secret } of operationServiceFields[service]) {
        const value = sent[name];
        if (value === undefined || (secret && isSecretMask(value))) {
          if (value !== undefined && !current[name]) errors[`services.${service}.${name}`] = NOTHING_TO_KEEP;
          values[name] = current[name] ?? '';
        } else {
          values[name] = value === '' || !secret ? value : secrets.seal(value);
        }
      }
      const empty = Object.keys(values).filter((name) => values[name] === '');
      if (empty.length === Object.keys(values).length) {
        delete next[service];
      } else if (empty.length > 0) {
        for (const name of empty) errors[`services.${service}.${name}`] ??= OPERATION_MESSAGES.serviceIncomplete;
      } else {
        next[service] = values;
      }
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return next;
  }

  function assertPolicies(values: { customerPlan: string; creditCardPolicy: string; depositPolicy: string }) {
    const issues = policyIssues(values);
    if (issues.length > 0) throw validationError(Object.fromEntries(issues.map((i) => [i.path, i.message])));
  }

  /** An in-scope setting; one of another partner is absent (404), as a missing one. */
  async function found(tx: DbOrTx, caller: Caller, id: string) {
    const row = await repo.get(tx, caller.scope, id);
    if (!row) throw notFound();
    return row;
  }

  /** Locks an in-scope setting for a change and reads it (404 as found). */
  async function locked(tx: DbOrTx, caller: Caller, id: string) {
    if (!(await repo.lock(tx, caller.scope, id))) throw notFound();
    return found(tx, caller, id);
  }

  // SMS service --------------------------------------------------------------------------------------------

  function toSms({ sms, partnerName }: repo.SmsServiceRow): SmsService {
    return {
      accountPartnerId: sms.partnerId,
      partnerName,
      accountSid: sms.accountSid,
      authToken: masked(sms.authTokenSealed),
      pathServiceSid: sms.pathServiceSid,
      createdAt: toIso(sms.createdAt),
      updatedAt: toIso(sms.updatedAt),
    };
  }

  const auditedSms = (row: repo.SmsServiceRow | undefined) =>
    row
      ? {
          accountSid: row.sms.accountSid,
          authToken: auditSecret(row.sms.authTokenSealed),
          pathServiceSid: row.sms.pathServiceSid,
        }
      : null;

  /** The path names the partner: one outside the scope is refused as such (403) before anything is read. */
  async function smsOfPartner(tx: DbOrTx, caller: Caller, partnerId: string) {
    assertPartnerInScope(caller.scope, partnerId);
    const row = await repo.getSms(tx, caller.scope, partnerId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(caller: Caller, query: OperationSettingListQuery): Promise<{ data: OperationSetting[]; count: number }> {
      if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toSetting), count };
    },

    /** One in-scope setting. */
    get: async (caller: Caller, id: string): Promise<OperationSetting> => toSetting(await found(db, caller, id)),

    /** Creates the setting of an in-scope partner that has none yet ("The partner have already been set"). */
    async create(caller: Caller, input: OperationSettingInput): Promise<OperationSetting> {
      assertPartnerInScope(caller.scope, input.accountPartnerId);
      assertPolicies(input);
      try {
        return await db.transaction(async (tx) => {
          if ((await repo.partnerName(tx, caller.scope, input.accountPartnerId)) === undefined) {
            throw validationError({ accountPartnerId: 'Unknown partner' });
          }
          if (await repo.findByPartner(tx, caller.scope, input.accountPartnerId)) throw settingExists();
          const id = randomUUID();
          await repo.insert(tx, caller.scope, id, {
            partnerId: input.accountPartnerId,
            customerPlan: input.customerPlan,
            creditCardPolicy: input.creditCardPolicy,
            depositPolicy: input.depositPolicy,
            currency: input.currency,
            timezone: input.timezone,
            services: mergeServices({}, input.services),
          });
          const created = await found(tx, caller, id);
          await logChange(tx, caller, 'operation_setting', id, null, audited(created));
          return toSetting(created);
        });
      } catch (error) {
        // Two creates for one partner at once: the unique index lets one through, the other gets the spec's answer.
        if (uniqueViolation(error) === 'operation_settings_partner_key') throw settingExists();
        throw error;
      }
    },

    /**
     * Changes the fields sent. The partner never changes, a confirmed setting keeps its currency, and the plan
     * rules are checked on the setting as it would be after the change.
     */
    update: (caller: Caller, id: string, patch: OperationSettingPatch): Promise<OperationSetting> =>
      db.transaction(async (tx) => {
        const before = await locked(tx, caller, id);
        const { setting } = before;
        if (patch.accountPartnerId !== undefined && patch.accountPartnerId !== setting.partnerId) {
          const message = 'The partner of an operation setting cannot change';
          throw new DomainError('PartnerLocked', 422, message, { fields: { accountPartnerId: message } });
        }
        if (setting.confirmedAt !== null && patch.currency !== undefined && patch.currency !== setting.currency) {
          const message = 'The currency of a confirmed operation setting (the business model) cannot change';
          throw new DomainError('CurrencyLocked', 422, message, { fields: { currency: message } });
        }
        const merged = {
          customerPlan: patch.customerPlan ?? setting.customerPlan,
          creditCardPolicy: patch.creditCardPolicy ?? setting.creditCardPolicy,
          depositPolicy: patch.depositPolicy ?? setting.depositPolicy,
        };
        assertPolicies(merged);
        await repo.update(tx, caller.scope, id, {
          ...merged,
          currency: patch.currency ?? setting.currency,
          timezone: patch.timezone ?? setting.timezone,
          services: mergeServices(storedServices(setting.services), patch.services),
        });
        const after = await found(tx, caller, id);
        await logChange(tx, caller, 'operation_setting', id, audited(before), audited(after));
        return toSetting(after);
      }),

    /** Makes the setting its partner's business model; from then on its currency is fixed. */
    confirm: (caller: Caller, id: string): Promise<OperationSetting> =>
      db.transaction(async (tx) => {
        const before = await locked(tx, caller, id);
        if (before.setting.confirmedAt !== null) {
          throw new DomainError('OperationSettingConfirmed', 409, 'This setting is already the business model');
        }
        await repo.confirm(tx, caller.scope, id, caller.userId);
        const after = await found(tx, caller, id);
        await logChange(tx, caller, 'operation_setting', id, audited(before), audited(after));
        return toSetting(after);
      }),

    /** Deletes an unconfirmed setting; a confirmed one is the business model in force and stays. */
    remove: (caller: Caller, id: string): Promise<void> =>
      db.transaction(async (tx) => {
        const before = await locked(tx, caller, id);
        if (before.setting.confirmedAt !== null) {
          throw new DomainError(
            'OperationSettingConfirmed',
            409,
            'A confirmed operation setting is the business model in force and cannot be deleted',
          );
        }
        await repo.remove(tx, caller.scope, id);
        await logChange(tx, caller, 'operation_setting', id, audited(before), null);
      }),

    async listSms(caller: Caller): Promise<{ data: SmsService[]; count: number }> {
      const rows = await repo.listSms(db, caller.scope);
      return { data: rows.map(toSms), count: rows.length };
    },

    getSms: async (caller: Caller, partnerId: string): Promise<SmsService> =>
      toSms(await smsOfPartner(db, caller, partnerId)),

    /** Creates or replaces the partner's SMS service; the auth token sent back masked keeps the stored one. */
    putSms: (caller: Caller, partnerId: string, input: SmsServiceInput): Promise<SmsService> =>
      db.transaction(async (tx) => {
        assertPartnerInScope(caller.scope, partnerId);
        if ((await repo.partnerName(tx, caller.scope, partnerId)) === undefined) throw notFound();
        const before = await repo.getSms(tx, caller.scope, partnerId);
        let authTokenSealed: string;
        if (isSecretMask(input.authToken)) {
          if (!before) throw validationError({ authToken: NOTHING_TO_KEEP });
          authTokenSealed = before.sms.authTokenSealed;
        } else {
          authTokenSealed = secrets.seal(input.authToken);
        }
        await repo.upsertSms(tx, caller.scope, partnerId, {
          accountSid: input.accountSid,
          authTokenSealed,
          pathServiceSid: input.pathServiceSid,
        });
        const after = (await repo.getSms(tx, caller.scope, partnerId)) as repo.SmsServiceRow;
        await logChange(tx, caller, 'sms_service', partnerId, auditedSms(before), auditedSms(after));
        return toSms(after);
      }),

    removeSms: (caller: Caller, partnerId: string): Promise<void> =>
      db.transaction(async (tx) => {
        const before = await smsOfPartner(tx, caller, partnerId);
        await repo.removeSms(tx, caller.scope, partnerId);
        await logChange(tx, caller, 'sms_service', partnerId, auditedSms(before), null);
      }),
  };
}

export type OperationService = ReturnType<typeof createOperationService>;
