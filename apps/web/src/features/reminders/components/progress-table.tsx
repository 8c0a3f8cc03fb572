import {
  type AssetTimerGroup,
  type AssetTimerProgress,
  assetTimerGroupEndpoints,
  assetTimerLogEndpoints,
  assetTimerStates,
} from '@fleetdesk/contracts';
import { Button, Flex, Form, Input, Progress, Select, Table, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { sortOrderOf, useListState } from '../../../shared/ui/list-state.ts';
import { ResetModal } from '../../reminder-logs/components/reset.modal.tsx';
import { useGroupAssets } from '../api.ts';
import { formatTimerValue, progressPercent, stateColor } from '../format.ts';
import { groupAssetList } from '../urls.ts';

/**
 * The group's assets with where their cycle stands, what is due first by default; state filter and paging in
 * the URL. Selected rows can be reset by hand with a note (each starts its next cycle now).
 */
export function ProgressTable({ group }: { group: AssetTimerGroup }) {
  const { t } = useTranslation('reminders');
  const list = useListState(groupAssetList);
  const { pageNo, pageSize, sort, state, assetNo } = list.query;
  const query = useMemo(
    () => ({
      pageNo,
      pageSize,
      sort,
      ...(state.length ? { stateIn: state as AssetTimerProgress['state'][] } : {}),
      ...(assetNo?.trim() ? { assetNo: assetNo.trim() } : {}),
    }),
    [pageNo, pageSize, sort, state, assetNo],
  );
  const rows = useGroupAssets(group.id, query);
  const canReset = useCan(requirementOf(assetTimerLogEndpoints.reset));
  const canRead = useCan(requirementOf(assetTimerGroupEndpoints.assets));
  const [selected, setSelected] = useState<string[]>([]);
  const [resetting, setResetting] = useState(false);

  const sortOrder = (key: string) => sortOrderOf(key, list.sortState);
  const value = (v: number, r: AssetTimerProgress) => formatTimerValue(v, r.unit);

  if (!canRead) return null;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap justify="space-between">
        <Form
          layout="inline"
          initialValues={{ state, assetNo }}
          onFinish={(v: { state?: string[]; assetNo?: string }) =>
            list.setFilters({ state: v.state ?? [], assetNo: v.assetNo || undefined })
          }
        >
          <Form.Item name="state" label={t('field.state')}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 200 }}
              aria-label={t('field.state')}
              options={assetTimerStates.map((s) => ({ value: s, label: t(`state.${s}`) }))}
              onChange={(v: string[]) => list.setFilters({ state: v })}
            />
          </Form.Item>
          <Form.Item name="assetNo" label={t('field.assetNo')}>
            <Input.Search
              allowClear
              style={{ width: 180 }}
              onSearch={(v) => list.setFilters({ assetNo: v || undefined })}
            />
          </Form.Item>
        </Form>
        {canReset && (
          <Button disabled={selected.length === 0} onClick={() => setResetting(true)}>
            {t('action.resetSelected', { count: selected.length })}
          </Button>
        )}
      </Flex>
      <Table<AssetTimerProgress>
        size="middle"
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={rows.isFetching}
        dataSource={rows.data?.data ?? []}
        rowSelection={
          canReset
            ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (k) => setSelected(k.map(String)) }
            : undefined
        }
        pagination={{
          current: pageNo,
          pageSize,
          total: rows.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('assets.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<AssetTimerProgress>;
            const key = single?.columnKey as 'due' | 'assetNo' | 'lastResetAt' | undefined;
            list.setSort(key && single.order ? { key, direction: single.order === 'ascend' ? 'asc' : 'desc' } : null);
          } else list.setPage(pagination.current ?? 1, pagination.pageSize ?? pageSize);
        }}
        columns={[
          {
            key: 'assetNo',
            title: t('field.assetNo'),
            sorter: true,
            sortOrder: sortOrder('assetNo'),
            fixed: 'left',
            render: (_, r) => r.asset.no,
          },
          {
            key: 'state',
            title: t('field.state'),
            render: (_, r) => <Tag color={stateColor[r.state]}>{t(`state.${r.state}`)}</Tag>,
          },
          {
            key: 'due',
            title: t('field.progress'),
            sorter: true,
            sortOrder: sortOrder('due'),
            width: 180,
            render: (_, r) => (
              <Progress
                percent={progressPercent(r.progress)}
                size="small"
                status={
                  r.state === 'overdue' || r.state === 'due'
                    ? 'exception'
                    : r.state === 'upcoming'
                      ? 'active'
                      : 'normal'
                }
                format={() => `${Math.round(r.progress * 100)}%`}
              />
            ),
          },
          { key: 'elapsed', title: t('field.elapsed'), align: 'right', render: (_, r) => value(r.elapsed, r) },
          {
            key: 'remaining',
            title: t('field.remaining'),
            align: 'right',
            render: (_, r) =>
              r.remaining < 0 ? (
                <Typography.Text type="danger">
                  {t('assets.pastDue', { value: value(-r.remaining, r) })}
                </Typography.Text>
              ) : (
                value(r.remaining, r)
              ),
          },
          {
            key: 'dueAt',
            title: t('field.dueAt'),
            render: (_, r) =>
              r.dueAt
                ? formatDateTime(r.dueAt)
                : r.dueAfter !== null
                  ? t('assets.dueAfter', { value: value(r.dueAfter, r) })
                  : '',
          },
          {
            key: 'lastResetAt',
            title: t('field.lastReset'),
            sorter: true,
            sortOrder: sortOrder('lastResetAt'),
            render: (_, r) =>
              r.lastResetAt && (
                <Flex vertical>
                  <span>{formatDateTime(r.lastResetAt)}</span>
                  <Typography.Text type="secondary">
                    {r.lastResetCause ? t(`cause.${r.lastResetCause}`) : ''}
                    {r.lastResetBy ? ` · ${r.lastResetBy.name}` : ''}
                  </Typography.Text>
                </Flex>
              ),
          },
          { key: 'cycle', title: t('field.cycle'), align: 'right', render: (_, r) => r.cycle },
        ]}
      />
      <ResetModal
        assetTimerIds={selected}
        open={resetting}
        onClose={() => setResetting(false)}
        onDone={() => setSelected([])}
      />
    </Flex>
  );
}
