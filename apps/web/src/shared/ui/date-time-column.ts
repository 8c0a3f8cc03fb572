import { formatDateTime } from '../format.ts';
import type { ListColumn } from './list-page.tsx';

export type TimestampField = 'createdAt' | 'updatedAt';

export interface DateTimeColumnOptions {
  /** The API sort key; the field name unless given, `false` where the list cannot sort by it. */
  sortKey?: string | false;
  defaultHidden?: boolean;
}

/**
 * The created/updated column of a list: date and time in the user's locale on screen, and (through dataIndex) the raw
 * ISO timestamp in the CSV so exports stay machine-readable. The title is passed translated so the i18n key stays
 * literal at the call site.
 */
export function dateTimeColumn<Row extends { [K in TimestampField]?: string | null }>(
  field: TimestampField,
  title: string,
  { sortKey = field, defaultHidden = false }: DateTimeColumnOptions = {},
): ListColumn<Row> {
  return {
    key: field,
    title,
    dataIndex: field,
    ...(sortKey !== false && { sortKey }),
    ...(defaultHidden && { defaultHidden }),
    render: (value: string | null | undefined) => formatDateTime(value),
  };
}
