import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows, uuidList } from '../../db/sql.ts';
import { MAIL_JOB } from './mail.jobs.ts';

/**
 * Notifications are the user's own: every read and write here takes the user id and applies it in SQL, so another
 * user's row is simply not found. Writers (other modules' events, the digest job) act for the whole account.
 */

export interface NotificationRow {
  id: string;
  user_id: string;
  partner_id: string | null;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  params: Record<string, unknown>;
  read_at: string | Date | null;
  created_at: string | Date;
}

export interface NewNotification {
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  params: Record<string, unknown>;
  partnerId: string | null;
  /** The e-mail's text (the mail job adds where to open it, from `link`). */
  mailBody: string;
}

const COLUMNS = sql`n.id, n.user_id, n.partner_id, n.kind, n.title, n.body, n.link, n.params, n.read_at, n.created_at`;

/**
 * Shown in the console only when the user takes this kind in-app: a row may exist for the daily digest alone (e-mail
 * on, in-app off), which the bell must not show. No settings row = the defaults (in-app on).
 */
const shownInApp = sql`not exists (
  select 1 from notification_settings s
  where s.user_id = n.user_id and (s.kinds -> n.kind ->> 'inApp')::boolean is false)`;

/**
 * One set-based write for every recipient `who` selects among live users (`u`): the notification row when they take
 * the kind in-app (or by e-mail in the daily digest, which is read from these rows), and a mail job (mail.jobs.ts)
 * when they take it by e-mail one by one. Answers how many users it reached.
 */
async function deliver(tx: DbOrTx, who: SQL, n: NewNotification): Promise<number> {
  const [row] = await rows<{ recipients: number }>(
    tx,
    sql`
    with recipients as (
      select u.id, u.email,
        coalesce((s.kinds -> ${n.kind}::text ->> 'inApp')::boolean, true) as in_app,
        coalesce((s.kinds -> ${n.kind}::text ->> 'email')::boolean, false) as by_mail,
        coalesce(s.daily_digest, 'off') = 'on' as digest
      from users u left join notification_settings s on s.user_id = u.id
      where u.deleted_at is null and ${who}
    ), stored as (
      insert into notifications (id, user_id, partner_id, kind, title, body, link, params)
      select gen_random_uuid(), r.id, ${n.partnerId}::uuid, ${n.kind}, ${n.title}, ${n.body}, ${n.link},
        ${JSON.stringify(n.params)}::jsonb
      from recipients r where r.in_app or (r.by_mail and r.digest)
      returning 1
    ), mailed as (
      insert into jobs (id, kind, payload)
      select gen_random_uuid(), ${MAIL_JOB}, jsonb_build_object('to', r.email, 'subject', ${n.title}::text,
        'body', ${n.mailBody}::text, 'link', ${n.link}::text)
      from recipients r where r.by_mail and not r.digest and r.email is not null
      returning 1
    )
    select (select count(*) from recipients)::int as recipients`,
  );
  return row?.recipients ?? 0;
}

export function deliverToUsers(tx: DbOrTx, userIds: readonly string[], n: NewNotification): Promise<number> {
  if (userIds.length === 0) return Promise.resolve(0);
  return deliver(tx, sql`u.id in (${uuidList([...new Set(userIds)])})`, n);
}

/** Holders of the permission (or base:admin) whose partner scope reaches the partner (any holder when null). */
export function deliverByPermission(
  tx: DbOrTx,
  to: { permission: string; partnerId: string | null },
  n: NewNotification,
): Promise<number> {
  const holds = sql`(${to.permission}::text = any(u.permissions) or 'base:admin' = any(u.permissions))`;
  const reaches =
    to.partnerId === null ? sql`true` : sql`(u.all_partners or ${to.partnerId}::uuid = any(u.partner_ids))`;
  return deliver(tx, sql`${holds} and ${reaches}`, n);
}

export async function list(
  db: DbOrTx,
  userId: string,
  q: { unread: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; count: number }> {
  const where = sql`n.user_id = ${userId} and ${shownInApp}${q.unread ? sql` and n.read_at is null` : sql``}`;
  const [page, [total]] = await Promise.all([
    rows<NotificationRow>(
      db,
      sql`select ${COLUMNS} from notifications n where ${where}
        order by n.created_at desc, n.id desc limit ${q.limit} offset ${q.offset}`,
    ),
    rows<{ count: number }>(db, sql`select count(*)::int as count from notifications n where ${where}`),
  ]);
  return { rows: page, count: total?.count ?? 0 };
}

/** Unread counts of these users (those with none are absent). */
export async function unreadCounts(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const found = await rows<{ user_id: string; count: number }>(
    db,
    sql`select n.user_id, count(*)::int as count from notifications n
      where n.user_id in (${uuidList(userIds)}) and n.read_at is null and ${shownInApp}
      group by n.user_id`,
  );
  return new Map(found.map((r) => [r.user_id, r.count]));
}

/** Marks one of the user's notifications read (kept as first read); undefined when it is not theirs or absent. */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await rows<NotificationRow>(
    db,
    sql`update notifications n set read_at = coalesce(n.read_at, now())
      where n.id = ${id} and n.user_id = ${userId} returning ${COLUMNS}`,
  );
  return row;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await rows<{ updated: number }>(
    db,
    sql`with marked as (
      update notifications set read_at = now() where user_id = ${userId} and read_at is null returning 1
    ) select count(*)::int as updated from marked`,
  );
  return row?.updated ?? 0;
}

/**
 * The notifications of these (listening) users that landed after the keyset (created_at, id) — the live poller's
 * read, served by notifications_user_created_idx — only those shown in-app, oldest first.
 */
export function landedAfter(
  db: DbOrTx,
  userIds: readonly string[],
  after: { at: string; id: string | null },
  limit: number,
): Promise<(NotificationRow & { cursor_at: string })[]> {
  const at = sql`${after.at}::timestamptz`;
  const beyond = after.id === null ? sql`n.created_at > ${at}` : sql`(n.created_at, n.id) > (${at}, ${after.id}::uuid)`;
  return rows<NotificationRow & { cursor_at: string }>(
    db,
    // The cursor travels as text: a JavaScript Date would drop the microseconds and read the same rows again.
    sql`select ${COLUMNS}, n.created_at::text as cursor_at from notifications n
      where n.user_id in (${uuidList(userIds)}) and n.created_at >= ${at} and ${beyond} and ${shownInApp}
      order by n.created_at, n.id limit ${limit}`,
  );
}

/** The database's clock: the poller's first horizon, so the app's clock and the database's never need to agree. */
export async function databaseNow(db: DbOrTx): Promise<Date> {
  const [row] = await rows<{ now: string | Date }>(db, sql`select now() as now`);
  return new Date(row?.now ?? Date.now());
}

export interface SettingsRow {
  kinds: Record<string, { inApp: boolean; email: boolean }>;
  daily_digest: string;
}

export async function settingsOf(db: DbOrTx, userId: string): Promise<SettingsRow | undefined> {
  const [row] = await rows<SettingsRow>(
    db,
    sql`select kinds, daily_digest from notification_settings where user_id = ${userId}`,
  );
  return row;
}

export async function saveSettings(db: DbOrTx, userId: string, s: SettingsRow): Promise<void> {
  await db.execute(sql`
    insert into notification_settings (user_id, kinds, daily_digest)
    values (${userId}, ${JSON.stringify(s.kinds)}::jsonb, ${s.daily_digest})
    on conflict (user_id) do update set kinds = excluded.kinds, daily_digest = excluded.daily_digest, updated_at = now()`);
}

/**
 * The daily digest in one statement: for every live user with the digest on and an e-mail address whose digest of
 * this day is not yet queued, one mail job listing their notifications of [from, to) of the kinds they take by
 * e-mail, and the day marked on their settings, so a round run twice (a crash before the job was rescheduled)
 * queues nothing twice.
 */
export async function sendDigests(
  db: DbOrTx,
  window: { from: Date; to: Date; day: string },
  subject: string,
  heading: string,
): Promise<number> {
  const [row] = await rows<{ sent: number }>(
    db,
    sql`
    with due as (
      select u.id, u.email, count(*)::int as n,
        string_agg(to_char(n.created_at at time zone 'UTC', 'HH24:MI') || ' UTC  ' || n.title
          || coalesce(' — ' || n.body, ''), E'\n' order by n.created_at, n.id) as lines
      from users u
      join notification_settings s on s.user_id = u.id and s.daily_digest = 'on'
        and s.digest_sent_on is distinct from ${window.day}::date
      join notifications n on n.user_id = u.id
        and n.created_at >= ${window.from.toISOString()}::timestamptz
        and n.created_at < ${window.to.toISOString()}::timestamptz
        and coalesce((s.kinds -> n.kind ->> 'email')::boolean, false)
      where u.deleted_at is null and u.email is not null
      group by u.id, u.email
    ), marked as (
      update notification_settings s set digest_sent_on = ${window.day}::date
      from due d where s.user_id = d.id
      returning 1
    ), sent as (
      insert into jobs (id, kind, payload)
      select gen_random_uuid(), ${MAIL_JOB}, jsonb_build_object('to', d.email, 'subject', ${subject}::text,
        'body', ${heading}::text || E'\n\n' || d.lines)
      from due d
      returning 1
    )
    select count(*)::int as sent from sent`,
  );
  return row?.sent ?? 0;
}
