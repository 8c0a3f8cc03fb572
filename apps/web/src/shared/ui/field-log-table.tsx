import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';

/** One row of any record's field log (document 2: who, when, which field, before and after). */
export interface FieldLogRow {
  id: string;
  createdAt: string;
  user: { name: string } | null;
  field: string;
  before: unknown;
  after: unknown;
}

/** The slice of a TanStack query of a paged field-log endpoint the table needs. */
export interface FieldLogPage<Row> {
  data: { data: Row[]; count: number } | undefined;
  isLoading: boolean;
  isError: boolean;
}

export interface FieldLogPaging {
  pageNo: number;
  pageSize: number;
}

export interface FieldLogTableProps<Row extends FieldLogRow> {
  /** The page shown, read by the feature's hook with `paging`. */
  logs: FieldLogPage<Row>;
  paging: FieldLogPaging;
  onPaging: (paging: FieldLogPaging) => void;
  /** The field's name for people. */
  fieldLabel: (field: string) => ReactNode;
  /** A before or after value for people; null and blanks are shown as a dash before this is asked. */
  show: (field: string, value: unknown) => ReactNode;
  testId?: string;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Who changed which field of a record, newest first (the server's order), paged. */
export function FieldLogTable<Row extends FieldLogRow>({
  logs,
  paging,
  onPaging,
  fieldLabel,
  show,
  testId,
}: FieldLogTableProps<Row>) {
  const { t } = useTranslation();
  const value = (field: string, v: unknown) =>
    isBlank(v) ? <Typography.Text type="secondary">—</Typography.Text> : show(field, v);

  return (
    <Table<Row>
      rowKey="id"
      size="small"
      loading={logs.isLoading}
      dataSource={logs.data?.data ?? []}
      locale={{ emptyText: logs.isError ? t('fieldLog.failed') : t('fieldLog.empty') }}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      pagination={{
        current: paging.pageNo,
        pageSize: paging.pageSize,
        total: logs.data?.count ?? 0,
        showSizeChanger: true,
        onChange: (pageNo, pageSize) => onPaging({ pageNo, pageSize }),
      }}
      columns={[
        { key: 'when', title: t('fieldLog.when'), render: (_, r) => formatDateTime(r.createdAt), width: 180 },
        { key: 'who', title: t('fieldLog.who'), render: (_, r) => r.user?.name ?? t('fieldLog.system') },
        { key: 'field', title: t('fieldLog.field'), render: (_, r) => fieldLabel(r.field) },
        {
          key: 'change',
          title: t('fieldLog.change'),
          render: (_, r) => (
            <span>
              {value(r.field, r.before)} → {value(r.field, r.after)}
            </span>
          ),
        },
      ]}
    />
  );
}
