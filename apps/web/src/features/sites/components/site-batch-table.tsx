import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SITE_BATCH_MAX } from '@fleetdesk/contracts';
import { Button, Flex, Input, Table, type TableColumnType, Typography } from 'antd';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyPaste,
  type BatchColumn,
  type BatchErrors,
  type BatchRow,
  batchColumns,
  emptyRow,
  isTablePaste,
  parsePastedTable,
} from './site-batch.model.ts';

/** Width and input limit per column (the contract's maximum lengths, so typing stops where the rule is). */
const columnSpec: Record<BatchColumn, { width: number; maxLength?: number; placeholder?: string }> = {
  name: { width: 190, maxLength: 60 },
  region: { width: 130, maxLength: 60 },
  zip: { width: 110, maxLength: 20 },
  address: { width: 210, maxLength: 110 },
  coordinates: { width: 180, placeholder: '45.4642, 9.19' },
  phone: { width: 160, placeholder: '+390212345678' },
  website: { width: 200, placeholder: 'https://' },
  openingHoursNote: { width: 200, maxLength: 210 },
  fenceRadius: { width: 120, placeholder: '100' },
  note: { width: 180, maxLength: 160 },
};

export interface SiteBatchTableProps {
  rows: BatchRow[];
  errors: BatchErrors['cells'];
  onChange: (rows: BatchRow[]) => void;
}

/**
 * The editable batch table of step 2. Pasting cells copied from a spreadsheet into any cell fills the table
 * from that cell rightwards and downwards, adding rows; a cell's error shows under it.
 */
export function SiteBatchTable({ rows, errors, onChange }: SiteBatchTableProps) {
  const { t } = useTranslation('sites');

  const setCell = (rowIndex: number, column: BatchColumn, value: string) =>
    onChange(rows.map((row, i) => (i === rowIndex ? { ...row, [column]: value } : row)));

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, rowIndex: number, column: BatchColumn) => {
    const text = event.clipboardData.getData('text/plain');
    // Text for one cell pastes as usual; only a table is spread over the cells.
    if (!isTablePaste(text)) return;
    event.preventDefault();
    onChange(applyPaste(rows, parsePastedTable(text), { rowIndex, column }, SITE_BATCH_MAX));
  };

  const columns: TableColumnType<BatchRow>[] = [
    {
      key: 'index',
      title: '#',
      width: 48,
      fixed: 'left',
      render: (_, __, rowIndex) => <Typography.Text type="secondary">{rowIndex + 1}</Typography.Text>,
    },
    ...batchColumns.map(
      (column): TableColumnType<BatchRow> => ({
        key: column,
        title: (
          <span>
            {column === 'name' && <Typography.Text type="danger">* </Typography.Text>}
            {t(`field.${column}`)}
          </span>
        ),
        width: columnSpec[column].width,
        render: (_, row, rowIndex) => {
          const error = errors[row.key]?.[column];
          return (
            <Flex vertical gap={2}>
              <Input
                size="small"
                value={row[column]}
                status={error ? 'error' : undefined}
                maxLength={columnSpec[column].maxLength}
                placeholder={columnSpec[column].placeholder}
                aria-label={t('batch.cellLabel', { field: t(`field.${column}`), row: rowIndex + 1 })}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setCell(rowIndex, column, event.target.value)}
                onPaste={(event) => onPaste(event, rowIndex, column)}
              />
              {error && (
                <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
                  {error}
                </Typography.Text>
              )}
            </Flex>
          );
        },
      }),
    ),
    {
      key: 'remove',
      width: 48,
      fixed: 'right',
      render: (_, row, rowIndex) => (
        <Button
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('batch.removeRow', { row: rowIndex + 1 })}
          disabled={rows.length === 1}
          onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <Table<BatchRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 520 }}
        data-testid="site-batch-table"
      />
      {rows.length < SITE_BATCH_MAX && (
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...rows, emptyRow()])} block>
          {t('batch.addRow')}
        </Button>
      )}
    </Flex>
  );
}
