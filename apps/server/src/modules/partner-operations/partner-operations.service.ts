import { randomBytes } from 'node:crypto';
import {
  type CustomerSelfJoinPolicy,
  type DevicePolicy,
  isSecretMask,
  type OverviewItems,
  PASSCODE_REQUIRED_MESSAGE,
  type PartnerOperations,
  type PartnerOperationsCreateInput,
  type PartnerOperationsInput,
  type PartnerOperationsListQuery,
  type PartnerOverview,
  type PartnerOverviewQuery,
  type RequiredToRent,
  requiredToRent,
  type SignUpConfig,
  type SignUpConfigInput,
  type WebChannelType,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { maskSecret, type SecretBox } from '../../lib/secret-box.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './partner-operations.repo.ts';

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/** A sign-up token: 24 random bytes, URL-safe (32 characters), unguessable. */
const newToken = () => randomBytes(24).toString('base64url');

/* ---------- Readiness (shared with checkout) ---------- */

export interface PartnerReadiness {
  items: OverviewItems;
  /** Required-to-rent items that are not complete, in the order of `requiredToRent`. */
  missing: RequiredToRent[];
  isComplete: boolean;
}

function readinessOf(row: repo.OverviewRow): PartnerReadiness {
  const presence = (value: boolean) => (value ? 'complete' : 'missing') as 'complete' | 'missing';
  const items: OverviewItems = {
    operationSetting: row.operationSetting,
    smsService: presence(row.smsService),
    partnerOperations: presence(row.partnerOperations),
    signUpConfig: row.signUpConfig,
    paymentMethods: presence(row.paymentMethods),
    sites: presence(row.sites),
    terms: presence(row.terms),
    privacyPolicy: presence(row.privacyPolicy),
  };
  const missing = requiredToRent.filter((key) => items[key] !== 'complete');
  return { items, missing, isComplete: missing.length === 0 };
}

/**
 * Which settings a partner has and which of those required to rent are missing. The overview and checkout
 * (PartnerConfigIncomplete) read the same answer; throws NotFound for an unknown partner.
 */
export async function partnerReadiness(db: DbOrTx, partnerId: string): Promise<PartnerReadiness> {
  // Checkout asks for the partner of the asset a customer rents, not for a staff member: no staff scope applies.
  const [row] = await repo.overviewOf(db, '*', [partnerId]);
  if (!row) throw notFound('Partner not found');
  return readinessOf(row);
}

/** Refuses (422 PartnerConfigIncomplete, `data.missing`) a partner that cannot rent yet; for checkout. */
export async function assertPartnerReady(db: DbOrTx, partnerId: string): Promise<void> {
  const readiness = await partnerReadiness(db, partnerId);
  if (!readiness.isComplete) {
    throw new DomainError(
      'PartnerConfigIncomplete',
      422,
      `The partner setup is incomplete: ${readiness.missing.join(', ')}`,
      { missing: readiness.missing },
    );
  }
}

/* ---------- Mapping ---------- */

function toPartnerOperations(
  { row, partnerName }: repo.PartnerOperationsRow,
  open: (sealed: string) => string,
): PartnerOperations {
  const type = row.webChannel as WebChannelType;
  const sealed = type === 'secret-link' ? row.webChannelPasscodeSealed : null;
  return {
    partner: { id: row.partnerId, name: partnerName },
    currency: row.currency,
    customerMaxPaymentAmount: row.customerMaxPaymentAmount === null ? null : Number(row.customerMaxPaymentAmount),
    timezone: row.timezone,
    beepPolicy: row.beepPolicy as DevicePolicy,
    batteryLockPolicy: row.batteryLockPolicy as DevicePolicy,
    gpsPolicy: row.gpsPolicy as DevicePolicy,
    lightPolicy: row.lightPolicy as DevicePolicy,
    lockPolicy: row.lockPolicy as DevicePolicy,
    pushGeolocationCheckpointPolicy: row.pushGeolocationCheckpointPolicy as DevicePolicy,
    customerSelfJoinPolicy: row.customerSelfJoinPolicy as CustomerSelfJoinPolicy,
    customerSelfJoinNote: row.customerSelfJoinNote,
    unavailableNote: row.unavailableNote,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    webChannel: { type, passcode: sealed ? maskSecret(open(sealed)) : null },
    signUpEmailDomains: row.signUpEmailDomains,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/**
 * The field log's view: stored values, with the passcode as its ciphertext (a change shows as a change,
 * the passcode itself never reaches the log).
 */
const auditedOperations = (row: repo.PartnerOperationsRow['row']) => {
  const { createdAt: _c, updatedAt: _u, partnerId: _p, ...fields } = row;
  return fields as Record<string, unknown>;
};

function toSignUpConfig({ row, partnerName }: repo.SignUpConfigRow, clientLinkUrl: string | undefined): SignUpConfig {
  return {
    partner: { id: row.partnerId, name: partnerName },
    isEnabled: row.isEnabled,
    requireEmailVerification: row.requireEmailVerification,
    requireIdVerification: row.requireIdVerification,
    isReferralEnabled: row.isReferralEnabled,
    welcomeNote: row.welcomeNote,
    token: row.token,
    signUpLink: signUpLink(clientLinkUrl, row.token),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** The account's client link with the token as `signUpToken`; null while the account has no client link. */
export function signUpLink(clientLinkUrl: string | undefined, token: string): string | null {
  if (!clientLinkUrl) return null;
  try {
    const link = new URL(clientLinkUrl);
    link.searchParams.set('signUpToken', token);
    return link.toString();
  } catch {
    return null;
  }
}

const auditedSignUp = (row: repo.SignUpConfigRow['row']) => {
  const { createdAt: _c, updatedAt: _u, partnerId: _p, ...fields } = row;
  return fields as Record<string, unknown>;
};

/* ---------- Service ---------- */

export function createPartnerOperationService(deps: {
  db: Db;
  secrets: SecretBox;
  clientLinkUrl?: string | undefined;
}) {
  const { db, secrets, clientLinkUrl } = deps;
  const open = (sealed: string) => secrets.open(sealed);

  /** The stored columns an input sets; the passcode is sealed, kept (omitted or masked) or cleared. */
  function toValues(
    input: PartnerOperationsInput,
    storedPasscode: string | null,
  ): Omit<repo.PartnerOperationsValues, 'partnerId'> {
    let passcodeSealed: string | null = null;
    if (input.webChannel.type === 'secret-link') {
      const sent = input.webChannel.passcode;
      if (sent !== undefined && !isSecretMask(sent)) passcodeSealed = secrets.seal(sent);
      else if (storedPasscode) passcodeSealed = storedPasscode;
      else throw validationError({ 'webChannel.passcode': PASSCODE_REQUIRED_MESSAGE });
    }
    return {
      currency: input.currency,
      customerMaxPaymentAmount:
        input.customerMaxPaymentAmount === undefined || input.customerMaxPaymentAmount === null
          ? null
          : input.customerMaxPaymentAmount.toFixed(2),
      timezone: input.timezone,
      beepPolicy: input.beepPolicy,
      batteryLockPolicy: input.batteryLockPolicy,
      gpsPolicy: input.gpsPolicy,
      lightPolicy: input.lightPolicy,
      lockPolicy: input.lockPolicy,
      pushGeolocationCheckpointPolicy: input.pushGeolocationCheckpointPolicy,
      customerSelfJoinPolicy: input.customerSelfJoinPolicy,
      customerSelfJoinNote: blankToNull(input.customerSelfJoinNote),
      unavailableNote: blankToNull(input.unavailableNote),
      contactPhone: blankToNull(input.contactPhone),
      contactEmail: blankToNull(input.contactEmail),
      webChannel: input.webChannel.type,
      webChannelPasscodeSealed: passcodeSealed,
      signUpEmailDomains: input.signUpEmailDomains ?? [],
    };
  }

  /** Closing self-join while customers can still sign up would leave a sign-up link that cannot work. */
  async function assertSignUpNotEnabled(tx: DbOrTx, caller: Caller, partnerId: string, message: string) {
    const config = await repo.getSignUpConfig(tx, caller.scope, partnerId);
    if (config?.row.isEnabled) throw new DomainError('PartnerSignUpEnabled', 422, message);
  }

  /** A partner in scope that exists: 403 first (nobody learns which partners exist), then 400 on the field. */
  async function knownPartner(tx: DbOrTx, caller: Caller, partnerId: string) {
    assertPartnerInScope(caller.scope, partnerId);
    const name = await repo.partnerName(tx, caller.scope, partnerId);
    if (name === undefined) throw validationError({ partnerId: 'Unknown partner' });
  }

  /** The path names the partner: one outside the scope is refused as such (403) before anything is read. */
  async function operationsOfPartner(tx: DbOrTx, caller: Caller, partnerId: string) {
    assertPartnerInScope(caller.scope, partnerId);
    const row = await repo.getOperations(tx, caller.scope, partnerId);
    if (!row) throw notFound('This partner has no operations yet');
    return row;
  }

  /** As operationsOfPartner, for the sign-up config. */
  async function signUpConfigOfPartner(tx: DbOrTx, caller: Caller, partnerId: string) {
    assertPartnerInScope(caller.scope, partnerId);
    const row = await repo.getSignUpConfig(tx, caller.scope, partnerId);
    if (!row) throw notFound('This partner has no sign-up config yet');
    return row;
  }

  return {
    /** Partner operations of the partners in scope, newest first unless sorted otherwise. */
    async list(
      caller: Caller,
      query: PartnerOperationsListQuery,
    ): Promise<{ data: PartnerOperations[]; count: number }> {
      const { rows, count } = await repo.listOperations(db, caller.scope, query);
      return { data: rows.map((r) => toPartnerOperations(r, open)), count };
    },

    async get(caller: Caller, partnerId: string): Promise<PartnerOperations> {
      return toPartnerOperations(await operationsOfPartner(db, caller, partnerId), open);
    },

    /** Sets the operations of a partner in scope that has none (409 PartnerOperationsExists otherwise). */
    async create(caller: Caller, input: PartnerOperationsCreateInput): Promise<PartnerOperations> {
      const { partnerId, ...fields } = input;
      return db.transaction(async (tx) => {
        await knownPartner(tx, caller, partnerId);
        if (await repo.getOperations(tx, caller.scope, partnerId)) {
          throw new DomainError('PartnerOperationsExists', 409, 'The partner have already been set');
        }
        await repo.insertOperations(tx, caller.scope, { partnerId, ...toValues(fields, null) });
        const created = await operationsOfPartner(tx, caller, partnerId);
        await logChange(tx, caller, 'partner-operations', partnerId, null, auditedOperations(created.row));
        return toPartnerOperations(created, open);
      });
    },

    /** Replaces the operations; a passcode omitted or sent back masked keeps the stored one. */
    async update(caller: Caller, partnerId: string, input: PartnerOperationsInput): Promise<PartnerOperations> {
      return db.transaction(async (tx) => {
        const before = await operationsOfPartner(tx, caller, partnerId);
        if (input.customerSelfJoinPolicy === 'closed' && before.row.customerSelfJoinPolicy !== 'closed') {
          await assertSignUpNotEnabled(
            tx,
            caller,
            partnerId,
            'Partner sign-up is enabled; disable it before closing customer self-join',
          );
        }
        const storedPasscode = before.row.webChannel === 'secret-link' ? before.row.webChannelPasscodeSealed : null;
        await repo.updateOperations(tx, caller.scope, partnerId, toValues(input, storedPasscode));
        const after = await operationsOfPartner(tx, caller, partnerId);
        await logChange(
          tx,
          caller,
          'partner-operations',
          partnerId,
          auditedOperations(before.row),
          auditedOperations(after.row),
        );
        return toPartnerOperations(after, open);
      });
    },

    /** Deletes the operations; refused while the partner's sign-up is enabled (it relies on them). */
    async remove(caller: Caller, partnerId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await operationsOfPartner(tx, caller, partnerId);
        await assertSignUpNotEnabled(
          tx,
          caller,
          partnerId,
          'Partner sign-up is enabled; disable it before deleting the partner operations',
        );
        await repo.removeOperations(tx, caller.scope, partnerId);
        await logChange(tx, caller, 'partner-operations', partnerId, auditedOperations(before.row), null);
      });
    },

    /* ----- Sign-up config ----- */

    async listSignUpConfigs(
      caller: Caller,
      query: { partnerId?: string | undefined; pageNo: number; pageSize: number },
    ): Promise<{ data: SignUpConfig[]; count: number }> {
      const { rows, count } = await repo.listSignUpConfigs(db, caller.scope, query);
      return { data: rows.map((r) => toSignUpConfig(r, clientLinkUrl)), count };
    },

    async getSignUpConfig(caller: Caller, partnerId: string): Promise<SignUpConfig> {
      return toSignUpConfig(await signUpConfigOfPartner(db, caller, partnerId), clientLinkUrl);
    },

    /** Creates a disabled sign-up config with a fresh token (409 PartnerSignUpConfigExists when there is one). */
    async createSignUpConfig(caller: Caller, partnerId: string): Promise<SignUpConfig> {
      return db.transaction(async (tx) => {
        await knownPartner(tx, caller, partnerId);
        if (await repo.getSignUpConfig(tx, caller.scope, partnerId)) {
          throw new DomainError('PartnerSignUpConfigExists', 409, 'The partner have already been set');
        }
        await repo.insertSignUpConfig(tx, caller.scope, partnerId, newToken());
        const created = await signUpConfigOfPartner(tx, caller, partnerId);
        await logChange(tx, caller, 'partner-sign-up-config', partnerId, null, auditedSignUp(created.row));
        return toSignUpConfig(created, clientLinkUrl);
      });
    },

    /**
     * Changes the fields sent. Enabling needs partner operations whose self-join policy is not closed
     * (422 PartnerNotOpenToJoin); `regenerateToken` replaces the token, so links handed out before stop working.
     */
    async updateSignUpConfig(caller: Caller, partnerId: string, input: SignUpConfigInput): Promise<SignUpConfig> {
      return db.transaction(async (tx) => {
        const before = await signUpConfigOfPartner(tx, caller, partnerId);
        if (input.isEnabled === true && !before.row.isEnabled) {
          const operations = await repo.getOperations(tx, caller.scope, partnerId);
          if (!operations || operations.row.customerSelfJoinPolicy === 'closed') {
            throw new DomainError(
              'PartnerNotOpenToJoin',
              422,
              operations
                ? 'Customers cannot join this partner: its self-join policy is closed'
                : 'Customers cannot join this partner: set its partner operations and self-join policy first',
            );
          }
        }
        const values: repo.SignUpConfigValues = {};
        if (input.isEnabled !== undefined) values.isEnabled = input.isEnabled;
        if (input.requireEmailVerification !== undefined)
          values.requireEmailVerification = input.requireEmailVerification;
        if (input.requireIdVerification !== undefined) values.requireIdVerification = input.requireIdVerification;
        if (input.isReferralEnabled !== undefined) values.isReferralEnabled = input.isReferralEnabled;
        if (input.welcomeNote !== undefined) values.welcomeNote = blankToNull(input.welcomeNote);
        if (input.regenerateToken) values.token = newToken();
        await repo.updateSignUpConfig(tx, caller.scope, partnerId, values);
        const after = await signUpConfigOfPartner(tx, caller, partnerId);
        await logChange(
          tx,
          caller,
          'partner-sign-up-config',
          partnerId,
          auditedSignUp(before.row),
          auditedSignUp(after.row),
        );
        return toSignUpConfig(after, clientLinkUrl);
      });
    },

    /* ----- Overview ----- */

    /** Per partner in scope, each setting's state and the required ones still missing. */
    async overview(caller: Caller, query: PartnerOverviewQuery): Promise<{ data: PartnerOverview[]; count: number }> {
      const { rows, count } = await repo.overview(db, caller.scope, query);
      return {
        data: rows.map((row) => ({ partner: { id: row.id, name: row.name }, ...readinessOf(row) })),
        count,
      };
    },

    /** See the module-level partnerReadiness; here bound to this service's database. */
    readiness: (partnerId: string) => partnerReadiness(db, partnerId),
  };
}

export type PartnerOperationService = ReturnType<typeof createPartnerOperationService>;
