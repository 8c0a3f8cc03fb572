import {
  CUSTOMER_INFO_DEFAULTS,
  type CustomerInfoSetting,
  type CustomerInfoSettingInput,
  customerFieldMode,
  customerIdentityFields,
  customerProfileFields,
  SETTINGS_CONFIG_DEFAULTS,
  type SettingsConfig,
  type SettingsConfigInput,
  type SettingsConfigPatch,
  settingsConfigInput,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { toIso } from '../../lib/rows.ts';
import { allPartners } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import { assertCustomerFields, type CustomerFieldsCheck, type CustomerFieldsPayload } from './customer-info.rules.ts';
import * as repo from './settings-config.repo.ts';

const configExists = () =>
  new DomainError('ConfigAlreadyExists', 409, 'The settings config already exists; change it instead');

/**
 * A stored value read field by field over the defaults: a field added in a later version, or one that no
 * longer validates, reads as its default instead of breaking every screen that needs the config.
 */
function settingsFrom(value: unknown): SettingsConfigInput {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const result: Record<string, unknown> = { ...SETTINGS_CONFIG_DEFAULTS };
  for (const [key, schema] of Object.entries(settingsConfigInput.shape)) {
    const parsed = schema.safeParse(stored[key]);
    if (parsed.success) result[key] = parsed.data;
  }
  return result as SettingsConfigInput;
}

function customerInfoFrom(value: unknown): CustomerInfoSettingInput {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, Record<string, unknown>>;
  const pick = <K extends string>(group: 'profile' | 'identity', keys: readonly K[]) =>
    Object.fromEntries(
      keys.map((key) => {
        const parsed = customerFieldMode.safeParse(stored[group]?.[key]);
        return [key, parsed.success ? parsed.data : (CUSTOMER_INFO_DEFAULTS[group] as Record<string, string>)[key]];
      }),
    ) as Record<K, CustomerInfoSettingInput['profile'][keyof CustomerInfoSettingInput['profile']]>;
  return {
    profile: pick('profile', customerProfileFields),
    identity: pick('identity', customerIdentityFields),
  } as CustomerInfoSettingInput;
}

const flatModes = (s: CustomerInfoSettingInput): Record<string, unknown> => ({
  ...Object.fromEntries(Object.entries(s.profile).map(([k, v]) => [`profile.${k}`, v])),
  ...Object.fromEntries(Object.entries(s.identity).map(([k, v]) => [`identity.${k}`, v])),
});

export function createSettingsConfigService(deps: { db: Db }) {
  const { db } = deps;

  async function loadCustomerInfo(): Promise<CustomerInfoSetting> {
    const stored = await repo.get(db, 'customer-info');
    return {
      ...(stored ? customerInfoFrom(stored.value) : CUSTOMER_INFO_DEFAULTS),
      isDefault: stored === undefined,
      updatedAt: stored ? toIso(stored.updatedAt) : null,
    };
  }

  return {
    /** The account's console limits, or the defaults marked isDefault while none are stored. */
    async getConfig(): Promise<SettingsConfig> {
      const stored = await repo.get(db, 'settings');
      if (!stored) return { ...SETTINGS_CONFIG_DEFAULTS, isDefault: true, updatedAt: null };
      return { ...settingsFrom(stored.value), isDefault: false, updatedAt: toIso(stored.updatedAt) };
    },

    /** Stores the console limits the first time; 409 ConfigAlreadyExists once they are stored. */
    async createConfig(caller: Caller, input: SettingsConfigInput): Promise<SettingsConfig> {
      const all = allPartners(caller.scope);
      try {
        await db.transaction(async (tx) => {
          if (await repo.get(tx, 'settings')) throw configExists();
          await repo.insert(tx, all, 'settings', input, caller.userId);
          await logChange(tx, caller, 'account_config', 'settings', { ...SETTINGS_CONFIG_DEFAULTS }, { ...input });
        });
      } catch (error) {
        if (uniqueViolation(error) === 'account_configs_pkey') throw configExists();
        throw error;
      }
      return this.getConfig();
    },

    /** Changes the fields the patch carries, starting from the defaults when nothing is stored yet. */
    async updateConfig(caller: Caller, patch: SettingsConfigPatch): Promise<SettingsConfig> {
      const all = allPartners(caller.scope);
      await db.transaction(async (tx) => {
        const stored = await repo.get(tx, 'settings', { forUpdate: true });
        const before = stored ? settingsFrom(stored.value) : SETTINGS_CONFIG_DEFAULTS;
        const after = { ...before, ...patch };
        await repo.upsert(tx, all, 'settings', after, caller.userId);
        await logChange(tx, caller, 'account_config', 'settings', { ...before }, { ...after });
      });
      return this.getConfig();
    },

    /** Which customer fields are required, optional or disabled (the defaults while none are stored). */
    getCustomerInfo: loadCustomerInfo,

    /** Replaces the mode of every configurable customer field (the dependency rules were checked by the schema). */
    async putCustomerInfo(caller: Caller, input: CustomerInfoSettingInput): Promise<CustomerInfoSetting> {
      const all = allPartners(caller.scope);
      await db.transaction(async (tx) => {
        const stored = await repo.get(tx, 'customer-info', { forUpdate: true });
        const before = stored ? customerInfoFrom(stored.value) : CUSTOMER_INFO_DEFAULTS;
        await repo.upsert(tx, all, 'customer-info', input, caller.userId);
        await logChange(tx, caller, 'account_config', 'customer-info', flatModes(before), flatModes(input));
      });
      return loadCustomerInfo();
    },

    /**
     * For the customers module: refuses (400, fields by path) a customer payload that lacks a required field
     * or carries a disabled one under the account's current setting.
     */
    async assertCustomer(payload: CustomerFieldsPayload, check: CustomerFieldsCheck = {}): Promise<void> {
      assertCustomerFields(await loadCustomerInfo(), payload, check);
    },
  };
}

export type SettingsConfigService = ReturnType<typeof createSettingsConfigService>;
