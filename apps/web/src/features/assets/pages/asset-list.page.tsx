import { DeleteOutlined, EditOutlined, ImportOutlined, ReloadOutlined, TableOutlined } from '@ant-design/icons';
import {
  ASSET_BATCH_MAX,
  type Asset,
  type AssetLifeCycleState,
  assetBatchEndpoints,
  assetEndpoints,
} from '@fleetdesk/contracts';
import { Alert, Button, Card, Flex, Tooltip, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { Can, requirementOf, useCan } from '../../../shared/permissions.ts';
import { BulkActions } from '../../../shared/ui/bulk-actions.tsx';
import { ColumnSettings, useHiddenColumns } from '../../../shared/ui/column-settings.tsx';
import { NewButton } from '../../../shared/ui/list-actions.tsx';
import { sortOrderOf, useListState } from '../../../shared/ui/list-state.ts';
import { ListTable, type ListTableColumn } from '../../../shared/ui/list-table.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { urlParam, useUrlState } from '../../../shared/ui/url-state.ts';
import { IotBatchActions, useCanControlDevices } from '../../iot/components/iot-batch-actions.tsx';
import { useAssetQuery, useAssetSummary, useCategoryProperties, useConsoleLimits } from '../api.ts';
import { AssetBatchCreateDrawer } from '../components/asset-batch-create.drawer.tsx';
import { AssetBatchDeleteModal } from '../components/asset-batch-delete.modal.tsx';
import { AssetBatchEditModal } from '../components/asset-batch-edit.modal.tsx';
import { AssetCell } from '../components/asset-cell.editor.tsx';
import { AssetExportButton } from '../components/asset-export.button.tsx';
import { AssetImportDrawer } from '../components/asset-import.drawer.tsx';
import { translateAssetMessage } from '../components/asset-messages.ts';
import {
  type AssetSearchFilters,
  assetList,
  serverSearchErrors,
  toQueryBody,
  validateSearch,
} from '../components/asset-search.model.ts';
import { AssetSearchPanel } from '../components/asset-search.panel.tsx';
import { AssetSummaryBar } from '../components/asset-summary.bar.tsx';
import { LifeCycleTag } from '../components/life-cycle-tag.tsx';
import { assetUrls } from '../urls.ts';

/** Columns a first visit does not show (the column settings bring them back). */
const DEFAULT_HIDDEN = ['voltage', 'lastUpdate'];

/** Which drawer or dialog is open, in the URL like the filters (a reload keeps it open). */
const panelShape = { panel: urlParam.optionalOneOf(['create', 'import'] as const) };

interface AssetColumn extends ListTableColumn<Asset> {
  sortKey?: string;
}

/** Seconds left of the search cooldown, ticking down once a second. */
function useCountdown(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * /asset/list (document 1 §2.5, issue 4): search with every filter of document 2 §5, counts per state, an
 * editable table, batch create, edit, delete, import and export. Filters, paging and sort live in the URL.
 */
export default function AssetListPage() {
  const { t } = useTranslation('assets');
  const state = useListState(assetList);
  const { filters } = state;
  const [{ panel }, setPanel] = useUrlState(panelShape);
  const limits = useConsoleLimits();
  const canCreate = useCan(requirementOf(assetEndpoints.create));
  const canUpdate = useCan(requirementOf(assetBatchEndpoints.batchUpdate));
  const canDelete = useCan(requirementOf(assetBatchEndpoints.batchDelete));
  const canExport = useCan(requirementOf(assetBatchEndpoints.export));

  // A property condition's value is typed by its definition; wait for it before searching.
  const oneCategory = filters.category.length === 1 ? filters.category[0] : undefined;
  const definitions = useCategoryProperties(filters.prop ? oneCategory : undefined);
  const propertyType = definitions.data?.find((p) => p.id === filters.prop)?.valueType;
  const waiting = Boolean(filters.prop && oneCategory && definitions.isPending);

  const urlErrors = useMemo(() => validateSearch(filters, propertyType), [filters, propertyType]);
  const search = useMemo(
    () => (waiting || Object.keys(urlErrors).length > 0 ? null : toQueryBody(filters, propertyType)),
    [filters, propertyType, urlErrors, waiting],
  );
  const body = useMemo(
    () => (search ? { ...search, pageNo: state.pageNo, pageSize: state.pageSize, sort: [state.sort] } : null),
    [search, state.pageNo, state.pageSize, state.sort],
  );
  const result = useAssetQuery(body);
  const summary = useAssetSummary(search);
  const serverErrors = useMemo(
    () => (isApiError(result.error) ? serverSearchErrors(result.error.fieldErrors ?? {}) : {}),
    [result.error],
  );
  const searchErrors = Object.keys(urlErrors).length > 0 ? urlErrors : serverErrors;

  const [cooldownUntil, setCooldownUntil] = useState(0);
  const cooldown = useCountdown(cooldownUntil);
  const onSearch = (next: AssetSearchFilters) => {
    if (cooldown > 0) return;
    const same = JSON.stringify(next) === JSON.stringify(filters);
    state.setFilters(next);
    if (same) void result.refetch();
    if (limits.searchCooldownSeconds > 0) setCooldownUntil(Date.now() + limits.searchCooldownSeconds * 1000);
  };

  // The selection survives paging (antd keeps keys of other pages); rows are refreshed from each new page.
  const [selected, setSelected] = useState<Map<string, Asset>>(new Map());
  useEffect(() => {
    const rows = result.data?.data;
    if (!rows) return;
    setSelected((current) => {
      if (current.size === 0) return current;
      const next = new Map(current);
      for (const row of rows) if (next.has(row.no)) next.set(row.no, row);
      return next;
    });
  }, [result.data]);
  const ceiling = Math.min(limits.bulkActionMaxSelection, ASSET_BATCH_MAX);
  const overCeiling = selected.size > ceiling;
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const canControlDevices = useCanControlDevices();
  const selectable = canUpdate || canDelete || canControlDevices;

  const cell = (asset: Asset, field: 'note' | 'siteId' | 'usageMode' | 'lifeCycleState', content: ReactNode) => (
    <AssetCell asset={asset} field={field} canEdit={canUpdate}>
      {content}
    </AssetCell>
  );

  const columns: AssetColumn[] = [
    {
      key: 'no',
      title: t('field.no'),
      sortKey: 'no',
      alwaysVisible: true,
      render: (_, a) => <Link to={assetUrls.detail(a.no)}>{a.no}</Link>,
    },
    { key: 'category', title: t('field.category'), card: 'figure', render: (_, a) => a.category.name },
    { key: 'partner', title: t('field.partner'), render: (_, a) => a.partner.name },
    {
      key: 'site',
      title: t('field.site'),
      card: 'figure',
      render: (_, a) => cell(a, 'siteId', a.site?.name ?? <Typography.Text type="secondary">—</Typography.Text>),
    },
    {
      key: 'lifeCycleState',
      title: t('field.lifeCycleState'),
      sortKey: 'lifeCycleState',
      render: (_, a) => cell(a, 'lifeCycleState', <LifeCycleTag state={a.lifeCycleState} />),
    },
    { key: 'turnoverState', title: t('field.turnoverState'), render: (_, a) => t(`turnover.${a.turnoverState}`) },
    {
      key: 'usageMode',
      title: t('field.usageMode'),
      render: (_, a) => cell(a, 'usageMode', t(`usageMode.${a.usageMode}`)),
    },
    { key: 'iot', title: t('iot.deviceNo'), render: (_, a) => a.iot?.deviceNo ?? '' },
    {
      key: 'charge',
      title: t('iot.charge'),
      card: 'figure',
      align: 'right',
      render: (_, a) => (a.iotState.chargePct === null ? '' : `${a.iotState.chargePct}%`),
    },
    {
      key: 'voltage',
      title: t('iot.voltage'),
      align: 'right',
      render: (_, a) =>
        a.iotState.batteryVoltageMilli === null ? '' : `${(a.iotState.batteryVoltageMilli / 1000).toFixed(2)} V`,
    },
    {
      key: 'lastUpdate',
      title: t('iot.lastUpdate'),
      render: (_, a) => formatDateTime(a.iotState.lastUpdateTime),
    },
    {
      key: 'note',
      title: t('field.note'),
      render: (_, a) =>
        cell(
          a,
          'note',
          <Typography.Text ellipsis={{ tooltip: a.note }} style={{ maxWidth: 200 }}>
            {a.note ?? ''}
          </Typography.Text>,
        ),
    },
    {
      key: 'createdAt',
      title: t('field.createdAt'),
      sortKey: 'createTime',
      render: (_, a) => formatDateTime(a.createdAt),
    },
    {
      key: 'updatedAt',
      title: t('field.updatedAt'),
      sortKey: 'updateTime',
      render: (_, a) => formatDateTime(a.updatedAt),
    },
  ];
  const { hidden, setHidden, reset } = useHiddenColumns('assets', DEFAULT_HIDDEN);
  const tableColumns: ListTableColumn<Asset>[] = columns
    .filter((c) => c.alwaysVisible || !hidden.includes(c.key))
    .map(({ sortKey, ...column }) => ({
      ...column,
      sorter: sortKey !== undefined,
      sortOrder: sortOrderOf(sortKey, state.sortState),
      sortKey,
    }));

  const onPickLifeCycle = (life: AssetLifeCycleState) => {
    state.setFilters({ life: [life] });
  };

  const count = result.data?.count ?? 0;
  const totalText = result.data?.countIsEstimate ? t('list.aboutTotal', { count }) : t('list.total', { count });

  return (
    <PageContainer
      extra={
        <Can requires={requirementOf(assetEndpoints.create)}>
          <Button icon={<ImportOutlined />} onClick={() => setPanel({ panel: 'import' })}>
            {t('import.open')}
          </Button>
          <Button icon={<TableOutlined />} onClick={() => setPanel({ panel: 'create' })}>
            {t('batch.createOpen')}
          </Button>
          <NewButton to={assetUrls.new()}>{t('action.create')}</NewButton>
        </Can>
      }
    >
      <AssetSearchPanel filters={filters} errors={searchErrors} cooldown={cooldown} onSearch={onSearch} />
      <AssetSummaryBar
        summary={search ? summary.data : undefined}
        loading={summary.isFetching}
        failed={Boolean(summary.error) && !result.error}
        selectedLifeCycles={filters.life}
        onPickLifeCycle={onPickLifeCycle}
      />
      <Card>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <Flex align="center" gap={8} wrap>
            {selectable && (
              <>
                <Typography.Text data-testid="asset-selection">
                  {t('list.selected', { count: selected.size })}
                </Typography.Text>
                {selected.size > 0 && (
                  <Button size="small" type="link" onClick={() => setSelected(new Map())}>
                    {t('list.clearSelection')}
                  </Button>
                )}
                <BulkActions disabled={selected.size === 0 || overCeiling}>
                  <Can requires={requirementOf(assetBatchEndpoints.batchUpdate)}>
                    <Button
                      icon={<EditOutlined />}
                      disabled={selected.size === 0 || overCeiling}
                      onClick={() => setDialog('edit')}
                    >
                      {t('batch.editOpen')}
                    </Button>
                  </Can>
                  <Can requires={requirementOf(assetBatchEndpoints.batchDelete)}>
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      disabled={selected.size === 0 || overCeiling}
                      onClick={() => setDialog('delete')}
                    >
                      {t('batch.deleteOpen')}
                    </Button>
                  </Can>
                  <IotBatchActions assetNos={overCeiling ? [] : [...selected.keys()]} />
                </BulkActions>
              </>
            )}
          </Flex>
          <Flex align="center" gap={8}>
            {canExport && <AssetExportButton search={search ? { ...search, sort: [state.sort] } : null} />}
            <Tooltip title={t('list.reload')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('list.reload')}
                loading={result.isFetching && !result.isPending}
                onClick={() => {
                  void result.refetch();
                  void summary.refetch();
                }}
              />
            </Tooltip>
            <ColumnSettings columns={columns} hidden={hidden} onChange={setHidden} onReset={reset} />
          </Flex>
        </Flex>
        {overCeiling && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('list.ceiling', { max: ceiling })} />
        )}
        {Object.keys(searchErrors).length > 0 && !result.data ? (
          <Alert type="warning" showIcon title={t('list.fixFilters')} />
        ) : result.error && !(isApiError(result.error) && result.error.fieldErrors) ? (
          <Alert
            type="error"
            showIcon
            title={t('list.loadFailed')}
            description={translateAssetMessage(result.error.message)}
            action={
              <Button size="small" onClick={() => result.refetch()}>
                {t('list.retry')}
              </Button>
            }
          />
        ) : (
          <ListTable<Asset>
            rowKey="no"
            columns={tableColumns}
            dataSource={result.data?.data ?? []}
            loading={result.isFetching || waiting}
            locale={{ emptyText: t('list.empty') }}
            rowSelection={
              selectable
                ? {
                    preserveSelectedRowKeys: true,
                    selectedRowKeys: [...selected.keys()],
                    onChange: (keys, rows) => {
                      const byNo = new Map(rows.filter(Boolean).map((r) => [r.no, r]));
                      setSelected(
                        new Map(
                          keys.map((k) => [String(k), byNo.get(String(k)) ?? (selected.get(String(k)) as Asset)]),
                        ),
                      );
                    },
                  }
                : undefined
            }
            onChange={(pagination, _f, sorter: SorterResult<Asset> | SorterResult<Asset>[], extra) => {
              if (extra.action === 'sort') {
                const single = Array.isArray(sorter) ? sorter[0] : sorter;
                const sortKey = (single?.column as { sortKey?: string } | undefined)?.sortKey;
                state.setSort(
                  sortKey && single?.order
                    ? { key: sortKey as never, direction: single.order === 'ascend' ? 'asc' : 'desc' }
                    : null,
                );
                return;
              }
              state.setPage(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
            }}
            pagination={{
              current: state.pageNo,
              pageSize: state.pageSize,
              total: count,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: () => totalText,
            }}
          />
        )}
      </Card>
      {dialog === 'edit' && (
        <AssetBatchEditModal assets={[...selected.values()]} open onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && (
        <AssetBatchDeleteModal
          nos={[...selected.keys()]}
          open
          onClose={() => setDialog(null)}
          onDeleted={() => setSelected(new Map())}
        />
      )}
      {canCreate && (
        <>
          <AssetBatchCreateDrawer open={panel === 'create'} onClose={() => setPanel({ panel: undefined })} />
          <AssetImportDrawer open={panel === 'import'} onClose={() => setPanel({ panel: undefined })} />
        </>
      )}
    </PageContainer>
  );
}
