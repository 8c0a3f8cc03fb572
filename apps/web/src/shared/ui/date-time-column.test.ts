import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../format.ts';
import { dateTimeColumn } from './date-time-column.ts';

interface Row {
  createdAt: string;
  updatedAt: string;
}

describe('dateTimeColumn', () => {
  it('sorts by the field name and shows the localised date and time', () => {
    const column = dateTimeColumn<Row>('createdAt', 'Created');
    expect(column).toMatchObject({ key: 'createdAt', title: 'Created', dataIndex: 'createdAt', sortKey: 'createdAt' });
    expect(column.defaultHidden).toBeUndefined();
    expect(column.exportValue).toBeUndefined();
    const row = { createdAt: '2026-03-04T05:06:07.000Z', updatedAt: '2026-03-05T05:06:07.000Z' };
    expect(column.render?.(row.createdAt, row, 0)).toBe(formatDateTime(row.createdAt));
    expect(column.render?.(null, row, 0)).toBe('');
  });

  it('hides the column by default, takes another sort key, or none', () => {
    expect(dateTimeColumn<Row>('updatedAt', 'Updated', { defaultHidden: true })).toMatchObject({
      defaultHidden: true,
      sortKey: 'updatedAt',
    });
    expect(dateTimeColumn<Row>('updatedAt', 'Updated', { sortKey: 'updateTime' }).sortKey).toBe('updateTime');
    expect('sortKey' in dateTimeColumn<Row>('updatedAt', 'Updated', { sortKey: false })).toBe(false);
  });
});
