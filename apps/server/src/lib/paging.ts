import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Maps a `{ key, direction }` sort from contracts to an ORDER BY, with a stable tie-breaker. */
export function orderBy<K extends string>(
  sort: { key: K; direction: 'asc' | 'desc' },
  columns: Record<K, AnyPgColumn | SQL>,
  tieBreaker: AnyPgColumn,
): SQL[] {
  const column = columns[sort.key];
  return [sort.direction === 'asc' ? asc(column) : desc(column), asc(tieBreaker)];
}

export const offsetOf = (q: { pageNo: number; pageSize: number }) => (q.pageNo - 1) * q.pageSize;

/** `%term%` for ILIKE with the user's wildcards escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
