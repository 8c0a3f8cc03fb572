import { DownloadOutlined, FileExcelOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ASSET_BATCH_MAX,
  ASSET_IMPORT_MAX_BYTES,
  type AssetFileFormat,
  type AssetImportReport,
  type AssetImportRow,
} from '@fleetdesk/contracts';
import {
  Alert,
  App,
  Button,
  Drawer,
  Flex,
  Form,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnType,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { downloadCsv, saveBlob, toCsv } from '../../../shared/ui/csv.ts';
import { downloadImportTemplate, useCategorySummaries, useImportAssets } from '../api.ts';
import { translateAssetMessage } from './asset-messages.ts';

/** The report a refused import carries (422 ImportHasErrors): the error's data, or its `report`. */
function reportOf(data: unknown): AssetImportReport | null {
  if (typeof data !== 'object' || data === null) return null;
  const candidate = 'rows' in data ? data : (data as { report?: unknown }).report;
  return typeof candidate === 'object' && candidate !== null && Array.isArray((candidate as { rows?: unknown }).rows)
    ? (candidate as AssetImportReport)
    : null;
}

/** The error report as people fix a file by it: line, column, message, one row per bad cell. */
export function errorReportCsv(report: AssetImportReport): string {
  const cells = report.rows.flatMap((row) =>
    Object.entries(row.errors).map(([column, message]) => [row.line, column, translateAssetMessage(message)]),
  );
  return toCsv(['line', 'column', 'message'], cells);
}

/**
 * Import assets of one category from a CSV or XLSX file: download the template, upload, preview (dryRun)
 * with every error on its cell, then import, possible only when the preview found no error.
 */
export function AssetImportDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const { message } = App.useApp();
  const categories = useCategorySummaries();
  const importer = useImportAssets();
  const [categoryId, setCategoryId] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<AssetImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [templating, setTemplating] = useState<AssetFileFormat | null>(null);

  const resetReport = () => {
    setReport(null);
    setFailure(null);
  };

  const close = () => {
    setFile(null);
    resetReport();
    onClose();
  };

  const template = async (format: AssetFileFormat) => {
    if (!categoryId) return;
    setTemplating(format);
    try {
      const { blob, fileName } = await downloadImportTemplate(categoryId, format);
      saveBlob(fileName ?? `assets-template.${format}`, blob);
    } catch {
      // Notified by the http layer.
    } finally {
      setTemplating(null);
    }
  };

  const run = async (dryRun: boolean) => {
    if (!categoryId || !file) return;
    setFailure(null);
    try {
      const result = await importer.mutateAsync({ categoryId, file, dryRun });
      setReport(result);
      if (!dryRun) {
        void message.success(t('import.done', { count: result.created }));
        close();
      }
    } catch (error) {
      if (!isApiError(error)) throw error;
      const refused = reportOf(error.data);
      if (refused) {
        setReport(refused);
        return;
      }
      const fields = error.fieldErrors;
      setFailure(fields ? Object.values(fields).map(translateAssetMessage).join(' ') : error.message);
    }
  };

  const valid = report !== null && report.invalid === 0 && report.rows.length > 0;

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t('import.title')}
      size={Math.min(1100, typeof window === 'undefined' ? 1100 : window.innerWidth - 80)}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('action.cancel')}</Button>
          <Button
            type="primary"
            icon={<UploadOutlined />}
            disabled={!valid}
            loading={importer.isPending && importer.variables?.dryRun === false}
            onClick={() => run(false)}
          >
            {report ? t('import.submitCount', { count: report.valid }) : t('import.submit')}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('field.category')} required extra={t('import.categoryHint')}>
          <Select
            value={categoryId}
            onChange={(id) => {
              setCategoryId(id);
              resetReport();
            }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('placeholder.category')}
            aria-label={t('field.category')}
            loading={categories.isLoading}
            options={(categories.data ?? []).filter((c) => c.isEnabled).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label={t('import.template')}>
          <Space wrap>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                icon={format === 'csv' ? <DownloadOutlined /> : <FileExcelOutlined />}
                disabled={!categoryId}
                loading={templating === format}
                onClick={() => template(format)}
              >
                {t(`import.template.${format}`)}
              </Button>
            ))}
          </Space>
        </Form.Item>
        <Form.Item label={t('import.file')} extra={t('import.fileHint', { max: ASSET_BATCH_MAX })}>
          <Upload.Dragger
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
            beforeUpload={(picked) => {
              if (picked.size > ASSET_IMPORT_MAX_BYTES) {
                setFailure(t('import.tooLarge'));
                return Upload.LIST_IGNORE;
              }
              setFile(picked);
              resetReport();
              // The file is sent by the preview, not uploaded on its own.
              return false;
            }}
            onRemove={() => {
              setFile(null);
              resetReport();
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
          </Upload.Dragger>
        </Form.Item>
        <Button
          type="primary"
          ghost
          disabled={!categoryId || !file}
          loading={importer.isPending && importer.variables?.dryRun === true}
          onClick={() => run(true)}
        >
          {t('import.preview')}
        </Button>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} />}
      {report && <ImportReport report={report} />}
    </Drawer>
  );
}

function ImportReport({ report }: { report: AssetImportReport }) {
  const { t } = useTranslation('assets');
  const columns: TableColumnType<AssetImportRow>[] = [
    { key: 'line', title: t('import.line'), dataIndex: 'line', width: 64, fixed: 'left' },
    ...report.columns.map(
      (column): TableColumnType<AssetImportRow> => ({
        key: column,
        title: t(`import.column.${column}`, { defaultValue: column }),
        render: (_, row) => {
          const error = row.errors[column];
          return (
            <Flex vertical gap={2} data-error={error ? 'true' : undefined}>
              <span>{row.values[column] ?? ''}</span>
              {error && (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {translateAssetMessage(error)}
                </Typography.Text>
              )}
            </Flex>
          );
        },
        onCell: (row) => (row.errors[column] ? { style: { background: 'var(--ant-color-error-bg, #fff2f0)' } } : {}),
      }),
    ),
  ];
  // Errors not tied to a file column (a duplicate in the batch) still belong to the row.
  const rowLevel = report.rows.filter((row) => Object.keys(row.errors).some((c) => !report.columns.includes(c)));

  return (
    <Flex vertical gap={12} style={{ marginTop: 24 }} data-testid="import-report">
      <Flex gap={32} align="center" wrap>
        <Statistic title={t('import.rows')} value={report.rows.length} />
        <Statistic title={t('import.valid')} value={report.valid} valueStyle={{ color: '#389e0d' }} />
        <Statistic
          title={t('import.invalid')}
          value={report.invalid}
          valueStyle={report.invalid > 0 ? { color: '#cf1322' } : undefined}
        />
        {report.invalid > 0 && (
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadCsv('asset-import-errors', errorReportCsv(report))}
          >
            {t('import.errorReport')}
          </Button>
        )}
      </Flex>
      {report.invalid > 0 ? (
        <Alert type="error" showIcon title={t('import.hasErrors', { count: report.invalid })} />
      ) : (
        <Alert type="success" showIcon title={t('import.ready', { count: report.valid })} />
      )}
      {rowLevel.length > 0 && (
        <Alert
          type="error"
          title={rowLevel
            .flatMap((row) =>
              Object.entries(row.errors)
                .filter(([c]) => !report.columns.includes(c))
                .map(([, m]) => `${t('import.line')} ${row.line}: ${translateAssetMessage(m)}`),
            )
            .join('; ')}
        />
      )}
      <Table<AssetImportRow>
        rowKey="line"
        size="small"
        columns={columns}
        dataSource={report.rows}
        pagination={report.rows.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
