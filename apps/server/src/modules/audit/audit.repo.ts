import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { fieldLogs } from '../../db/schema/index.ts';

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

/** Writes who changed what, in the caller's transaction (ARCHITECTURE rule 6). */
export async function writeFieldLogs(
  db: DbOrTx,
  entry: { entityType: string; entityId: string; userId: string | null; changes: FieldChange[] },
) {
  if (entry.changes.length === 0) return;
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
