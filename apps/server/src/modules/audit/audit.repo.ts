import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fieldLogs, users } from '../../db/schema/index.ts';
import { toIso } from '../../lib/rows.ts';
import { resetOnAssetChange } from '../reminders/resets.ts';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields whose values differ, compared as JSON so arrays and objects compare by content. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of keys) {
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes.push({ field, before: b, after: a });
  }
  return changes;
}

/**
 * Writes who changed what, in the caller's transaction (ARCHITECTURE rule 6). Every change of an asset passes here
 * (edit, batch edit, import, life cycle set by a finalization, leasing), so this is where an asset property change
 * resets the reminder timers whose rule watches it — in the same transaction.
 */
export async function writeFieldLogs(
  db: DbOrTx,
  entry: { entityType: string; entityId: string; userId: string | null; changes: FieldChange[] },
) {
  if (entry.changes.length === 0) return;
  // A created asset (its number set from nothing) has no timers yet: an import of thousands skips the look-up.
  if (entry.entityType === 'asset' && !entry.changes.some((c) => c.field === 'no' && c.before === null)) {
    await resetOnAssetChange(db, entry.entityId, entry.changes, entry.userId);
  }
  await db.insert(fieldLogs).values(
    entry.changes.map((c) => ({
      id: randomUUID(),
      entityType: entry.entityType,
      entityId: entry.entityId,
      userId: entry.userId,
      field: c.field,
      before: c.before,
      after: c.after,
    })),
  );
}

/**
 * Logs what changed between two snapshots of an entity, by the caller: `before` null means it was created,
 * `after` null that it was deleted.
 */
export function logChange(
  db: DbOrTx,
  caller: { userId: string },
  entityType: string,
  entityId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return writeFieldLogs(db, { entityType, entityId, userId: caller.userId, changes: changedFields(before, after) });
}

/** A field log as the API answers it: who (null for the system), when, which field, before and after. */
export interface FieldLogEntry {
  id: string;
  user: { id: string; name: string } | null;
  createdAt: string;
  field: string;
  before: unknown;
  after: unknown;
}

/** The field logs of one entity, newest first, with the name of who changed it. */
export async function fieldLogsOf(
  db: DbOrTx,
  entityType: string,
  entityId: string,
  page: { pageNo: number; pageSize: number },
): Promise<{ data: FieldLogEntry[]; count: number }> {
  const where = and(eq(fieldLogs.entityType, entityType), eq(fieldLogs.entityId, entityId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: fieldLogs, userName: users.name })
      .from(fieldLogs)
      .leftJoin(users, eq(users.id, fieldLogs.userId))
      .where(where)
      .orderBy(desc(fieldLogs.createdAt), asc(fieldLogs.field), asc(fieldLogs.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(fieldLogs).where(where),
  ]);
  return {
    data: rows.map(({ log, userName }) => ({
      id: log.id,
      user: log.userId ? { id: log.userId, name: userName ?? '' } : null,
      createdAt: toIso(log.createdAt),
      field: log.field,
      before: log.before,
      after: log.after,
    })),
    count: total?.n ?? 0,
  };
}
