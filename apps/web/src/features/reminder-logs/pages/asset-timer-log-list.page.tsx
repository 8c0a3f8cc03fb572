import { type AssetTimerLog, assetEndpoints, assetTimerLogKinds } from '@fleetdesk/contracts';
import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
import { assetUrls } from '../../assets/urls.ts';
import { formatTimerValue } from '../../reminders/format.ts';
import { useAssetTimerLogs } from '../api.ts';
import { AssetNoFilterItem, PartnerFilterItem, TimerFilterItem } from '../components/filter-items.tsx';
import { LogCause } from '../components/log-cause.tsx';
import { ReminderLogViews } from '../components/reminder-log-views.tsx';
import { logQueryOf } from '../components/reminder-logs.model.ts';
import { LogKindTag } from '../components/tags.tsx';
import { assetTimerLogList } from '../urls.ts';

function LogFilters() {
  const { t } = useTranslation('reminder-logs');
  return (
    <>
      <PartnerFilterItem />
      <AssetNoFilterItem />
      <TimerFilterItem />
      <Form.Item name="kindIn" label={t('field.kind')}>
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={t('filter.any')}
          options={assetTimerLogKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          style={{ minWidth: 180 }}
        />
      </Form.Item>
      <RangeFilterItem name="period" label={t('field.period')} withTime />
    </>
  );
}

/**
 * /reminder/asset-timer-log/list: every fire (upcoming, due, overdue), reset and acknowledgement of the assets in
 * scope, newest first, with what the timer had counted then and what caused it.
 */
export default function AssetTimerLogListPage() {
  const { t } = useTranslation('reminder-logs');
  const list = useListState(assetTimerLogList);
  const query = useMemo(() => logQueryOf(list.query), [list.query]);
  const result = useAssetTimerLogs(query);
  const canOpenAsset = useCan(requirementOf(assetEndpoints.get));

  const columns: ListColumn<AssetTimerLog>[] = [
    { ...dateTimeColumn<AssetTimerLog>('createdAt', t('field.time'), { sortKey: false }), alwaysVisible: true },
    {
      key: 'asset',
      title: t('field.asset'),
      render: (_, l) => (canOpenAsset ? <Link to={assetUrls.detail(l.asset.no)}>{l.asset.no}</Link> : l.asset.no),
    },
    { key: 'timer', title: t('field.timer'), render: (_, l) => l.timer.name },
    {
      key: 'kind',
      title: t('field.kind'),
      card: 'status',
      render: (_, l) => <LogKindTag kind={l.kind} />,
    },
    { key: 'cycle', title: t('field.cycle'), align: 'right', render: (_, l) => l.cycle },
    {
      key: 'value',
      title: t('field.value'),
      align: 'right',
      render: (_, l) => formatTimerValue(l.value, l.unit),
    },
    {
      key: 'cause',
      title: t('field.cause'),
      render: (_, l) => <LogCause log={l} />,
    },
    {
      key: 'actor',
      title: t('field.actor'),
      render: (_, l) => l.actor?.name ?? t('system'),
    },
    {
      key: 'partner',
      title: t('field.partner'),
      defaultHidden: true,
      render: (_, l) => l.partner.name,
    },
  ];

  return (
    <ListPage
      listKey="asset-timer-log"
      state={list}
      result={result}
      columns={columns}
      rowKey={(l) => l.id}
      actions={<ReminderLogViews current="log" />}
      filters={<LogFilters />}
      emptyText={t('log.empty')}
      totalText={(count) => (result.data?.countIsEstimate ? t('aboutTotal', { count }) : undefined)}
    />
  );
}
