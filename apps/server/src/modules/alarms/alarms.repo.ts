import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetEvents, assets } from '../../db/schema/index.ts';
import { inScopeSql, rows, whereOf } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';
import { displayStatusSql } from '../iot/display-status.repo.ts';

/**
 * An acknowledgement is an asset event of its own (type below), written when an operator acknowledges an
 * alarm: `data` names the alarm and holds the note and the user. It is dated no earlier than the alarm, so
 * the lookup for an alarm's acknowledgement is one range of the (asset_id, occurred_at) index.
 */
export const ACKNOWLEDGED_TYPE = 'alarm-acknowledged';

export interface AlarmRow {
  id: string;
  assetId: string;
  assetNo: string;
  partnerId: string;
  partnerName: string;
  type: 'device-alarm' | 'device-error';
  code: string | null;
  occurredAt: Date | string;
  latitude: number | null;
  longitude: number | null;
  ackAt: Date | string | null;
  ackNote: string | null;
  ackUserId: string | null;
  ackUserName: string | null;
}

export interface AlarmFilter {
  scope: Scope;
  state: 'open' | 'acknowledged' | 'all';
  partnerId?: string;
  categoryId?: string;
  code?: string;
  assetNo?: string;
  from: Date;
  to: Date;
}

const alarmColumns = sql`e.id::text as id, e.asset_id as "assetId", a.no as "assetNo", e.partner_id as "partnerId",
  p.name as "partnerName", e.type, e.code, e.occurred_at as "occurredAt", e.latitude, e.longitude,
  k.occurred_at as "ackAt", k.data ->> 'note' as "ackNote", u.id as "ackUserId", u.name as "ackUserName"`;

/** The events with their asset, partner and acknowledgement (if any); `e` is the alarm or error event. */
const alarmsFrom = sql`from asset_events e
  join assets a on a.id = e.asset_id
  join partners p on p.id = e.partner_id
  left join lateral (
    select k.occurred_at, k.data from asset_events k
    where k.asset_id = e.asset_id and k.occurred_at >= e.occurred_at and k.type = ${ACKNOWLEDGED_TYPE}
      and k.data ->> 'alarmId' = e.id::text
    limit 1
  ) k on true
  left join users u on u.id = (k.data ->> 'userId')::uuid`;

function alarmConditions(f: AlarmFilter): SQL {
  return whereOf([
    inScopeSql(f.scope, sql`e.partner_id`),
    // The (partner_id, type, occurred_at) index answers the partner, type and period together.
    f.partnerId ? sql`e.partner_id = ${f.partnerId}::uuid` : undefined,
    sql`e.type = 'device-alarm'`,
    sql`e.occurred_at >= ${f.from.toISOString()}::timestamptz`,
    sql`e.occurred_at < ${f.to.toISOString()}::timestamptz`,
    f.code ? sql`e.code = ${f.code}` : undefined,
    f.categoryId ? sql`a.category_id = ${f.categoryId}::uuid` : undefined,
    f.assetNo ? sql`a.no = ${f.assetNo}` : undefined,
    f.state === 'open'
      ? sql`k.occurred_at is null`
      : f.state === 'acknowledged'
        ? sql`k.occurred_at is not null`
        : undefined,
  ]);
}

/** One page of the inbox, newest first, and how many match. */
export async function list(db: DbOrTx, filter: AlarmFilter, page: { limit: number; offset: number }) {
  const where = alarmConditions(filter);
  const [found, [total]] = await Promise.all([
    rows<AlarmRow>(
      db,
      sql`select ${alarmColumns} ${alarmsFrom}${where}
          order by e.occurred_at desc, e.id desc limit ${page.limit} offset ${page.offset}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${alarmsFrom}${where}`),
  ]);
  return { rows: found, count: Number(total?.n ?? 0) };
}

/** One alarm by id within the scope (another partner's is not found); `lock` holds it for the acknowledgement. */
export async function get(db: DbOrTx, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const where = whereOf([
    inScopeSql(scope, sql`e.partner_id`),
    sql`e.id = ${id}::bigint`,
    sql`e.type = 'device-alarm'`,
  ]);
  // Locked first, read second: the read then sees an acknowledgement a concurrent caller has just committed.
  if (opts.lock) await rows(db, sql`select e.id from asset_events e${where} for update`);
  const [found] = await rows<AlarmRow>(db, sql`select ${alarmColumns} ${alarmsFrom}${where}`);
  return found;
}

/** Records an acknowledgement of an alarm (the caller checked it is in scope and still open). */
export async function acknowledge(
  db: DbOrTx,
  alarm: Pick<AlarmRow, 'id' | 'assetId' | 'partnerId' | 'occurredAt'>,
  ack: { userId: string; note: string },
) {
  const occurredAt = new Date(Math.max(Date.now(), new Date(alarm.occurredAt).getTime()));
  await db.insert(assetEvents).values({
    assetId: alarm.assetId,
    partnerId: alarm.partnerId,
    type: ACKNOWLEDGED_TYPE,
    occurredAt,
    data: { alarmId: alarm.id, note: ack.note, userId: ack.userId },
  });
}

/** The asset (by number, within the scope) with its display status and the alarm and error on its row. */
export async function assetState(db: DbOrTx, scope: Scope, no: string) {
  const [found] = await rows<{
    id: string;
    displayStatus: string;
    alarmCode: string | null;
    alarmAt: Date | string | null;
    errorCode: string | null;
    errorAt: Date | string | null;
  }>(
    db,
    sql`select ${assets.id} as id, ${displayStatusSql()} as "displayStatus",
          ${assets.alarmCode} as "alarmCode", ${assets.alarmAt} as "alarmAt",
          ${assets.errorCode} as "errorCode", ${assets.errorAt} as "errorAt"
        from ${assets}
        ${whereOf([inScopeSql(scope, sql`${assets.partnerId}`), sql`${assets.no} = ${no}`])}`,
  );
  return found;
}

/** The asset's latest alarms and errors, newest first (the asset was read within the scope before). */
export async function history(db: DbOrTx, assetId: string, limit: number) {
  return rows<AlarmRow>(
    db,
    sql`select ${alarmColumns} ${alarmsFrom}
        where e.asset_id = ${assetId}::uuid and e.type in ('device-alarm', 'device-error')
        order by e.occurred_at desc, e.id desc limit ${limit}`,
  );
}
