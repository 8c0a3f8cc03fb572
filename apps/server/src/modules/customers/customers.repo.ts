import type { CustomerAddress, CustomerListQuery } from '@fleetdesk/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  customerEmailTokens,
  customerIdentities,
  customerMemberships,
  customerPaymentMethods,
  customers,
  users,
} from '../../db/schema/index.ts';
import { rows, uuidList, whereOf } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { isAll, type Scope } from '../../lib/scope.ts';

type Timestamp = Date | string;

export interface MembershipRow {
  partnerId: string;
  partnerName: string;
  joinedAt: string;
}

export interface CustomerSummaryRow {
  id: string;
  phone_no: string;
  first_name: string;
  last_name: string;
  email: string | null;
  email_verified_at: Timestamp | null;
  deleted_at: Timestamp | null;
  referral_code: string;
  marketing_reported_source: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  id_status: string;
  memberships: MembershipRow[];
  payment_method_bound: boolean;
}

export interface CustomerRow extends CustomerSummaryRow {
  whats_app: string | null;
  contact_address: CustomerAddress | null;
  overnight_address: CustomerAddress | null;
  is_marketing_consented: boolean | null;
  note: string | null;
  referrer_id: string | null;
  referral_confirmed_at: Timestamp | null;
  /** Every partner of the customer, in scope or not (rules that span partners need them all). */
  all_partner_ids: string[];
}

/**
 * A customer is visible to a partner user when they are a member of one of the user's partners. `customerId` is
 * the customer's id as SQL: the list's column, or the id a by-id read or write was given.
 */
function visibleTo(scope: Scope, customerId: SQL = sql`c.id`): SQL | undefined {
  if (isAll(scope)) return undefined;
  if (scope.length === 0) return sql`false`;
  return sql`exists (select 1 from customer_memberships vm where vm.customer_id = ${customerId} and vm.partner_id in (${uuidList(scope)}))`;
}

/**
 * The scope reaches every partner the customer is a member of: a change to the customer's shared account
 * (sign-in identifiers, name, password, deletion, payment methods) reaches all of them.
 */
function coveredBy(scope: Scope, customerId: SQL): SQL | undefined {
  if (isAll(scope)) return undefined;
  const outside = scope.length ? sql` and cm.partner_id not in (${uuidList(scope)})` : sql``;
  return sql`not exists (select 1 from customer_memberships cm where cm.customer_id = ${customerId}${outside})`;
}

const idOf = (id: string) => sql`${id}::uuid`;

/** Memberships as the caller may see them: partners outside the scope are not named to a partner user. */
function membershipsOf(scope: Scope): SQL {
  const within = isAll(scope) ? sql`` : scope.length ? sql` and m.partner_id in (${uuidList(scope)})` : sql` and false`;
  return sql`coalesce((select json_agg(json_build_object('partnerId', p.id, 'partnerName', p.name, 'joinedAt', m.joined_at)
      order by p.name) from customer_memberships m join partners p on p.id = m.partner_id
      where m.customer_id = c.id${within}), '[]'::json)`;
}

const summaryColumns = (scope: Scope) => sql`c.id, c.phone_no, c.first_name, c.last_name, c.email, c.email_verified_at,
    c.deleted_at, c.referral_code, c.marketing_reported_source, c.created_at, c.updated_at,
    coalesce(ci.status, 'not-apply') as id_status,
    ${membershipsOf(scope)} as memberships,
    exists (select 1 from customer_payment_methods pm
      where pm.customer_id = c.id and pm.deleted_at is null and pm.valid) as payment_method_bound`;

const fromCustomers = sql`from customers c left join customer_identities ci on ci.customer_id = c.id`;

const sortColumns = {
  createdAt: sql`c.created_at`,
  updatedAt: sql`c.updated_at`,
  name: sql`lower(c.first_name || ' ' || c.last_name)`,
  phoneNo: sql`c.phone_no`,
  isArchived: sql`(c.deleted_at is not null)`,
} as const;

function filtersOf(scope: Scope, q: Omit<CustomerListQuery, 'pageNo' | 'pageSize' | 'sort'>): SQL {
  const term = q.search ? likePattern(q.search) : undefined;
  const conditions = [
    visibleTo(scope),
    term
      ? sql`(c.phone_no ilike ${term} or (c.first_name || ' ' || c.last_name) ilike ${term} or c.email ilike ${term}
          or upper(c.referral_code) = upper(${q.search}))`
      : undefined,
    q.partnerId
      ? sql`exists (select 1 from customer_memberships fm where fm.customer_id = c.id and fm.partner_id = ${q.partnerId})`
      : undefined,
    q.status === 'active' ? sql`c.deleted_at is null` : undefined,
    q.status === 'deleted' ? sql`c.deleted_at is not null` : undefined,
    q.idVerificationStatus ? sql`coalesce(ci.status, 'not-apply') = ${q.idVerificationStatus}` : undefined,
    q.paymentMethodBound
      ? sql`${q.paymentMethodBound === 'true' ? sql`` : sql`not `}exists (select 1 from customer_payment_methods bm
          where bm.customer_id = c.id and bm.deleted_at is null and bm.valid)`
      : undefined,
    q.createdFrom ? sql`c.created_at >= ${q.createdFrom}` : undefined,
    q.createdTo ? sql`c.created_at < ${q.createdTo}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
}

/** Customers in scope, filtered; deleted ones always last, then the chosen order (document 1 §7.6). */
export async function list(
  db: DbOrTx,
  scope: Scope,
  q: Omit<CustomerListQuery, 'pageNo' | 'pageSize'>,
  page: { limit: number; offset: number },
) {
  const where = filtersOf(scope, q);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [found, [total]] = await Promise.all([
    rows<CustomerSummaryRow>(
      db,
      sql`select ${summaryColumns(scope)} ${fromCustomers}${where}
          order by (c.deleted_at is not null), ${sortColumns[q.sort.key]} ${direction}, c.id
          limit ${page.limit} offset ${page.offset}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${fromCustomers}${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

export const pageOf = (q: { pageNo: number; pageSize: number }) => ({ limit: q.pageSize, offset: offsetOf(q) });

/** One customer (deleted ones included) if the scope reaches them; out of scope reads as missing. */
export async function get(db: DbOrTx, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const [row] = await rows<CustomerRow>(
    db,
    sql`select ${summaryColumns(scope)}, c.whats_app, c.contact_address, c.overnight_address, c.is_marketing_consented,
          c.note, c.referrer_id, c.referral_confirmed_at,
          array(select am.partner_id::text from customer_memberships am where am.customer_id = c.id) as all_partner_ids
        ${fromCustomers} ${whereOf([sql`c.id = ${id}`, visibleTo(scope)])}${opts.lock ? sql` for update of c` : sql``}`,
  );
  return row;
}

/**
 * Whether the scope reaches every partner of the customer. The one decision behind every change to the
 * customer's shared account; the writes of that account apply the same condition in their own SQL.
 */
export async function scopeCoversCustomer(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const [row] = await rows<{ covered: boolean }>(db, sql`select ${coveredBy(scope, idOf(id)) ?? sql`true`} as covered`);
  return row?.covered === true;
}

/** The identity verification of a customer in scope, with the name of its reviewer. */
export async function identityOf(db: DbOrTx, scope: Scope, customerId: string) {
  const [row] = await db
    .select({ identity: customerIdentities, reviewerName: users.name })
    .from(customerIdentities)
    .leftJoin(users, eq(users.id, customerIdentities.reviewerId))
    .where(and(eq(customerIdentities.customerId, customerId), visibleTo(scope, idOf(customerId))));
  return row ? { ...row.identity, reviewerName: row.reviewerName } : undefined;
}

export async function paymentMethodById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(customerPaymentMethods).where(eq(customerPaymentMethods.id, id));
  return row;
}

/** The payment methods on file of a customer in scope. */
export async function paymentMethodsOf(db: DbOrTx, scope: Scope, customerId: string) {
  return db
    .select()
    .from(customerPaymentMethods)
    .where(
      and(
        eq(customerPaymentMethods.customerId, customerId),
        isNull(customerPaymentMethods.deletedAt),
        visibleTo(scope, idOf(customerId)),
      ),
    )
    .orderBy(customerPaymentMethods.createdAt, customerPaymentMethods.id);
}

/** Who referred a customer, if the scope reaches the referrer too (another partner's customer is not named). */
export async function referrerOf(db: DbOrTx, scope: Scope, referrerId: string) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phoneNo: customers.phoneNo,
      referralCode: customers.referralCode,
    })
    .from(customers)
    .where(and(eq(customers.id, referrerId), visibleTo(scope, idOf(referrerId))));
  return row;
}

/** The live customer in scope a referral code belongs to, with every partner they are a member of. */
export async function byReferralCode(db: DbOrTx, scope: Scope, code: string) {
  const [row] = await rows<{
    id: string;
    first_name: string;
    last_name: string;
    phone_no: string;
    referral_code: string;
    partner_ids: string[];
  }>(
    db,
    sql`select c.id, c.first_name, c.last_name, c.phone_no, c.referral_code,
          array(select m.partner_id::text from customer_memberships m where m.customer_id = c.id) as partner_ids
        from customers c
        ${whereOf([sql`upper(c.referral_code) = upper(${code})`, sql`c.deleted_at is null`, visibleTo(scope)])}`,
  );
  return row;
}

export async function referralCodeTaken(db: DbOrTx, code: string) {
  const [row] = await rows<{ one: number }>(
    db,
    sql`select 1 as one from customers where upper(referral_code) = upper(${code})`,
  );
  return row !== undefined;
}

export type CustomerValues = Partial<
  Omit<typeof customers.$inferInsert, 'id' | 'referralCode' | 'passwordHash' | 'createdAt' | 'updatedAt'>
>;

export async function insert(
  db: DbOrTx,
  row: { id: string; referralCode: string; passwordHash: string } & CustomerValues & {
      phoneNo: string;
      firstName: string;
      lastName: string;
      createdAt?: Date;
      updatedAt?: Date;
    },
) {
  await db.insert(customers).values(row);
}

/** The customer's shared account: the sign-in identifiers and the name every partner of the customer shows. */
const wholeCustomerColumns = ['phoneNo', 'email', 'emailVerifiedAt', 'firstName', 'lastName'] as const;

/**
 * Changes a customer in scope. Values of the shared account (`wholeCustomerColumns`) are written only when the
 * scope reaches every partner of the customer; false when nothing was written.
 */
export async function update(db: DbOrTx, scope: Scope, id: string, values: CustomerValues): Promise<boolean> {
  const shared = wholeCustomerColumns.some((column) => values[column] !== undefined);
  const updated = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.id, id), visibleTo(scope, idOf(id)), shared ? coveredBy(scope, idOf(id)) : undefined))
    .returning({ id: customers.id });
  if (updated.length === 1 && values.phoneNo !== undefined) {
    await db.update(customerMemberships).set({ phoneNo: values.phoneNo }).where(eq(customerMemberships.customerId, id));
  }
  return updated.length === 1;
}

/**
 * Deleting frees the phone number in the customer's partners; restoring claims it again (unique index). Only
 * with a scope over every partner of the customer; false when nothing was written.
 */
export async function setDeleted(db: DbOrTx, scope: Scope, id: string, deleted: boolean): Promise<boolean> {
  const updated = await db
    .update(customers)
    .set({ deletedAt: deleted ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(customers.id, id), visibleTo(scope, idOf(id)), coveredBy(scope, idOf(id))))
    .returning({ id: customers.id });
  if (updated.length === 1)
    await db.update(customerMemberships).set({ live: !deleted }).where(eq(customerMemberships.customerId, id));
  return updated.length === 1;
}

export async function addMembership(
  db: DbOrTx,
  m: { customerId: string; partnerId: string; phoneNo: string; joinedAt?: Date },
) {
  await db.insert(customerMemberships).values({ ...m, live: true });
}

/** Sets the password of the shared account, only with a scope over every partner of the customer. */
export async function setPassword(db: DbOrTx, scope: Scope, id: string, passwordHash: string): Promise<boolean> {
  const updated = await db
    .update(customers)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(customers.id, id), visibleTo(scope, idOf(id)), coveredBy(scope, idOf(id))))
    .returning({ id: customers.id });
  return updated.length === 1;
}

/** Sets the referrer unless one is already confirmed; false when another request confirmed first. */
export async function confirmReferrer(db: DbOrTx, scope: Scope, id: string, referrerId: string) {
  const updated = await db
    .update(customers)
    .set({ referrerId, referralConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(customers.id, id), isNull(customers.referralConfirmedAt), visibleTo(scope, idOf(id))))
    .returning({ id: customers.id });
  return updated.length === 1;
}

/** Removes a payment method of the shared account, only with a scope over every partner of the customer. */
export async function removePaymentMethod(db: DbOrTx, scope: Scope, customerId: string, paymentMethodId: string) {
  const removed = await db
    .update(customerPaymentMethods)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(customerPaymentMethods.id, paymentMethodId),
        eq(customerPaymentMethods.customerId, customerId),
        isNull(customerPaymentMethods.deletedAt),
        visibleTo(scope, idOf(customerId)),
        coveredBy(scope, idOf(customerId)),
      ),
    )
    .returning();
  return removed[0];
}

export type IdentityValues = Partial<Omit<typeof customerIdentities.$inferInsert, 'customerId' | 'createdAt'>>;

/** Writes the identity verification of a customer in scope; false (nothing written) out of scope. */
export async function upsertIdentity(db: DbOrTx, scope: Scope, customerId: string, values: IdentityValues) {
  // An insert cannot carry a where clause: the scope is asked first, in the caller's transaction.
  if (!(await inScopeIds(db, scope, [customerId])).length) return false;
  await db
    .insert(customerIdentities)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: customerIdentities.customerId, set: { ...values, updatedAt: new Date() } });
  return true;
}

/** The ids among `ids` of customers the scope reaches. */
export async function inScopeIds(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: string }>(
    db,
    sql`select c.id from customers c ${whereOf([sql`c.id in (${uuidList(ids)})`, visibleTo(scope)])}`,
  );
  return found.map((r) => r.id);
}

/** Records a verification link sent to a customer in scope; false (nothing written) out of scope. */
export async function insertEmailToken(
  db: DbOrTx,
  scope: Scope,
  token: { tokenHash: string; customerId: string; email: string; expiresAt: Date },
) {
  if (!(await inScopeIds(db, scope, [token.customerId])).length) return false;
  await db.insert(customerEmailTokens).values(token);
  return true;
}

/** Uses a live token once: the e-mail it was sent to is verified if it is still the customer's. */
export async function useEmailToken(db: DbOrTx, tokenHash: string) {
  const [used] = await db
    .update(customerEmailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(customerEmailTokens.tokenHash, tokenHash),
        isNull(customerEmailTokens.usedAt),
        sql`${customerEmailTokens.expiresAt} > now()`,
      ),
    )
    .returning();
  if (!used) return false;
  const verified = await db
    .update(customers)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(customers.id, used.customerId), sql`lower(${customers.email}) = lower(${used.email})`))
    .returning({ id: customers.id });
  return verified.length === 1 ? used.customerId : false;
}

/**
 * Adds a payment method to the shared account, only with a scope over every partner of the customer (asked in the
 * caller's transaction: an insert carries no where clause); false when nothing was written.
 */
export async function insertPaymentMethod(
  db: DbOrTx,
  scope: Scope,
  method: Omit<typeof customerPaymentMethods.$inferInsert, 'createdAt' | 'updatedAt' | 'deletedAt'>,
): Promise<boolean> {
  if (!(await scopeCoversCustomer(db, scope, method.customerId))) return false;
  if (!(await inScopeIds(db, scope, [method.customerId])).length) return false;
  await db.insert(customerPaymentMethods).values(method);
  return true;
}

/** Whether this provider payment method is already on file (not removed) for the customer. */
export async function hasPaymentMethodRef(db: DbOrTx, customerId: string, providerRef: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customerPaymentMethods.id })
    .from(customerPaymentMethods)
    .where(
      and(
        eq(customerPaymentMethods.customerId, customerId),
        eq(customerPaymentMethods.providerRef, providerRef),
        isNull(customerPaymentMethods.deletedAt),
      ),
    );
  return row !== undefined;
}

/**
 * The provider's customer a card of this customer was saved on (Stripe's `cus_…`, kept in front of the payment
 * method as `cus_…/pm_…`), so every card of one customer lands on one Stripe customer.
 */
export async function providerCustomerOf(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await rows<{ ref: string }>(
    db,
    sql`select split_part(provider_ref, '/', 1) as ref from customer_payment_methods
        where customer_id = ${customerId} and provider_ref like 'cus\_%/%' order by created_at limit 1`,
  );
  return row?.ref ?? null;
}
