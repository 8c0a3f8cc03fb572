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
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { rows, uuidList } from '../../lib/rows.ts';
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
  /** Whether the caller's scope reaches one of the customer's partners; the service picks 404 or 403. */
  visible: boolean;
  /** Every partner of the customer, in scope or not (rules that span partners need them all). */
  all_partner_ids: string[];
}

/** A customer is visible to a partner user when they are a member of one of the user's partners. */
function visibleTo(scope: Scope): SQL | undefined {
  if (isAll(scope)) return undefined;
  if (scope.length === 0) return sql`false`;
  return sql`exists (select 1 from customer_memberships vm where vm.customer_id = c.id and vm.partner_id in (${uuidList(scope)}))`;
}

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

/** One customer (deleted ones included) with the flag telling whether the scope reaches them. */
export async function get(db: DbOrTx, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const [row] = await rows<CustomerRow>(
    db,
    sql`select ${summaryColumns(scope)}, c.whats_app, c.contact_address, c.overnight_address, c.is_marketing_consented,
          c.note, c.referrer_id, c.referral_confirmed_at, ${visibleTo(scope) ?? sql`true`} as visible,
          array(select am.partner_id::text from customer_memberships am where am.customer_id = c.id) as all_partner_ids
        ${fromCustomers} where c.id = ${id}${opts.lock ? sql` for update of c` : sql``}`,
  );
  return row;
}

/** The identity verification of a customer with the name of its reviewer. */
export async function identityOf(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ identity: customerIdentities, reviewerName: users.name })
    .from(customerIdentities)
    .leftJoin(users, eq(users.id, customerIdentities.reviewerId))
    .where(eq(customerIdentities.customerId, customerId));
  return row ? { ...row.identity, reviewerName: row.reviewerName } : undefined;
}

export async function paymentMethodById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(customerPaymentMethods).where(eq(customerPaymentMethods.id, id));
  return row;
}

export async function paymentMethodsOf(db: DbOrTx, customerId: string) {
  return db
    .select()
    .from(customerPaymentMethods)
    .where(and(eq(customerPaymentMethods.customerId, customerId), isNull(customerPaymentMethods.deletedAt)))
    .orderBy(customerPaymentMethods.createdAt, customerPaymentMethods.id);
}

export async function referrerOf(db: DbOrTx, referrerId: string) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phoneNo: customers.phoneNo,
      referralCode: customers.referralCode,
    })
    .from(customers)
    .where(eq(customers.id, referrerId));
  return row;
}

/** The live customer a referral code belongs to, with every partner they are a member of. */
export async function byReferralCode(db: DbOrTx, code: string) {
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
        from customers c where upper(c.referral_code) = upper(${code}) and c.deleted_at is null`,
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

export async function update(db: DbOrTx, id: string, values: CustomerValues) {
  await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, id));
  if (values.phoneNo !== undefined) {
    await db.update(customerMemberships).set({ phoneNo: values.phoneNo }).where(eq(customerMemberships.customerId, id));
  }
}

/** Deleting frees the phone number in the customer's partners; restoring claims it again (unique index). */
export async function setDeleted(db: DbOrTx, id: string, deleted: boolean) {
  await db
    .update(customers)
    .set({ deletedAt: deleted ? new Date() : null, updatedAt: new Date() })
    .where(eq(customers.id, id));
  await db.update(customerMemberships).set({ live: !deleted }).where(eq(customerMemberships.customerId, id));
}

export async function addMembership(
  db: DbOrTx,
  m: { customerId: string; partnerId: string; phoneNo: string; joinedAt?: Date },
) {
  await db.insert(customerMemberships).values({ ...m, live: true });
}

export async function setPassword(db: DbOrTx, id: string, passwordHash: string) {
  await db.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, id));
}

/** Sets the referrer unless one is already confirmed; false when another request confirmed first. */
export async function confirmReferrer(db: DbOrTx, id: string, referrerId: string) {
  const updated = await db
    .update(customers)
    .set({ referrerId, referralConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(customers.id, id), isNull(customers.referralConfirmedAt)))
    .returning({ id: customers.id });
  return updated.length === 1;
}

export async function removePaymentMethod(db: DbOrTx, customerId: string, paymentMethodId: string) {
  const removed = await db
    .update(customerPaymentMethods)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(customerPaymentMethods.id, paymentMethodId),
        eq(customerPaymentMethods.customerId, customerId),
        isNull(customerPaymentMethods.deletedAt),
      ),
    )
    .returning();
  return removed[0];
}

export type IdentityValues = Partial<Omit<typeof customerIdentities.$inferInsert, 'customerId' | 'createdAt'>>;

export async function upsertIdentity(db: DbOrTx, customerId: string, values: IdentityValues) {
  await db
    .insert(customerIdentities)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: customerIdentities.customerId, set: { ...values, updatedAt: new Date() } });
}

export async function insertEmailToken(
  db: DbOrTx,
  token: { tokenHash: string; customerId: string; email: string; expiresAt: Date },
) {
  await db.insert(customerEmailTokens).values(token);
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
