import {
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Flex,
  Pagination,
  Spin,
  Table,
  type TableColumnType,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { type CardRole, cardModel, pinColumns } from './list-card.model.ts';
import { usePhone } from './use-phone.ts';

export interface ListTableColumn<Row> extends Omit<TableColumnType<Row>, 'key' | 'title'> {
  key: string;
  /** Plain text: the table header and, on a phone, the label of the figure in a row's card. */
  title: string;
  /** The part the column plays in a row's card; guessed from the columns when absent (see cardModel). */
  card?: CardRole;
  alwaysVisible?: boolean;
}

export interface ListTableProps<Row> extends Omit<TableProps<Row>, 'columns' | 'rowKey' | 'scroll'> {
  /** The visible columns, in order. */
  columns: ListTableColumn<Row>[];
  rowKey: (keyof Row & string) | ((row: Row) => string);
}

/**
 * A list's rows: a table whose identifying column and actions stay pinned while the rest scrolls, or, on a phone,
 * one card per row (title, status, key figures, actions) read from the same columns, with the same paging and
 * selection.
 */
export function ListTable<Row extends object>({ columns, ...props }: ListTableProps<Row>) {
  const phone = usePhone();
  if (phone) return <ListCards columns={columns} {...props} />;
  return (
    <Table<Row>
      {...props}
      columns={pinColumns(columns, true) as TableColumnType<Row>[]}
      scroll={{ x: 'max-content' }}
    />
  );
}

function keyOf<Row>(rowKey: ListTableProps<Row>['rowKey'], row: Row): string {
  return typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey]);
}

/** What a column shows for a row in the table, shown the same in a card. */
function cellOf<Row>(column: ListTableColumn<Row>, row: Row, index: number): ReactNode {
  type Step = string | number;
  const path = column.dataIndex === undefined ? [] : ([] as Step[]).concat(column.dataIndex as Step | Step[]);
  let value: unknown = path.length === 0 ? undefined : row;
  for (const step of path) value = (value as Record<Step, unknown> | undefined)?.[step];
  if (column.render) {
    const rendered = column.render(value, row, index);
    // A render may return antd's { children, props } cell shape (row spans); a card wants only the content.
    return rendered !== null && typeof rendered === 'object' && 'children' in rendered && 'props' in rendered
      ? (rendered.children as ReactNode)
      : (rendered as ReactNode);
  }
  return value as ReactNode;
}

function ListCards<Row extends object>({
  columns,
  dataSource,
  rowKey,
  rowSelection,
  loading,
  pagination,
  locale,
  onRow,
  onChange,
}: ListTableProps<Row>) {
  const rows = [...(dataSource ?? [])];
  const model = cardModel(columns);
  const selected = new Set((rowSelection?.selectedRowKeys ?? []).map(String));

  const toggle = (row: Row, checked: boolean) => {
    if (!rowSelection?.onChange) return;
    const key = keyOf(rowKey, row);
    const keys = checked ? [...selected, key] : [...selected].filter((k) => k !== key);
    const pageRows = rows.filter((r) => keys.includes(keyOf(rowKey, r)));
    rowSelection.onChange(keys, pageRows, { type: 'single' });
  };

  const page = (current: number, pageSize: number) =>
    onChange?.({ current, pageSize }, {}, {} as SorterResult<Row>, { action: 'paginate', currentDataSource: rows });

  const spinning = typeof loading === 'object' ? loading.spinning : loading;
  return (
    <Spin spinning={Boolean(spinning)}>
      <Flex vertical gap={8} data-testid="list-cards">
        {rows.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={locale?.emptyText as ReactNode} />
        )}
        {rows.map((row, index) => {
          const key = keyOf(rowKey, row);
          const { className, style } = (onRow?.(row, index) ?? {}) as { className?: string; style?: object };
          return (
            <Card
              key={key}
              size="small"
              className={className}
              style={style}
              data-testid="list-card"
              data-row-key={key}
              title={
                <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                  {rowSelection && (
                    <Checkbox
                      checked={selected.has(key)}
                      onChange={(event) => toggle(row, event.target.checked)}
                      aria-label={model.title?.title}
                    />
                  )}
                  {model.title && cellOf(model.title, row, index)}
                </Flex>
              }
              extra={model.status && cellOf(model.status, row, index)}
              actions={model.actions ? [<div key="actions">{cellOf(model.actions, row, index)}</div>] : undefined}
            >
              <Descriptions
                size="small"
                column={1}
                items={model.figures.map((column) => ({
                  key: column.key,
                  label: column.title,
                  children: cellOf(column, row, index),
                }))}
              />
            </Card>
          );
        })}
        {pagination !== false && (
          <Flex justify="center">
            <Pagination
              {...(pagination as TablePaginationConfig | undefined)}
              size="small"
              onChange={page}
              // The page-size menu does not fit a phone's line.
              showSizeChanger={false}
            />
          </Flex>
        )}
      </Flex>
    </Spin>
  );
}
