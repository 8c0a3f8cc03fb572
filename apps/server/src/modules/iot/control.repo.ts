import type { controlRecordQuery, IotControlRecord } from '@fleetdesk/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { assets, iotControlRecords, iotDevices, users } from '../../db/schema/index.ts';
import { inScope, inScopeSql, rows } from '../../db/sql.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

/** Only this file writes control records; every transition is guarded by `status = 'pending'`. */
export type ControlRecordRow = typeof iotControlRecords.$inferSelect;
export type NewControlRecord = typeof iotControlRecords.$inferInsert;

export interface ControlTarget {
  id: string;
  no: string;
  partnerId: string;
  deviceNo: string | null;
  vendor: string | null;
  assetType: string;
}

export async function findTargets(db: DbOrTx, scope: Scope, nos: readonly string[]): Promise<ControlTarget[]> {
  return db
    .select({
      id: assets.id,
      no: assets.no,
      partnerId: assets.partnerId,
      deviceNo: assets.iotDeviceNo,
      vendor: assets.iotVendor,
      assetType: sql<string>`(select asset_type from asset_categories c where c.id = ${assets.categoryId})`,
    })
    .from(assets)
    .where(and(inArray(assets.no, [...nos]), inScope(scope, assets.partnerId)));
}

/**
 * Inserts settled records as they are, and pending ones unless the same request is in flight for the device.
 * A record of another partner's asset is refused (403) before anything is written.
 */
export async function insertRecords(
  db: DbOrTx,
  scope: Scope,
  settled: NewControlRecord[],
  pending: NewControlRecord[],
): Promise<{ insertedPendingIds: Set<string> }> {
  for (const r of [...settled, ...pending]) assertPartnerInScope(scope, r.partnerId);
  if (settled.length > 0) await db.insert(iotControlRecords).values(settled);
  if (pending.length === 0) return { insertedPendingIds: new Set() };
  // The partial unique index (device_no, command) where pending is the "same request in progress" rule.
  const inserted = await db
    .insert(iotControlRecords)
    .values(pending)
    .onConflictDoNothing({
      target: [iotControlRecords.deviceNo, iotControlRecords.command],
      where: sql`status = 'pending'`,
    })
    .returning({ id: iotControlRecords.id });
  return { insertedPendingIds: new Set(inserted.map((r) => r.id)) };
}

/** Records with their staff member's name: every read of records starts here. */
const selectRecords = (db: DbOrTx) =>
  db
    .select({ record: iotControlRecords, staffName: users.name })
    .from(iotControlRecords)
    .leftJoin(users, eq(users.id, iotControlRecords.userId));

function toRecord(r: { record: ControlRecordRow; staffName: string | null }): IotControlRecord {
  const x = r.record;
  return {
    id: x.id,
    kind: x.kind as IotControlRecord['kind'],
    assetNo: x.assetNo,
    deviceNo: x.deviceNo,
    command: x.command,
    config: (x.config as Record<string, unknown> | null) ?? null,
    channel: x.channel as IotControlRecord['channel'],
    initiator: x.initiator as IotControlRecord['initiator'],
    staff: x.userId && r.staffName !== null ? { id: x.userId, name: r.staffName } : null,
    customerId: x.customerId,
    rentingOrderId: x.rentingOrderId,
    requestedAt: toIso(x.requestedAt),
    expiresAt: toIso(x.expiresAt),
    respondedTime: toIsoOrNull(x.respondedTime),
    status: x.status as IotControlRecord['status'],
    replyStatus: (x.replyStatus as IotControlRecord['replyStatus']) ?? null,
    failedReason: (x.failedReason as IotControlRecord['failedReason']) ?? null,
    syncStatus: x.syncStatus as IotControlRecord['syncStatus'],
    attempts: x.attempts,
  };
}

export type RecordFilter = z.output<typeof controlRecordQuery>;

export async function listRecords(
  db: DbOrTx,
  scope: Scope,
  kind: 'command' | 'config',
  q: RecordFilter,
): Promise<{ data: IotControlRecord[]; count: number }> {
  const where: (SQL | undefined)[] = [eq(iotControlRecords.kind, kind), inScope(scope, iotControlRecords.partnerId)];
  if (q.assetNo) where.push(eq(iotControlRecords.assetNo, q.assetNo.toUpperCase()));
  if (q.command) where.push(eq(iotControlRecords.command, q.command));
  if (q.status) where.push(eq(iotControlRecords.status, q.status));
  if (q.channel) where.push(eq(iotControlRecords.channel, q.channel));
  if (q.initiator) where.push(eq(iotControlRecords.initiator, q.initiator));
  if (q.requestedFrom) where.push(gte(iotControlRecords.requestedAt, new Date(q.requestedFrom)));
  if (q.requestedTo) where.push(lt(iotControlRecords.requestedAt, new Date(q.requestedTo)));
  if (q.ids) where.push(q.ids.length > 0 ? inArray(iotControlRecords.id, q.ids) : sql`false`);
  const condition = and(...where);
  const direction = q.sort === 'requestedAt:asc' ? asc : desc;
  const [page, [total]] = await Promise.all([
    selectRecords(db)
      .where(condition)
      .orderBy(direction(iotControlRecords.requestedAt), direction(iotControlRecords.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(iotControlRecords).where(condition),
  ]);
  return { data: page.map(toRecord), count: total?.n ?? 0 };
}

/** Records by id within the scope, in the order asked (out-of-scope ids are absent). */
export async function recordsByIds(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<IotControlRecord[]> {
  if (ids.length === 0) return [];
  const found = await selectRecords(db).where(
    and(inArray(iotControlRecords.id, [...ids]), inScope(scope, iotControlRecords.partnerId)),
  );
  const byId = new Map(found.map((r) => [r.record.id, toRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The records among `ids` that `userId` sent, within the scope (the sender's narrow read, issue 21): a record of
 * someone else or of another partner's asset is absent.
 */
export async function sentRecords(
  db: DbOrTx,
  scope: Scope,
  userId: string,
  ids: readonly string[],
): Promise<IotControlRecord[]> {
  const found = await selectRecords(db).where(
    and(
      inArray(iotControlRecords.id, [...ids]),
      eq(iotControlRecords.userId, userId),
      inScope(scope, iotControlRecords.partnerId),
    ),
  );
  const byId = new Map(found.map((r) => [r.record.id, toRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getRecord(db: DbOrTx, scope: Scope, id: string): Promise<IotControlRecord | null> {
  const [found] = await selectRecords(db).where(
    and(eq(iotControlRecords.id, id), inScope(scope, iotControlRecords.partnerId)),
  );
  return found ? toRecord(found) : null;
}

export async function pendingConfigRecords(db: DbOrTx, scope: Scope, assetNo: string): Promise<IotControlRecord[]> {
  const found = await selectRecords(db)
    .where(
      and(
        eq(iotControlRecords.assetNo, assetNo),
        inScope(scope, iotControlRecords.partnerId),
        eq(iotControlRecords.kind, 'config'),
        eq(iotControlRecords.status, 'pending'),
      ),
    )
    .orderBy(desc(iotControlRecords.requestedAt));
  return found.map(toRecord);
}

const idList = (ids: readonly string[]) => sql`(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`;

/** Counts one more sending of the pending records that have time left; those that settled or expired are left out. */
export async function markSent(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<ControlRecordRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(iotControlRecords)
    .set({ attempts: sql`${iotControlRecords.attempts} + 1` })
    .where(
      and(
        sql`${iotControlRecords.id} in ${idList(ids)}`,
        inScope(scope, iotControlRecords.partnerId),
        eq(iotControlRecords.status, 'pending'),
        sql`expires_at > now()`,
      ),
    )
    .returning();
}

export async function stillPending(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: iotControlRecords.id })
    .from(iotControlRecords)
    .where(
      and(
        sql`${iotControlRecords.id} in ${idList(ids)}`,
        eq(iotControlRecords.status, 'pending'),
        inScope(scope, iotControlRecords.partnerId),
      ),
    );
  return new Set(found.map((r) => r.id));
}

/**
 * The end of a record's time-to-live: timeout when the device never answered, failed with the last reason when
 * it kept answering with a retryable failure.
 */
export async function settleExpired(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const ofScope = inScopeSql(scope, sql`partner_id`) ?? sql`true`;
  await db.execute(sql`
    update iot_control_records set
      status = case when failed_reason is null then 'timeout' else 'failed' end,
      reply_status = case when failed_reason is null then 'expiry' else 'failure' end,
      failed_reason = coalesce(failed_reason, 'time-out'),
      sync_status = 'synced'
    where id in ${idList(ids)} and status = 'pending' and expires_at <= now() and ${ofScope}`);
}

export type ReplyOutcome = 'successful' | 'failed' | 'retry';

/**
 * Applies a device's reply. Only a pending record of that device, inside its time-to-live, changes: a late or
 * duplicate reply matches nothing. Returns the record when it changed.
 */
export async function applyReply(
  db: DbOrTx,
  scope: Scope,
  reply: { id: string; deviceNo: string; kind: 'command' | 'config'; outcome: ReplyOutcome; reason: string | null },
): Promise<ControlRecordRow | null> {
  const guard = and(
    eq(iotControlRecords.id, reply.id),
    eq(iotControlRecords.deviceNo, reply.deviceNo),
    eq(iotControlRecords.kind, reply.kind),
    eq(iotControlRecords.status, 'pending'),
    sql`expires_at > now()`,
    inScope(scope, iotControlRecords.partnerId),
  );
  const set =
    reply.outcome === 'retry'
      ? { failedReason: reply.reason, respondedTime: sql`now()` }
      : {
          status: reply.outcome,
          replyStatus: reply.outcome === 'successful' ? 'success' : 'failure',
          failedReason: reply.outcome === 'successful' ? null : reply.reason,
          respondedTime: sql`now()`,
          syncStatus: 'synced',
        };
  const [row] = await db.update(iotControlRecords).set(set).where(guard).returning();
  return row ?? null;
}

/** Merges confirmed config items into what the device is known to run. */
export async function mergeDeviceConfig(db: DbOrTx, deviceNo: string, config: Record<string, unknown>) {
  await db.execute(sql`
    insert into iot_devices (no, config) values (${deviceNo}, ${JSON.stringify(config)}::jsonb)
    on conflict (no) do update set config = iot_devices.config || excluded.config`);
}

export async function findDevice(db: DbOrTx, deviceNo: string) {
  const [row] = await db.select().from(iotDevices).where(eq(iotDevices.no, deviceNo));
  return row ?? null;
}

export async function findAssetByNo(db: DbOrTx, scope: Scope, no: string) {
  const [row] = await db
    .select({ id: assets.id, no: assets.no, deviceNo: assets.iotDeviceNo, vendor: assets.iotVendor })
    .from(assets)
    .where(and(eq(assets.no, no), inScope(scope, assets.partnerId)));
  return row ?? null;
}

export interface TrustAgentRow {
  deviceVendor: string | null;
  presence: string | null;
  presenceChangedAt: Date | string | null;
  lastSeenAt: Date | string | null;
  firmware: string | null;
  assetNo: string | null;
  assetVendor: string | null;
}

/**
 * A device as the scope may see it: bound to an in-scope asset (with that asset), or known and bound to none.
 * A device bound to another partner's asset is absent, exactly like an unknown one.
 */
export async function trustAgentOf(db: DbOrTx, scope: Scope, deviceNo: string): Promise<TrustAgentRow | null> {
  const [row] = await rows<TrustAgentRow>(
    db,
    sql`select d.vendor as "deviceVendor", d.presence, d.presence_changed_at as "presenceChangedAt",
          d.last_seen_at as "lastSeenAt", d.firmware, a.no as "assetNo", a.iot_vendor as "assetVendor"
        from (select ${deviceNo}::text as no) k
        left join iot_devices d on d.no = k.no
        left join assets a on a.iot_device_no = k.no
        where (a.id is null and d.no is not null)
          or (a.id is not null and ${inScopeSql(scope, sql`a.partner_id`) ?? sql`true`})`,
  );
  return row ?? null;
}

export interface OngoingUseRow {
  assetNo: string;
  orderId: string | null;
  orderNo: string | null;
  startTime: Date | string | null;
  customerId: string | null;
  customerName: string | null;
  tripId: string | null;
  tripStartedAt: Date | string | null;
}

/**
 * The assets among `nos` in the scope that a lease in use (or returning) holds, or that are on an unfinished trip,
 * with the order and its customer. Read only: orders and trips stay their modules' to change.
 */
export async function ongoingUseOf(db: DbOrTx, scope: Scope, nos: readonly string[]): Promise<OngoingUseRow[]> {
  if (nos.length === 0) return [];
  return rows<OngoingUseRow>(
    db,
    sql`select a.no as "assetNo", o.id as "orderId", o.order_no as "orderNo", o.start_time as "startTime",
          c.id as "customerId", trim(c.first_name || ' ' || c.last_name) as "customerName",
          t.id as "tripId", t.started_at as "tripStartedAt"
        from assets a
        left join leases l on l.asset_id = a.id and l.status in ('InUse', 'Returning')
        left join orders o on o.id = l.order_id
        left join customers c on c.id = o.customer_id
        left join lateral (
          select tr.id, tr.started_at from trips tr
          where tr.asset_id = a.id and tr.status <> 'finished' order by tr.started_at desc limit 1
        ) t on true
        where a.no in (select json_array_elements_text(${JSON.stringify(nos)}::json))
          and ${inScopeSql(scope, sql`a.partner_id`) ?? sql`true`}
          and (l.id is not null or t.id is not null)
        order by a.no`,
  );
}
