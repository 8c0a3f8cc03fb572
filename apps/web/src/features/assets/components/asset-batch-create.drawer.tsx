import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ASSET_BATCH_MAX,
  type AssetUsageMode,
  assetInitialLifeCycleStates,
  assetUsageModes,
} from '@fleetdesk/contracts';
import {
  Alert,
  App,
  Button,
  Col,
  Drawer,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Table,
  type TableColumnType,
  Typography,
} from 'antd';
import { type ClipboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { isTablePaste, parsePastedTable } from '../../sites/components/site-batch.model.ts';
import { useBatchCreateAssets, useCategoryProperties, useCategorySummaries, useSiteOptions } from '../api.ts';
import {
  emptyGridRow,
  FIXED_COLUMNS,
  type GridColumn,
  type GridErrors,
  type GridRow,
  pasteIntoGrid,
  serverGridErrors,
  validateGrid,
} from './asset-batch-create.model.ts';
import { translateAssetMessage } from './asset-messages.ts';

const widths: Record<string, number> = { no: 150, site: 170, lifeCycleState: 130, note: 200 };

/**
 * Create up to 100 assets of one category at once: an editable grid (typed, or pasted from a spreadsheet
 * into any cell), checked with the contract, sent as one `$batchCreate`; every error shows on its cell.
 */
export function AssetBatchCreateDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const { message } = App.useApp();
  const categories = useCategorySummaries();
  const partners = usePartnerOptions();
  const sites = useSiteOptions();
  const create = useBatchCreateAssets();
  const [categoryId, setCategoryId] = useState<string>();
  const [partnerId, setPartnerId] = useState<string>();
  const [usageMode, setUsageMode] = useState<AssetUsageMode>('customer-rental');
  const [rows, setRows] = useState<GridRow[]>(() => [emptyGridRow(), emptyGridRow(), emptyGridRow()]);
  const [errors, setErrors] = useState<GridErrors>({});
  const [baseErrors, setBaseErrors] = useState<{ categoryId?: string; partnerId?: string }>({});
  const [other, setOther] = useState<string[]>([]);
  const properties = useCategoryProperties(categoryId);

  const columns: GridColumn[] = useMemo(
    () => [
      ...FIXED_COLUMNS.map((key) => ({
        key,
        title: t(`field.${key === 'site' ? 'site' : key}`),
        required: key === 'no',
      })),
      ...(properties.data ?? [])
        .filter((p) => p.updateMethod !== 'AUTOMATIC' && p.valueType !== 'IMAGE')
        .map((p) => ({ key: p.id, title: p.name, valueType: p.valueType })),
    ],
    [properties.data, t],
  );
  const columnKeys = columns.map((c) => c.key);
  const partnerSites = (sites.data ?? []).filter((s) => s.partnerId === partnerId);

  const change = (next: GridRow[]) => {
    // An edited cell loses its error; the others stay until the next check.
    const previous = new Map(rows.map((r) => [r.key, r]));
    const kept: GridErrors = {};
    for (const row of next) {
      const rowErrors = errors[row.key];
      if (!rowErrors) continue;
      const old = previous.get(row.key);
      const still = Object.fromEntries(
        Object.entries(rowErrors).filter(([c]) => (old?.cells[c] ?? '') === (row.cells[c] ?? '')),
      );
      if (Object.keys(still).length > 0) kept[row.key] = still;
    }
    setErrors(kept);
    setRows(next);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, rowIndex: number, columnKey: string) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isTablePaste(text)) return;
    event.preventDefault();
    change(pasteIntoGrid(rows, parsePastedTable(text), { rowIndex, columnKey }, columnKeys, ASSET_BATCH_MAX));
  };

  const close = () => {
    setRows([emptyGridRow(), emptyGridRow(), emptyGridRow()]);
    setErrors({});
    setBaseErrors({});
    setOther([]);
    onClose();
  };

  const submit = async () => {
    setOther([]);
    const required = translateAssetMessage('This field is required');
    const missing = { categoryId: categoryId ? undefined : required, partnerId: partnerId ? undefined : required };
    const lifeCycleLabels = Object.fromEntries(
      assetInitialLifeCycleStates.map((s) => [t(`lifeCycle.${s}`).toLowerCase(), s]),
    );
    const checked = validateGrid({ partnerId, usageMode }, rows, {
      sites: partnerSites,
      lifeCycleLabels,
      properties: columns.filter((c) => c.valueType),
      messages: { unknownSite: t('batch.unknownSite'), unknownLifeCycle: t('batch.unknownLifeCycle') },
    });
    const translated: GridErrors = Object.fromEntries(
      Object.entries(checked.errors).map(([k, cells]) => [
        k,
        Object.fromEntries(Object.entries(cells).map(([c, m]) => [c, translateAssetMessage(m)])),
      ]),
    );
    setErrors(translated);
    setBaseErrors(missing);
    if (checked.sentRows.length === 0) {
      setOther([translateAssetMessage('Please add at least one asset')]);
      return;
    }
    if (!categoryId || !partnerId || Object.keys(translated).length > 0 || checked.baseErrors.partnerId) return;
    try {
      const created = await create.mutateAsync({ categoryId, body: { assets: checked.assets } });
      void message.success(t('batch.created', { count: created.length }));
      close();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fields = error.fieldErrors;
      if (!fields) {
        setOther([error.message]);
        return;
      }
      const placed = serverGridErrors(fields, checked.sentRows);
      setErrors(
        Object.fromEntries(
          Object.entries(placed.errors).map(([k, cells]) => [
            k,
            Object.fromEntries(Object.entries(cells).map(([c, m]) => [c, translateAssetMessage(m)])),
          ]),
        ),
      );
      setOther(placed.other.map(translateAssetMessage));
    }
  };

  const tableColumns: TableColumnType<GridRow>[] = [
    {
      key: 'index',
      title: '#',
      width: 44,
      fixed: 'left',
      render: (_, __, i) => <Typography.Text type="secondary">{i + 1}</Typography.Text>,
    },
    ...columns.map(
      (column): TableColumnType<GridRow> => ({
        key: column.key,
        width: widths[column.key] ?? 150,
        title: (
          <span>
            {column.required && <Typography.Text type="danger">* </Typography.Text>}
            {column.title}
          </span>
        ),
        render: (_, row, rowIndex) => {
          const error = errors[row.key]?.[column.key];
          return (
            <Flex vertical gap={2}>
              <Input
                size="small"
                value={row.cells[column.key] ?? ''}
                status={error ? 'error' : undefined}
                aria-invalid={error ? true : undefined}
                aria-label={t('batch.cellLabel', { field: column.title, row: rowIndex + 1 })}
                list={
                  column.key === 'site'
                    ? 'asset-batch-sites'
                    : column.key === 'lifeCycleState'
                      ? 'asset-batch-states'
                      : undefined
                }
                placeholder={column.key === 'no' ? 'MIE01234' : undefined}
                onChange={(e) =>
                  change(
                    rows.map((r, i) =>
                      i === rowIndex ? { ...r, cells: { ...r.cells, [column.key]: e.target.value } } : r,
                    ),
                  )
                }
                onPaste={(e) => onPaste(e, rowIndex, column.key)}
              />
              {error && (
                <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
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
      width: 44,
      fixed: 'right',
      render: (_, row, i) => (
        <Button
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('batch.removeRow', { row: i + 1 })}
          disabled={rows.length === 1}
          onClick={() => change(rows.filter((r) => r.key !== row.key))}
        />
      ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t('batch.createTitle')}
      size={Math.min(1200, typeof window === 'undefined' ? 1200 : window.innerWidth - 80)}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('action.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={submit}>
            {t('batch.createSubmit')}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('field.category')}
              required
              validateStatus={baseErrors.categoryId ? 'error' : undefined}
              help={baseErrors.categoryId}
            >
              <Select
                value={categoryId}
                aria-label={t('field.category')}
                onChange={setCategoryId}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('placeholder.category')}
                options={(categories.data ?? [])
                  .filter((c) => c.isEnabled)
                  .map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('field.partner')}
              required
              validateStatus={baseErrors.partnerId ? 'error' : undefined}
              help={baseErrors.partnerId}
            >
              <Select
                value={partnerId}
                aria-label={t('field.partner')}
                onChange={setPartnerId}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('placeholder.partner')}
                options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('field.usageMode')} required>
              <Select
                value={usageMode}
                aria-label={t('field.usageMode')}
                onChange={setUsageMode}
                options={assetUsageModes.map((m) => ({ value: m, label: t(`usageMode.${m}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Typography.Paragraph type="secondary">{t('batch.createHint', { max: ASSET_BATCH_MAX })}</Typography.Paragraph>
      {other.length > 0 && <Alert type="error" showIcon title={other.join(' ')} style={{ marginBottom: 12 }} />}
      <datalist id="asset-batch-sites">
        {partnerSites.map((s) => (
          <option key={s.id} value={s.name} />
        ))}
      </datalist>
      <datalist id="asset-batch-states">
        {assetInitialLifeCycleStates.map((s) => (
          <option key={s} value={t(`lifeCycle.${s}`)} />
        ))}
      </datalist>
      <Table<GridRow>
        rowKey="key"
        size="small"
        columns={tableColumns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 460 }}
        data-testid="asset-batch-grid"
      />
      {rows.length < ASSET_BATCH_MAX && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          block
          style={{ marginTop: 8 }}
          onClick={() => change([...rows, emptyGridRow()])}
        >
          {t('batch.addRow')}
        </Button>
      )}
    </Drawer>
  );
}
