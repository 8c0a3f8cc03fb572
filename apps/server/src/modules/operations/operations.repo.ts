import type { OperationSettingListQuery } from '@fleetdesk/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operationSettings, partners, smsServices } from '../../db/schema/index.ts';
import { offsetOf, orderBy } from '../../lib/paging.ts';
import { inScope, type Scope } from '../../lib/scope.ts';

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

/** One setting by id, whatever the scope: the service decides between 404 and 403. */
export async function get(db: DbOrTx, id: string): Promise<OperationSettingRow | undefined> {
  const [row] = await selectSettings(db).where(eq(operationSettings.id, id));
  return row;
}

/** The setting of a partner, if it has one (one per partner). */
export async function findByPartner(db: DbOrTx, partnerId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: operationSettings.id })
    .from(operationSettings)
    .where(eq(operationSettings.partnerId, partnerId));
  return row;
}

export async function partnerName(db: DbOrTx, partnerId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId));
  return row?.name;
}

export async function insert(db: DbOrTx, id: string, values: OperationSettingValues) {
  await db.insert(operationSettings).values({ id, ...values });
}

export async function update(db: DbOrTx, id: string, values: Partial<OperationSettingValues>) {
  await db
    .update(operationSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(operationSettings.id, id));
}

export async function confirm(db: DbOrTx, id: string, userId: string) {
  await db
    .update(operationSettings)
    .set({ confirmedAt: sql`now()`, confirmedBy: userId, updatedAt: sql`now()` })
    .where(eq(operationSettings.id, id));
}

export async function remove(db: DbOrTx, id: string) {
  await db.delete(operationSettings).where(eq(operationSettings.id, id));
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

export async function getSms(db: DbOrTx, partnerId: string): Promise<SmsServiceRow | undefined> {
  const [row] = await selectSms(db).where(eq(smsServices.partnerId, partnerId));
  return row;
}

/** Creates or replaces the partner's SMS service (one per partner). */
export async function upsertSms(db: DbOrTx, partnerId: string, values: SmsServiceValues) {
  await db
    .insert(smsServices)
    .values({ partnerId, ...values })
    .onConflictDoUpdate({ target: smsServices.partnerId, set: { ...values, updatedAt: sql`now()` } });
}

export async function removeSms(db: DbOrTx, partnerId: string) {
  await db.delete(smsServices).where(eq(smsServices.partnerId, partnerId));
}
