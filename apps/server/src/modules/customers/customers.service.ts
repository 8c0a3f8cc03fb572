import { randomInt, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CARD_ERRORS,
  CUSTOMER_EXPORT_MAX,
  type Customer,
  type CustomerCreate,
  type CustomerFieldLog,
  type CustomerListQuery,
  type CustomerSummary,
  type CustomerUpdate,
  type IdentityImageKind,
  type IdentityReview,
  type IdentityVerificationInput,
  type IdVerificationStatus,
  isSecretMask,
  type LocalCardInput,
  type PageQuery,
  PHONE_EXISTS_IN_PARTNER,
  REFERRAL_CODE_PATTERN,
  requires,
  SECRET_MASK_PREFIX,
  satisfies,
  type TokenizedCard,
} from '@fleetdesk/contracts';
import type { MailSender } from '../../adapters/messaging.ts';
import { CardInputError, type CardProvider, type localCards } from '../../adapters/payments-cards.ts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, exportTooLarge, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toCsv } from '../../lib/csv.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { reencodeImage } from '../../lib/images.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { hashPassword, newToken, oneTimePassword, sha256 } from '../../lib/secrets.ts';
import { fieldLogsOf, logChange, writeFieldLogs } from '../audit/audit.repo.ts';
import * as partnersRepo from '../partners/partners.repo.ts';
import { assertCustomerFields } from '../settings/customer-info.rules.ts';
import type { SettingsConfigService } from '../settings/settings-config.service.ts';
import * as repo from './customers.repo.ts';

const ENTITY = 'customer';
const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Referral codes avoid 0/O and 1/I, which customers read out to each other. */
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const phoneExists = () => new DomainError('Conflict', 409, PHONE_EXISTS_IN_PARTNER, { field: 'phoneNo' });
const alreadyMember = () =>
  new DomainError('Conflict', 409, 'The customer is already a member of that partner', { field: 'partnerId' });
const customerDeleted = () =>
  new DomainError('CustomerDeleted', 422, 'This customer is deleted; restore them before changing anything');
const referralError = (code: string, status: number, message: string) => new DomainError(code, status, message);
const wholeCustomerOutOfScope = () =>
  new DomainError(
    'PartnerOutOfScope',
    403,
    'The customer also belongs to a partner outside your scope; only a user whose scope covers all their partners can change this',
  );

/** A write the repository refused because the scope does not reach the customer (a row that vanished from it). */
function wrote(written: boolean) {
  if (!written) throw notFound();
}

/** The unique indexes a concurrent request can trip, answered as if this request had checked first. */
function asConflict(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === 'customer_memberships_phone_key') return phoneExists();
  if (constraint === 'customer_memberships_customer_id_partner_id_pk') return alreadyMember();
  return error;
}

const blankToNull = <T>(v: T | '' | null | undefined): T | null => (v === undefined || v === '' ? null : v);

const nameOf = (r: { first_name: string; last_name: string }) => ({ first: r.first_name, last: r.last_name });

function toSummary(r: repo.CustomerSummaryRow): CustomerSummary {
  return {
    id: r.id,
    phoneNo: r.phone_no,
    name: nameOf(r),
    email: r.email,
    emailVerified: r.email_verified_at !== null,
    status: r.deleted_at === null ? 'active' : 'deleted',
    isArchived: r.deleted_at !== null,
    idVerificationStatus: r.id_status as IdVerificationStatus,
    referralCode: r.referral_code,
    memberships: r.memberships.map((m) => ({
      partner: { id: m.partnerId, name: m.partnerName },
      joinedAt: toIso(m.joinedAt),
    })),
    paymentMethodBound: r.payment_method_bound,
    marketingReportedSource: r.marketing_reported_source as CustomerSummary['marketingReportedSource'],
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

/** What the field log records of a profile: never the password, addresses as they are. */
const audited = (c: Customer) => ({
  phoneNo: c.phoneNo,
  firstName: c.name.first,
  lastName: c.name.last,
  email: c.email,
  whatsApp: c.whatsApp,
  contactAddress: c.contactAddress,
  overnightAddress: c.overnightAddress,
  marketingReportedSource: c.marketingReportedSource,
  isMarketingConsented: c.isMarketingConsented,
  note: c.note,
});

const auditedIdentity = (i: Customer['identityVerification']) => ({
  'identity.status': i.status,
  'identity.documentType': i.documentType,
  'identity.documentNumber': i.documentNumber,
  'identity.firstName': i.firstName,
  'identity.lastName': i.lastName,
  'identity.dateOfBirth': i.dateOfBirth,
  'identity.issueDate': i.issueDate,
  'identity.expiryDate': i.expiryDate,
  'identity.denyReason': i.denyReason,
});

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

export function createCustomerService(deps: {
  db: Db;
  mail: MailSender;
  storage: FileStorage;
  secrets: SecretBox;
  settings: SettingsConfigService;
  clientLinkUrl?: string | undefined;
  /** How cards are taken for a customer (the configured provider). */
  cards: CardProvider;
  /** The local provider's tokenize call; absent when Stripe takes the cards (Elements tokenizes with Stripe). */
  localCards?: ReturnType<typeof localCards> | undefined;
}) {
  const { db, storage } = deps;

  /** A customer the caller may see: 404 when absent or when none of their partners is in scope. */
  async function visible(tx: DbOrTx, caller: Caller, id: string, opts: { lock?: boolean } = {}) {
    const row = await repo.get(tx, caller.scope, id, opts);
    if (!row) throw notFound();
    return row;
  }

  /** As `visible`, for a change: a deleted customer is read-only until restored. */
  async function changeable(tx: DbOrTx, caller: Caller, id: string, opts: { lock?: boolean } = { lock: true }) {
    const row = await visible(tx, caller, id, opts);
    if (row.deleted_at !== null) throw customerDeleted();
    return row;
  }

  /**
   * The customer's account is shared by all their partners: a change to it (sign-in identifiers, name, password,
   * payment methods, deletion) needs a scope that reaches every one of their partners.
   */
  async function assertWholeCustomerInScope(tx: DbOrTx, caller: Caller, id: string) {
    if (!(await repo.scopeCoversCustomer(tx, caller.scope, id))) throw wholeCustomerOutOfScope();
  }

  /** A write of the shared account the repository refused: the scope does not reach every partner. */
  function wroteWhole(written: boolean) {
    if (!written) throw wholeCustomerOutOfScope();
  }

  async function toCustomer(tx: DbOrTx, caller: Caller, row: repo.CustomerRow): Promise<Customer> {
    const [identity, methods, referrer, wholeCustomerInScope] = await Promise.all([
      repo.identityOf(tx, caller.scope, row.id),
      repo.paymentMethodsOf(tx, caller.scope, row.id),
      row.referrer_id ? repo.referrerOf(tx, caller.scope, row.referrer_id) : undefined,
      repo.scopeCoversCustomer(tx, caller.scope, row.id),
    ]);
    const readsDetail = satisfies(caller.permissions, requires('customer.read_detail'));
    return {
      ...toSummary(row),
      whatsApp: row.whats_app,
      contactAddress: row.contact_address,
      overnightAddress: row.overnight_address,
      isMarketingConsented: row.is_marketing_consented,
      note: row.note,
      referrer: referrer
        ? {
            id: referrer.id,
            name: { first: referrer.firstName, last: referrer.lastName },
            phoneNo: referrer.phoneNo,
            referralCode: referrer.referralCode,
          }
        : null,
      referralConfirmedAt: toIsoOrNull(row.referral_confirmed_at),
      wholeCustomerInScope,
      identityVerification: {
        status: (identity?.status ?? 'not-apply') as IdVerificationStatus,
        documentType: (identity?.documentType ?? null) as Customer['identityVerification']['documentType'],
        documentNumber: identity?.documentNumber ?? null,
        ...(readsDetail
          ? { ssnOrItin: identity?.ssnOrItinLast4 ? `${SECRET_MASK_PREFIX}${identity.ssnOrItinLast4}` : null }
          : {}),
        firstName: identity?.firstName ?? null,
        lastName: identity?.lastName ?? null,
        dateOfBirth: identity?.dateOfBirth ?? null,
        issueDate: identity?.issueDate ?? null,
        expiryDate: identity?.expiryDate ?? null,
        images: {
          frontImage: Boolean(identity?.frontImage),
          backImage: Boolean(identity?.backImage),
          selfie: Boolean(identity?.selfie),
        },
        submittedAt: toIsoOrNull(identity?.submittedAt ?? null),
        reviewedAt: toIsoOrNull(identity?.reviewedAt ?? null),
        reviewer: identity?.reviewerId ? { id: identity.reviewerId, name: identity.reviewerName ?? '' } : null,
        denyReason: identity?.denyReason ?? null,
      },
      paymentMethods: methods.map((m) => ({
        id: m.id,
        type: m.type as Customer['paymentMethods'][number]['type'],
        brand: m.brand,
        last4: m.last4,
        expMonth: m.expMonth,
        expYear: m.expYear,
        valid: m.valid,
        createdAt: toIso(m.createdAt),
      })),
    };
  }

  async function reload(tx: DbOrTx, caller: Caller, id: string) {
    return toCustomer(tx, caller, await visible(tx, caller, id));
  }

  /** Profile values as stored: blanks become null, the name splits into its columns. */
  function valuesOf(input: CustomerUpdate): repo.CustomerValues {
    const values: repo.CustomerValues = {};
    if (input.phoneNo !== undefined) values.phoneNo = input.phoneNo;
    if (input.name !== undefined) {
      values.firstName = input.name.first;
      values.lastName = input.name.last;
    }
    if (input.email !== undefined) values.email = blankToNull(input.email);
    if (input.whatsApp !== undefined) values.whatsApp = blankToNull(input.whatsApp);
    if (input.contactAddress !== undefined) values.contactAddress = input.contactAddress;
    if (input.overnightAddress !== undefined) values.overnightAddress = input.overnightAddress;
    if (input.marketingReportedSource !== undefined) values.marketingReportedSource = input.marketingReportedSource;
    if (input.isMarketingConsented !== undefined) values.isMarketingConsented = input.isMarketingConsented;
    if (input.note !== undefined) values.note = blankToNull(input.note);
    return values;
  }

  /**
   * Leaves out the shared account's values that equal the stored ones (a form sends back what it was shown), so
   * only a real change of an identifier or the name needs a scope over every partner; whether one is left.
   */
  function keepSharedChanges(values: repo.CustomerValues, row: repo.CustomerRow): boolean {
    if (values.phoneNo === row.phone_no) delete values.phoneNo;
    if (values.email !== undefined && values.email === row.email) delete values.email;
    if (values.firstName === row.first_name && values.lastName === row.last_name) {
      delete values.firstName;
      delete values.lastName;
    }
    return values.phoneNo !== undefined || values.email !== undefined || values.firstName !== undefined;
  }

  async function assertKnownPartner(tx: DbOrTx, caller: Caller, partnerId: string) {
    const known = await partnersRepo.existingIds(tx, [partnerId]);
    if (known.length === 0) throw validationError({ partnerId: 'Unknown partner' });
    assertPartnerInScope(caller.scope, partnerId);
  }

  return {
    /** Customers of the partners in scope, filtered, sorted (deleted last) and paged. */
    async list(caller: Caller, query: CustomerListQuery) {
      if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query, repo.pageOf(query));
      return { data: rows.map(toSummary), count };
    },

    /** The customers matching the filters as CSV; more than the export limit is refused, never cut short. */
    async exportCsv(caller: Caller, query: Omit<CustomerListQuery, 'pageNo' | 'pageSize'>): Promise<string> {
      if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query, { limit: CUSTOMER_EXPORT_MAX, offset: 0 });
      if (count > CUSTOMER_EXPORT_MAX) throw exportTooLarge(count, CUSTOMER_EXPORT_MAX, 'customers');
      const header = [
        'id',
        'firstName',
        'lastName',
        'phoneNo',
        'email',
        'emailVerified',
        'partners',
        'idVerificationStatus',
        'paymentMethodBound',
        'status',
        'referralCode',
        'marketingReportedSource',
        'createdAt',
      ];
      const lines = rows
        .map(toSummary)
        .map((c) => [
          c.id,
          c.name.first,
          c.name.last,
          c.phoneNo,
          c.email,
          c.emailVerified,
          c.memberships.map((m) => m.partner.name).join('; '),
          c.idVerificationStatus,
          c.paymentMethodBound,
          c.status,
          c.referralCode,
          c.marketingReportedSource,
          c.createdAt,
        ]);
      return toCsv(header, lines);
    },

    /** One customer in scope (404 otherwise), memberships limited to the scope. */
    get: (caller: Caller, id: string) => reload(db, caller, id),

    /** Creates a customer in one partner with an initial password; the phone number must be free there. */
    async create(caller: Caller, input: CustomerCreate): Promise<Customer> {
      await deps.settings.assertCustomer(input, { mode: 'create' });
      // Without a password (a walk-in customer) the account gets one nobody knows: the customer sets theirs through
      // the client link, and until then nobody can sign in as them.
      const passwordHash = await hashPassword(input.password ?? newToken());
      return db
        .transaction(async (tx) => {
          await assertKnownPartner(tx, caller, input.partnerId);
          const id = randomUUID();
          let referralCode = newReferralCode();
          while (await repo.referralCodeTaken(tx, referralCode)) referralCode = newReferralCode();
          const values = valuesOf(input);
          await repo.insert(tx, {
            id,
            referralCode,
            passwordHash,
            ...values,
            phoneNo: input.phoneNo,
            firstName: input.name.first,
            lastName: input.name.last,
          });
          await repo.addMembership(tx, { customerId: id, partnerId: input.partnerId, phoneNo: input.phoneNo });
          const created = await reload(tx, caller, id);
          await logChange(tx, caller, ENTITY, id, null, {
            ...audited(created),
            partnerId: input.partnerId,
            password: input.password ? 'set' : 'not set',
          });
          return created;
        })
        .catch((error: unknown) => {
          throw asConflict(error);
        });
    },

    /** Changes the fields the patch carries; a new e-mail address must be verified again. */
    async update(caller: Caller, id: string, input: CustomerUpdate): Promise<Customer> {
      await deps.settings.assertCustomer(input, { mode: 'update' });
      return db
        .transaction(async (tx) => {
          const row = await changeable(tx, caller, id);
          const before = await toCustomer(tx, caller, row);
          const values = valuesOf(input);
          if (keepSharedChanges(values, row)) await assertWholeCustomerInScope(tx, caller, id);
          if (values.email !== undefined && (values.email ?? '').toLowerCase() !== (before.email ?? '').toLowerCase())
            values.emailVerifiedAt = null;
          wroteWhole(await repo.update(tx, caller.scope, id, values));
          const after = await reload(tx, caller, id);
          await logChange(tx, caller, ENTITY, id, audited(before), audited(after));
          return after;
        })
        .catch((error: unknown) => {
          throw asConflict(error);
        });
    },

    /** Deletes a customer: kept for orders and the audit trail, their phone number free again in their partners. */
    async remove(caller: Caller, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await visible(tx, caller, id, { lock: true });
        await assertWholeCustomerInScope(tx, caller, id);
        if (row.deleted_at !== null) return;
        wroteWhole(await repo.setDeleted(tx, caller.scope, id, true));
        await writeFieldLogs(tx, {
          entityType: ENTITY,
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'deleted', before: false, after: true }],
        });
      });
    },

    /** Makes a deleted customer active again, unless their phone number has since been taken in a partner. */
    async restore(caller: Caller, id: string): Promise<Customer> {
      return db
        .transaction(async (tx) => {
          const row = await visible(tx, caller, id, { lock: true });
          await assertWholeCustomerInScope(tx, caller, id);
          if (row.deleted_at !== null) {
            wroteWhole(await repo.setDeleted(tx, caller.scope, id, false));
            await writeFieldLogs(tx, {
              entityType: ENTITY,
              entityId: id,
              userId: caller.userId,
              changes: [{ field: 'deleted', before: true, after: false }],
            });
          }
          return reload(tx, caller, id);
        })
        .catch((error: unknown) => {
          throw asConflict(error);
        });
    },

    /** Who changed which field of a customer in scope, newest first. */
    async fieldLogs(caller: Caller, id: string, page: PageQuery): Promise<{ data: CustomerFieldLog[]; count: number }> {
      await visible(db, caller, id);
      return fieldLogsOf(db, ENTITY, id, page);
    },

    /** The live customer a referral code belongs to, if the caller may see them (and, if asked, in that partner). */
    async getByReferralCode(caller: Caller, input: { referralCode: string; partnerId?: string | undefined }) {
      if (!REFERRAL_CODE_PATTERN.test(input.referralCode)) throw referralFormatError();
      if (input.partnerId) assertPartnerInScope(caller.scope, input.partnerId);
      const match = await repo.byReferralCode(db, caller.scope, input.referralCode);
      if (!match || (input.partnerId && !match.partner_ids.includes(input.partnerId))) throw referralInvalid();
      const row = await visible(db, caller, match.id);
      const summary = toSummary(row);
      return {
        id: match.id,
        name: nameOf(match),
        phoneNo: match.phone_no,
        referralCode: match.referral_code,
        memberships: summary.memberships,
      };
    },

    /**
     * Records who referred the customer (document 2 §8 "Sign-up and referral"): six letters or digits, not
     * their own, a live customer of one of their partners; once confirmed it never changes.
     */
    async confirmReferrerCode(caller: Caller, id: string, referralCode: string): Promise<Customer> {
      if (!REFERRAL_CODE_PATTERN.test(referralCode)) throw referralFormatError();
      return db.transaction(async (tx) => {
        const row = await changeable(tx, caller, id);
        if (row.referral_confirmed_at !== null)
          throw referralError('ReferralCodeAlreadyConfirmed', 409, 'The referral code was already confirmed');
        if (row.referral_code.toUpperCase() === referralCode.toUpperCase())
          throw referralError('ReferralCodeBelongsThemselves', 422, 'Customers cannot refer themselves');
        const referrer = await repo.byReferralCode(tx, caller.scope, referralCode);
        const sharesPartner = referrer?.partner_ids.some((p) => row.all_partner_ids.includes(p)) ?? false;
        if (!referrer || !sharesPartner) throw referralInvalid();
        const confirmed = await repo.confirmReferrer(tx, caller.scope, id, referrer.id);
        if (!confirmed)
          throw referralError('ReferralCodeAlreadyConfirmed', 409, 'The referral code was already confirmed');
        await writeFieldLogs(tx, {
          entityType: ENTITY,
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'referrer', before: null, after: referrer.referral_code }],
        });
        return reload(tx, caller, id);
      });
    },

    /** Lets the customer join one more partner in the caller's scope; the phone number must be free there. */
    async addMembership(caller: Caller, id: string, partnerId: string): Promise<Customer> {
      return db
        .transaction(async (tx) => {
          await assertKnownPartner(tx, caller, partnerId);
          const row = await changeable(tx, caller, id);
          if (row.all_partner_ids.includes(partnerId)) throw alreadyMember();
          await repo.addMembership(tx, { customerId: id, partnerId, phoneNo: row.phone_no });
          await writeFieldLogs(tx, {
            entityType: ENTITY,
            entityId: id,
            userId: caller.userId,
            changes: [{ field: 'memberships', before: null, after: partnerId }],
          });
          return reload(tx, caller, id);
        })
        .catch((error: unknown) => {
          throw asConflict(error);
        });
    },

    /** Sets a one-time password and mails it when the customer has an e-mail address. */
    async resetPassword(caller: Caller, id: string): Promise<{ password: string }> {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const row = await db.transaction(async (tx) => {
        const found = await changeable(tx, caller, id);
        await assertWholeCustomerInScope(tx, caller, id);
        wroteWhole(await repo.setPassword(tx, caller.scope, id, passwordHash));
        await writeFieldLogs(tx, {
          entityType: ENTITY,
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'password', before: null, after: 'reset' }],
        });
        return found;
      });
      if (row.email) {
        await deps.mail.send(
          row.email,
          'Your password was reset',
          `Hello ${row.first_name},\n\nYour new one-time password is: ${password}\nSign in and change it.`,
        );
      }
      return { password };
    },

    /** Mails the customer a link to verify their e-mail address or to bind a card in the customer app. */
    async sendMail(caller: Caller, id: string, kind: 'email-verification' | 'bind-card'): Promise<void> {
      // A read, not a change of the row: nothing to lock (and no transaction to hold a lock).
      const row = await changeable(db, caller, id, { lock: false });
      if (!row.email)
        throw new DomainError('CustomerEmailMissing', 422, 'The customer has no e-mail address', { field: 'email' });
      const link = deps.clientLinkUrl;
      if (!link)
        throw new DomainError(
          'ClientLinkMissing',
          422,
          'The customer web client link is not configured (CLIENT_LINK_URL), so the e-mail would have no link',
        );
      if (kind === 'email-verification') {
        if (row.email_verified_at !== null)
          throw new DomainError('Conflict', 409, 'The e-mail address is already verified');
        const token = newToken();
        const recorded = await repo.insertEmailToken(db, caller.scope, {
          tokenHash: sha256(token),
          customerId: id,
          email: row.email,
          expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS),
        });
        wrote(recorded);
        const url = new URL(link);
        url.searchParams.set('verifyEmailToken', token);
        await deps.mail.send(
          row.email,
          'Verify your e-mail address',
          `Hello ${row.first_name},\n\nConfirm this address within 24 hours: ${url.toString()}`,
        );
        return;
      }
      const url = new URL(link);
      url.searchParams.set('action', 'bind-card');
      await deps.mail.send(
        row.email,
        'Add a payment card',
        `Hello ${row.first_name},\n\nAdd a card to your account to rent: ${url.toString()}`,
      );
    },

    /** The link of a verification e-mail: single use, 24 h, and only for the address it was sent to. */
    async verifyEmail(token: string): Promise<void> {
      const customerId = await db.transaction((tx) => repo.useEmailToken(tx, sha256(token)));
      if (!customerId) throw new DomainError('BadRequest', 400, 'The link is invalid or has expired');
      await writeFieldLogs(db, {
        entityType: ENTITY,
        entityId: customerId,
        userId: null,
        changes: [{ field: 'emailVerified', before: false, after: true }],
      });
    },

    /**
     * Marks the e-mail verified after staff saw the customer's ID (no mail is needed); the reason is logged with who
     * and when. The e-mail is part of the shared account: only with a scope over every partner of the customer.
     */
    async markEmailVerified(caller: Caller, id: string, reason: string): Promise<Customer> {
      return db.transaction(async (tx) => {
        const row = await changeable(tx, caller, id);
        if (!row.email)
          throw new DomainError('CustomerEmailMissing', 422, 'The customer has no e-mail address', { field: 'email' });
        if (row.email_verified_at !== null)
          throw new DomainError('Conflict', 409, 'The e-mail address is already verified');
        await assertWholeCustomerInScope(tx, caller, id);
        wroteWhole(await repo.update(tx, caller.scope, id, { emailVerifiedAt: new Date() }));
        await writeFieldLogs(tx, {
          entityType: ENTITY,
          entityId: id,
          userId: caller.userId,
          changes: [
            { field: 'emailVerified', before: false, after: true },
            { field: 'emailVerifiedReason', before: null, after: reason },
          ],
        });
        return reload(tx, caller, id);
      });
    },

    /** The local provider's tokenize call: a typed test card becomes a pm_… id (the number stays with the provider). */
    async tokenizeLocalCard(input: LocalCardInput): Promise<TokenizedCard> {
      if (!deps.localCards) throw providerMismatch();
      try {
        const result = await deps.localCards.tokenize(input);
        if ('declined' in result) throw cardDeclined(result.declined, CARD_ERRORS[result.declined]);
        return result;
      } catch (error) {
        if (error instanceof CardInputError) throw validationError({ [error.field]: error.message });
        throw error;
      }
    },

    /** Starts taking a card for the customer: Stripe's SetupIntent secret for Elements, nothing for the local one. */
    async cardSetup(
      caller: Caller,
      id: string,
    ): Promise<{ provider: 'local' | 'stripe'; clientSecret: string | null }> {
      await changeable(db, caller, id, { lock: false });
      await assertWholeCustomerInScope(db, caller, id);
      const providerCustomer = await repo.providerCustomerOf(db, id);
      const { clientSecret } = await deps.cards.setup({ customerId: id, providerCustomer });
      return { provider: deps.cards.name, clientSecret };
    },

    /**
     * Attaches a card the provider tokenized to the customer (Stripe's dashboard "Add card"). The provider is asked
     * before the transaction (no lock held across a network call); a declined card writes nothing.
     */
    async attachCard(caller: Caller, id: string, paymentMethod: string): Promise<Customer> {
      await changeable(db, caller, id, { lock: false });
      await assertWholeCustomerInScope(db, caller, id);
      const providerCustomer = await repo.providerCustomerOf(db, id);
      const outcome = await deps.cards.attach({ customerId: id, paymentMethod, providerCustomer });
      if (outcome.status === 'declined') throw cardDeclined(outcome.code, outcome.message);
      const { card } = outcome;
      return db.transaction(async (tx) => {
        await changeable(tx, caller, id);
        if (await repo.hasPaymentMethodRef(tx, id, outcome.ref))
          throw new DomainError('Conflict', 409, 'This card is already on file for the customer');
        const methodId = randomUUID();
        wroteWhole(
          await repo.insertPaymentMethod(tx, caller.scope, {
            id: methodId,
            customerId: id,
            type: 'credit-card',
            brand: card.brand,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
            providerRef: outcome.ref,
            valid: true,
          }),
        );
        await writeFieldLogs(tx, {
          entityType: ENTITY,
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'paymentMethods', before: null, after: `credit-card ${card.brand} ${card.last4}` }],
        });
        return reload(tx, caller, id);
      });
    },

    /** Removes a payment method from the customer (the provider's copy is detached by the payments module). */
    async removePaymentMethod(caller: Caller, id: string, paymentMethodId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await visible(tx, caller, id, { lock: true });
        await assertWholeCustomerInScope(tx, caller, id);
        const removed = await repo.removePaymentMethod(tx, caller.scope, id, paymentMethodId);
        if (!removed) throw notFound();
        await writeFieldLogs(tx, {
          entityType: ENTITY,
          entityId: id,
          userId: caller.userId,
          changes: [
            {
              field: 'paymentMethods',
              before: `${removed.type} ${removed.brand ?? ''} ${removed.last4 ?? ''}`.trim(),
              after: null,
            },
          ],
        });
      });
    },

    /**
     * Stores an identity image (JPEG or PNG, re-encoded without metadata) outside the public files. Changing an
     * image withdraws a decision already taken: the verification must be submitted and reviewed again.
     */
    async uploadIdentityImage(caller: Caller, id: string, kind: IdentityImageKind, content: Buffer): Promise<void> {
      const image = await reencodeImage(content);
      const key = `identity/${randomUUID()}.${image.format}`;
      await storage.put(key, image.content);
      await db.transaction(async (tx) => {
        await changeable(tx, caller, id);
        const identity = await repo.identityOf(tx, caller.scope, id);
        const decided = identity?.status === 'approved' || identity?.status === 'denied';
        wrote(
          await repo.upsertIdentity(tx, caller.scope, id, { [kind]: key, ...(decided ? { status: 'not-apply' } : {}) }),
        );
        await writeFieldLogs(tx, {
          entityType: ENTITY,
          entityId: id,
          userId: caller.userId,
          changes: [
            { field: `identity.${kind}`, before: identity?.[kind] ? 'image' : null, after: 'new image' },
            ...(decided ? [{ field: 'identity.status', before: identity?.status, after: 'not-apply' }] : []),
          ],
        });
      });
    },

    /** An identity image of a customer the caller may see (the route requires customer.read_detail). */
    async identityImage(
      caller: Caller,
      id: string,
      kind: IdentityImageKind,
    ): Promise<{ stream: Readable; type: string }> {
      await visible(db, caller, id);
      const key = (await repo.identityOf(db, caller.scope, id))?.[kind];
      const stream = key ? await storage.open(key) : undefined;
      if (!key || !stream) throw notFound('No such image on file');
      return { stream, type: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    },

    /**
     * Submits the identity verification for review. The collection setting decides which fields (and images)
     * are required or not collected; a masked SSN/ITIN sent back keeps the stored one.
     */
    async submitIdentity(caller: Caller, id: string, input: IdentityVerificationInput): Promise<Customer> {
      // Read before the transaction: on PGlite a second query outside it would wait for it forever.
      const setting = await deps.settings.getCustomerInfo();
      return db.transaction(async (tx) => {
        const row = await changeable(tx, caller, id);
        const current = await repo.identityOf(tx, caller.scope, id);
        const keepsSsn = typeof input.ssnOrItin === 'string' && isSecretMask(input.ssnOrItin);
        if (keepsSsn && !current?.ssnOrItinSealed) throw validationError({ ssnOrItin: 'No SSN or ITIN is stored' });
        const ssn = keepsSsn ? 'stored' : blankToNull(input.ssnOrItin);
        assertCustomerFields(setting, {
          identity: {
            documentType: input.documentType,
            documentNumber: input.documentNumber,
            ssnOrItin: ssn,
            firstName: input.firstName,
            lastName: input.lastName,
            dateOfBirth: input.dateOfBirth,
            issueDate: input.issueDate,
            expiryDate: input.expiryDate,
            frontImage: current?.frontImage,
            backImage: current?.backImage,
            selfie: current?.selfie,
          },
        });
        const before = await toCustomer(tx, caller, row);
        const digits = !keepsSsn && ssn ? ssn.replace(/\D/g, '') : null;
        const written = await repo.upsertIdentity(tx, caller.scope, id, {
          status: 'pending',
          documentType: blankToNull(input.documentType),
          documentNumber: blankToNull(input.documentNumber),
          ...(keepsSsn
            ? {}
            : {
                ssnOrItinSealed: digits ? deps.secrets.seal(digits) : null,
                ssnOrItinLast4: digits?.slice(-4) ?? null,
              }),
          firstName: blankToNull(input.firstName),
          lastName: blankToNull(input.lastName),
          dateOfBirth: blankToNull(input.dateOfBirth),
          issueDate: blankToNull(input.issueDate),
          expiryDate: blankToNull(input.expiryDate),
          submittedAt: new Date(),
          reviewedAt: null,
          reviewerId: null,
          denyReason: null,
        });
        wrote(written);
        const after = await reload(tx, caller, id);
        await logChange(
          tx,
          caller,
          ENTITY,
          id,
          auditedIdentity(before.identityVerification),
          auditedIdentity(after.identityVerification),
        );
        return after;
      });
    },

    /** Passes or denies a pending identity verification; the reviewer and the time are kept. */
    async reviewIdentity(caller: Caller, id: string, review: IdentityReview): Promise<Customer> {
      return db.transaction(async (tx) => {
        const row = await changeable(tx, caller, id);
        const identity = await repo.identityOf(tx, caller.scope, id);
        if (identity?.status !== 'pending')
          throw new DomainError('Conflict', 409, 'Only a pending identity verification can be reviewed', {
            status: identity?.status ?? 'not-apply',
          });
        const before = await toCustomer(tx, caller, row);
        const written = await repo.upsertIdentity(tx, caller.scope, id, {
          status: review.decision,
          reviewedAt: new Date(),
          reviewerId: caller.userId,
          denyReason: review.decision === 'denied' ? review.reason : null,
        });
        wrote(written);
        const after = await reload(tx, caller, id);
        await logChange(
          tx,
          caller,
          ENTITY,
          id,
          auditedIdentity(before.identityVerification),
          auditedIdentity(after.identityVerification),
        );
        return after;
      });
    },
  };
}

/** Stripe's answer for a card it would not take, with its code (`data.declineCode`) for the console. */
const cardDeclined = (declineCode: string, message: string) =>
  new DomainError('CardDeclined', 422, message, { declineCode });
const providerMismatch = () =>
  new DomainError(
    'PaymentProviderMismatch',
    422,
    'Cards are taken with Stripe here (PAYMENT_PROVIDER=stripe); the local card form is not used',
  );

const referralFormatError = () =>
  referralError('ReferralCodeFormattedError', 400, 'A referral code is six letters or digits');
const referralInvalid = () =>
  referralError('ReferralCodeInvalid', 422, 'No customer of this partner has that referral code');

export type CustomerService = ReturnType<typeof createCustomerService>;
