import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  operationSettings,
  partnerDocuments,
  partnerOperations,
  partnerPaymentMethods,
  partnerSignUpConfigs,
  partners,
  sites,
  smsServices,
} from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

export type PartnerOperationsValues = Omit<typeof partnerOperations.$inferInsert, 'createdAt' | 'updatedAt'>;
export type PartnerOperationsRow = { row: typeof partnerOperations.$inferSelect; partnerName: string };
export type SignUpConfigRow = { row: typeof partnerSignUpConfigs.$inferSelect; partnerName: string };
export type SignUpConfigValues = Partial<Omit<typeof partnerSignUpConfigs.$inferInsert, 'partnerId' | 'createdAt'>>;

/** Whether an in-scope partner exists (a create for an unknown partner is a field error, not a 500 from the FK). */
export async function partnerName(db: DbOrTx, scope: Scope, partnerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: partners.name })
    .from(partners)
    .where(and(eq(partners.id, partnerId), inScope(scope, partners.id)));
  return row?.name;
}

/* ---------- Partner operations ---------- */

function selectOperations(db: DbOrTx) {
  return db
    .select({ row: partnerOperations, partnerName: partners.name })
    .from(partnerOperations)
    .innerJoin(partners, eq(partners.id, partnerOperations.partnerId));
}

/** Partner operations of in-scope partners, optionally of one partner, one page and the total. */
export async function listOperations(
  db: DbOrTx,
  scope: Scope,
  q: {
    partnerId?: string | undefined;
    pageNo: number;
    pageSize: number;
    sort: { key: 'createdAt' | 'updatedAt'; direction: 'asc' | 'desc' };
  },
): Promise<{ rows: PartnerOperationsRow[]; count: number }> {
  const where = and(
    inScope(scope, partnerOperations.partnerId),
    q.partnerId ? eq(partnerOperations.partnerId, q.partnerId) : undefined,
  );
  const [page, [total]] = await Promise.all([
    selectOperations(db)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          { createdAt: partnerOperations.createdAt, updatedAt: partnerOperations.updatedAt },
          partnerOperations.partnerId,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(partnerOperations).where(where),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

const operationsOf = (scope: Scope, partnerId: string) =>
  and(eq(partnerOperations.partnerId, partnerId), inScope(scope, partnerOperations.partnerId));

/** The operations of an in-scope partner, if it has them. */
export async function getOperations(
  db: DbOrTx,
  scope: Scope,
  partnerId: string,
): Promise<PartnerOperationsRow | undefined> {
  const [row] = await selectOperations(db).where(operationsOf(scope, partnerId));
  return row;
}

/** Sets the operations of an in-scope partner. */
export async function insertOperations(db: DbOrTx, scope: Scope, values: PartnerOperationsValues) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(partnerOperations).values(values);
}

export async function updateOperations(
  db: DbOrTx,
  scope: Scope,
  partnerId: string,
  values: Partial<PartnerOperationsValues>,
) {
  await db
    .update(partnerOperations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(operationsOf(scope, partnerId));
}

export async function removeOperations(db: DbOrTx, scope: Scope, partnerId: string) {
  await db.delete(partnerOperations).where(operationsOf(scope, partnerId));
}

/* ---------- Sign-up config ---------- */

function selectSignUpConfigs(db: DbOrTx) {
  return db
    .select({ row: partnerSignUpConfigs, partnerName: partners.name })
    .from(partnerSignUpConfigs)
    .innerJoin(partners, eq(partners.id, partnerSignUpConfigs.partnerId));
}

export async function listSignUpConfigs(
  db: DbOrTx,
  scope: Scope,
  q: { partnerId?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: SignUpConfigRow[]; count: number }> {
  const where = and(
    inScope(scope, partnerSignUpConfigs.partnerId),
    q.partnerId ? eq(partnerSignUpConfigs.partnerId, q.partnerId) : undefined,
  );
  const [page, [total]] = await Promise.all([
    selectSignUpConfigs(db)
      .where(where)
      .orderBy(sql`${partnerSignUpConfigs.createdAt} desc`, asc(partnerSignUpConfigs.partnerId))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(partnerSignUpConfigs).where(where),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

const signUpConfigOf = (scope: Scope, partnerId: string) =>
  and(eq(partnerSignUpConfigs.partnerId, partnerId), inScope(scope, partnerSignUpConfigs.partnerId));

/** The sign-up config of an in-scope partner, if it has one. */
export async function getSignUpConfig(
  db: DbOrTx,
  scope: Scope,
  partnerId: string,
): Promise<SignUpConfigRow | undefined> {
  const [row] = await selectSignUpConfigs(db).where(signUpConfigOf(scope, partnerId));
  return row;
}

/** A new (disabled) sign-up config of an in-scope partner. */
export async function insertSignUpConfig(db: DbOrTx, scope: Scope, partnerId: string, token: string) {
  assertPartnerInScope(scope, partnerId);
  await db.insert(partnerSignUpConfigs).values({ partnerId, token });
}

export async function updateSignUpConfig(db: DbOrTx, scope: Scope, partnerId: string, values: SignUpConfigValues) {
  await db
    .update(partnerSignUpConfigs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(signUpConfigOf(scope, partnerId));
}

/* ---------- Overview ---------- */

/**
 * Each item's state per partner as SQL over the tables the other settings modules own (read only here).
 * The `ready*` conditions are the required-to-rent rules; the overview filter and partnerReadiness use
 * the same expressions so a partner the overview calls complete is one checkout accepts.
 */
// Drizzle leaves columns unqualified when a query reads one table, and inside these subqueries a bare "id"
// would be the inner table's: the outer partner is named explicitly.
const outerPartnerId = sql.raw('"partners"."id"');

const state = {
  operationSetting: sql<
    'complete' | 'unconfirmed' | 'missing'
  >`coalesce((select case when ${operationSettings.confirmedAt} is null then 'unconfirmed' else 'complete' end from ${operationSettings} where ${operationSettings.partnerId} = ${outerPartnerId}), 'missing')`,
  smsService: sql<boolean>`exists (select 1 from ${smsServices} where ${smsServices.partnerId} = ${outerPartnerId})`,
  partnerOperations: sql<boolean>`exists (select 1 from ${partnerOperations} where ${partnerOperations.partnerId} = ${outerPartnerId})`,
  signUpConfig: sql<
    'enabled' | 'disabled' | 'missing'
  >`coalesce((select case when ${partnerSignUpConfigs.isEnabled} then 'enabled' else 'disabled' end from ${partnerSignUpConfigs} where ${partnerSignUpConfigs.partnerId} = ${outerPartnerId}), 'missing')`,
  paymentMethods: sql<boolean>`exists (select 1 from ${partnerPaymentMethods} where ${partnerPaymentMethods.partnerId} = ${outerPartnerId} and ${partnerPaymentMethods.isEnabled})`,
  sites: sql<boolean>`exists (select 1 from ${sites} where ${sites.partnerId} = ${outerPartnerId} and not ${sites.isArchived})`,
  terms: sql<boolean>`exists (select 1 from ${partnerDocuments} where ${partnerDocuments.partnerId} = ${outerPartnerId} and ${partnerDocuments.type} = 'terms')`,
  privacyPolicy: sql<boolean>`exists (select 1 from ${partnerDocuments} where ${partnerDocuments.partnerId} = ${outerPartnerId} and ${partnerDocuments.type} = 'privacy-policy')`,
};

const confirmedOperationSetting = sql`exists (select 1 from ${operationSettings} where ${operationSettings.partnerId} = ${outerPartnerId} and ${operationSettings.confirmedAt} is not null)`;
const readyToRent: SQL = sql`(${confirmedOperationSetting} and ${state.partnerOperations} and ${state.paymentMethods} and ${state.sites} and ${state.terms} and ${state.privacyPolicy})`;

export type OverviewRow = {
  id: string;
  name: string;
  operationSetting: 'complete' | 'unconfirmed' | 'missing';
  smsService: boolean;
  partnerOperations: boolean;
  signUpConfig: 'enabled' | 'disabled' | 'missing';
  paymentMethods: boolean;
  sites: boolean;
  terms: boolean;
  privacyPolicy: boolean;
};

const overviewColumns = { id: partners.id, name: partners.name, ...state };

/** Partners in scope with the state of each setting, searched by name, optionally only the incomplete ones. */
export async function overview(
  db: DbOrTx,
  scope: Scope,
  q: { search?: string | undefined; incomplete: boolean; pageNo: number; pageSize: number },
): Promise<{ rows: OverviewRow[]; count: number }> {
  const where = and(
    inScope(scope, partners.id),
    q.search ? ilike(partners.name, likePattern(q.search)) : undefined,
    q.incomplete ? sql`not ${readyToRent}` : undefined,
  );
  const [page, [total]] = await Promise.all([
    db
      .select(overviewColumns)
      .from(partners)
      .where(where)
      .orderBy(sql`lower(${partners.name})`, asc(partners.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(partners).where(where),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

/** The same states for the given in-scope partners (readiness checks of other modules). */
export async function overviewOf(db: DbOrTx, scope: Scope, partnerIds: readonly string[]): Promise<OverviewRow[]> {
  if (partnerIds.length === 0) return [];
  return db
    .select(overviewColumns)
    .from(partners)
    .where(and(inArray(partners.id, [...partnerIds]), inScope(scope, partners.id)));
}
