import type { OperationSettingListQuery } from '@fleetdesk/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operationSettings, partners, smsServices } from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

/** Per service, its fields; secret ones hold SecretBox-sealed text. */
export type StoredServices = Partial<Record<string, Record<string, string>>>;

export type OperationSettingValues = Omit<
  typeof operationSettings.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'services'
> & { services: StoredServices };

export type OperationSettingRow = {
  setting: Omit<typeof operationSettings.$inferSelect, 'services'> & { services: unknown };
  partnerName: string;
};

function selectSettings(db: DbOrTx) {
  return db
    .select({ setting: operationSettings, partnerName: partners.name })
    .from(operationSettings)
    .innerJoin(partners, eq(partners.id, operationSettings.partnerId));
}

/** Settings of in-scope partners (optionally one partner), one page and the total. */
export async function list(
  db: DbOrTx,
  scope: Scope,
  q: OperationSettingListQuery,
): Promise<{ rows: OperationSettingRow[]; count: number }> {
  const where = and(
    inScope(scope, operationSettings.partnerId),
    q.partnerId ? eq(operationSettings.partnerId, q.partnerId) : undefined,
  );
  const [page, [total]] = await Promise.all([
    selectSettings(db)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          { createdAt: operationSettings.createdAt, updatedAt: operationSettings.updatedAt },
          operationSettings.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(operationSettings).where(where),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

const oneSetting = (scope: Scope, id: string) =>
  and(eq(operationSettings.id, id), inScope(scope, operationSettings.partnerId));

/** One in-scope setting by id; one of another partner is absent, as a missing one. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<OperationSettingRow | undefined> {
  const [row] = await selectSettings(db).where(oneSetting(scope, id));
  return row;
}

/** Locks an in-scope setting for a change; false when there is none. */
export async function lock(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: operationSettings.id })
    .from(operationSettings)
    .where(oneSetting(scope, id))
    .for('update');
  return row !== undefined;
}

/** The setting of an in-scope partner, if it has one (one per partner). */
export async function findByPartner(db: DbOrTx, scope: Scope, partnerId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: operationSettings.id })
    .from(operationSettings)
    .where(and(eq(operationSettings.partnerId, partnerId), inScope(scope, operationSettings.partnerId)));
  return row;
}

/** The name of an in-scope partner; undefined for an unknown one. */
export async function partnerName(db: DbOrTx, scope: Scope, partnerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: partners.name })
    .from(partners)
    .where(and(eq(partners.id, partnerId), inScope(scope, partners.id)));
  return row?.name;
}

/** A new setting of an in-scope partner. */
export async function insert(db: DbOrTx, scope: Scope, id: string, values: OperationSettingValues) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(operationSettings).values({ id, ...values });
}

export async function update(db: DbOrTx, scope: Scope, id: string, values: Partial<OperationSettingValues>) {
  await db
    .update(operationSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(oneSetting(scope, id));
}

export async function confirm(db: DbOrTx, scope: Scope, id: string, userId: string) {
  await db
    .update(operationSettings)
    .set({ confirmedAt: sql`now()`, confirmedBy: userId, updatedAt: sql`now()` })
    .where(oneSetting(scope, id));
}

export async function remove(db: DbOrTx, scope: Scope, id: string) {
  await db.delete(operationSettings).where(oneSetting(scope, id));
}

// SMS services -----------------------------------------------------------------------------------------------

export type SmsServiceRow = { sms: typeof smsServices.$inferSelect; partnerName: string };
export type SmsServiceValues = Pick<
  typeof smsServices.$inferInsert,
  'accountSid' | 'authTokenSealed' | 'pathServiceSid'
>;

function selectSms(db: DbOrTx) {
  return db
    .select({ sms: smsServices, partnerName: partners.name })
    .from(smsServices)
    .innerJoin(partners, eq(partners.id, smsServices.partnerId));
}

export async function listSms(db: DbOrTx, scope: Scope): Promise<SmsServiceRow[]> {
  return selectSms(db)
    .where(inScope(scope, smsServices.partnerId))
    .orderBy(sql`lower(${partners.name})`, smsServices.partnerId);
}

const smsOf = (scope: Scope, partnerId: string) =>
  and(eq(smsServices.partnerId, partnerId), inScope(scope, smsServices.partnerId));

/** The SMS service of an in-scope partner, if it has one. */
export async function getSms(db: DbOrTx, scope: Scope, partnerId: string): Promise<SmsServiceRow | undefined> {
  const [row] = await selectSms(db).where(smsOf(scope, partnerId));
  return row;
}

/** Creates or replaces the SMS service of an in-scope partner (one per partner). */
export async function upsertSms(db: DbOrTx, scope: Scope, partnerId: string, values: SmsServiceValues) {
  assertPartnerInScope(scope, partnerId);
  await db
    .insert(smsServices)
    .values({ partnerId, ...values })
    .onConflictDoUpdate({ target: smsServices.partnerId, set: { ...values, updatedAt: sql`now()` } });
}

export async function removeSms(db: DbOrTx, scope: Scope, partnerId: string) {
  await db.delete(smsServices).where(smsOf(scope, partnerId));
}
