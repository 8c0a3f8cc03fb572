import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * A small unpaged table of an order's parts (billed periods, payments, exemptions, leases): rows keyed by id,
 * scrolling sideways on narrow screens, saying `empty` when there is nothing.
 */
export function DetailTable<Row extends { id: string }>({
  empty,
  ...table
}: Omit<TableProps<Row>, 'rowKey' | 'size' | 'pagination' | 'scroll' | 'locale'> & { empty: ReactNode }) {
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      {...table}
    />
  );
}
