import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, type TablePaginationConfig, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type HTMLAttributes, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleFilters, WideOnly } from './collapsible-filters.tsx';
import { ColumnSettings, useHiddenColumns } from './column-settings.tsx';
import { downloadCsv, toCsv } from './csv.ts';
import { activeFilterCount } from './list-card.model.ts';
import { type ListState, sortOrderOf } from './list-state.ts';
import { ListTable, type ListTableColumn, type ListTableProps } from './list-table.tsx';
import { PageContainer } from './page-container.tsx';
import type { UrlShape, UrlStateOf } from './url-state.ts';
import { usePhone } from './use-phone.ts';

export interface ListColumn<Row> extends Omit<ListTableColumn<Row>, 'sorter' | 'sortOrder'> {
  /** Plain text: also the column-settings label, the CSV header and a card's figure label. */
  title: string;
  /** The API sort key; the column becomes sortable and follows `sort=` in the URL. */
  sortKey?: string;
  /** The CSV cell; defaults to the value at dataIndex. */
  exportValue?: (row: Row) => unknown;
  defaultHidden?: boolean;
  /** Cannot be hidden (the name that identifies a row, the actions); the first such column is pinned left. */
  alwaysVisible?: boolean;
  /** Left out of the CSV (action buttons). */
  noExport?: boolean;
}

/** The slice of a TanStack query result the list needs; any `useQuery` of a list endpoint fits. */
export interface ListResult<Row> {
  data: { data: Row[]; count: number } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface ListPageProps<Row, F extends UrlShape> {
  /** Defaults to the menu title of the route. */
  title?: ReactNode;
  /** Names the column settings in localStorage; unique per list ("partners"). */
  listKey: string;
  state: ListState<F>;
  result: ListResult<Row>;
  columns: ListColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Toolbar buttons at the right of the title ("New partner"). */
  actions?: ReactNode;
  /** Form.Items whose names are keys of the filter shape; submitted values go to the URL. */
  filters?: ReactNode;
  /** Enables the Export button: fetch every row of the current query (e.g. with fetchAllPages). */
  exportRows?: () => Promise<Row[]>;
  exportFileName?: string;
  /** What an empty table says (e.g. "No users match these filters"); defaults to "No data". */
  emptyText?: ReactNode;
  /** Attributes of a row's <tr> (e.g. a deleted record shown archived). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLElement>;
  /** Views of the list above the table (tabs with counts: the service tickets' views). */
  tabs?: ReactNode;
  /** Selectable rows (bulk actions); the page keeps the selection. */
  rowSelection?: ListTableProps<Row>['rowSelection'];
  /** At the left of the table's toolbar: what is selected and the bulk actions. */
  toolbar?: ReactNode;
  /** The pager's total when it must say more than "Total: n" (a count that is an estimate); undefined: the usual. */
  totalText?: (count: number) => string | undefined;
}

/**
 * A server-paged list: filters, page, page size and sort live in the URL (a link reproduces the screen),
 * column visibility is remembered per list, and the current query can be exported as CSV.
 */
export function ListPage<Row extends object, F extends UrlShape>({
  title,
  listKey,
  state,
  result,
  columns,
  rowKey,
  actions,
  filters,
  exportRows,
  exportFileName,
  emptyText,
  rowProps,
  tabs,
  rowSelection,
  toolbar,
  totalText,
}: ListPageProps<Row, F>) {
  const { t } = useTranslation();
  const defaultHidden = useMemo(() => columns.filter((c) => c.defaultHidden).map((c) => c.key), [columns]);
  const { hidden, setHidden, reset } = useHiddenColumns(listKey, defaultHidden);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);

  const visible = columns.filter((c) => c.alwaysVisible || !hidden.includes(c.key));
  const tableColumns: ListTableColumn<Row>[] = visible.map(
    ({ sortKey, exportValue: _export, defaultHidden: _hidden, noExport: _no, ...column }) => ({
      ...column,
      sorter: sortKey !== undefined,
      sortOrder: sortOrderOf(sortKey, state.sortState),
      // Remember the API key on the column so onChange can map antd's sorter back to it.
      sortKey,
    }),
  );

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<Row> | SorterResult<Row>[],
    extra: { action: string },
  ) => {
    if (extra.action === 'sort') {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      const sortKey = (single?.column as { sortKey?: string } | undefined)?.sortKey;
      state.setSort(
        sortKey && single?.order ? { key: sortKey, direction: single.order === 'ascend' ? 'asc' : 'desc' } : null,
      );
      return;
    }
    state.setPage(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
  };

  const runExport = async () => {
    if (!exportRows) return;
    setExporting(true);
    setExportError(false);
    try {
      const rows = await exportRows();
      const exported = visible.filter((c) => !c.noExport);
      const cells = rows.map((row) =>
        exported.map((c) =>
          c.exportValue
            ? c.exportValue(row)
            : typeof c.dataIndex === 'string'
              ? (row as Record<string, unknown>)[c.dataIndex]
              : '',
        ),
      );
      downloadCsv(
        exportFileName ?? listKey,
        toCsv(
          exported.map((c) => c.title),
          cells,
        ),
      );
    } catch {
      // The http layer already notified; keep a visible trace next to the table as well.
      setExportError(true);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageContainer title={title} extra={actions}>
      {filters && <FilterForm state={state}>{filters}</FilterForm>}
      <Card>
        {tabs}
        <Flex justify="flex-end" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          {toolbar && (
            <Flex align="center" gap={8} wrap style={{ marginRight: 'auto' }}>
              {toolbar}
            </Flex>
          )}
          {exportRows && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
              {t('list.export')}
            </Button>
          )}
          <Tooltip title={t('list.reload')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('list.reload')}
              loading={result.isFetching && !result.isPending}
              onClick={() => result.refetch()}
            />
          </Tooltip>
          <ColumnSettings columns={columns} hidden={hidden} onChange={setHidden} onReset={reset} />
        </Flex>
        {exportError && <Alert type="error" showIcon title={t('list.exportFailed')} style={{ marginBottom: 12 }} />}
        {result.error ? (
          <Alert
            type="error"
            showIcon
            title={t('list.loadFailed')}
            description={result.error.message}
            action={
              <Button size="small" onClick={() => result.refetch()}>
                {t('action.retry')}
              </Button>
            }
          />
        ) : (
          <ListTable<Row>
            rowKey={rowKey}
            columns={tableColumns}
            dataSource={result.data?.data ?? []}
            loading={result.isFetching}
            onChange={onTableChange}
            onRow={rowProps}
            rowSelection={rowSelection}
            locale={{ emptyText: emptyText ?? t('list.empty') }}
            pagination={{
              current: state.pageNo,
              pageSize: state.pageSize,
              total: result.data?.count ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total) => totalText?.(total) ?? t('list.total', { count: total }),
            }}
          />
        )}
      </Card>
    </PageContainer>
  );
}

/** The filter bar; its values mirror the URL so back/forward and shared links restore them. */
function FilterForm<F extends UrlShape>({ state, children }: { state: ListState<F>; children: ReactNode }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [form] = Form.useForm<UrlStateOf<F>>();
  const { filters, filterShape, setFilters } = state;

  useEffect(() => {
    form.setFieldsValue(filters as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, filters]);

  const fallbacks = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const [key, codec] of Object.entries(filterShape)) values[key] = codec.fallback;
    return values;
  }, [filterShape]);
  const clearAll = () => setFilters(fallbacks as Partial<UrlStateOf<F>>);
  const apply = () =>
    form.validateFields().then(
      (values) => {
        setFilters(values as Partial<UrlStateOf<F>>);
        return true;
      },
      () => false,
    );

  return (
    <CollapsibleFilters
      activeCount={activeFilterCount(filters as Record<string, unknown>, fallbacks)}
      onApply={apply}
      onReset={clearAll}
    >
      <Form
        form={form}
        layout={phone ? 'vertical' : 'inline'}
        onFinish={(values) => setFilters(values as Partial<UrlStateOf<F>>)}
        style={{ rowGap: 8 }}
      >
        {children}
        <WideOnly>
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit">
                {t('list.search')}
              </Button>
              <Button onClick={clearAll}>{t('list.reset')}</Button>
            </Flex>
          </Form.Item>
        </WideOnly>
      </Form>
    </CollapsibleFilters>
  );
}

/** Reads every page of a list query (API pages are at most 100 rows) for an export. */
export async function fetchAllPages<Row>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<{ data: Row[]; count: number }>,
  limit = 10_000,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await fetchPage(pageNo, 100);
    rows.push(...page.data);
    if (page.data.length === 0 || rows.length >= page.count || rows.length >= limit) return rows;
  }
}
