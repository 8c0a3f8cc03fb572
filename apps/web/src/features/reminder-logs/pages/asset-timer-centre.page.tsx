import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  ASSET_TIMER_BATCH_MAX,
  type AssetTimerCentreRow,
  assetEndpoints,
  assetTimerLogEndpoints,
  assetTimerStates,
  customerTicketEndpoints,
  siteEndpoints,
} from '@fleetdesk/contracts';
import { App, Button, Checkbox, Form, Progress, Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { Can, requirementOf, useCan } from '../../../shared/permissions.ts';
import { BulkActions } from '../../../shared/ui/bulk-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useCategorySummaries, useSiteOptions } from '../../assets/api.ts';
import { assetUrls } from '../../assets/urls.ts';
import { ticketUrls } from '../../customer-tickets/urls.ts';
import { formatTimerValue, progressPercent } from '../../reminders/format.ts';
import { useAcknowledgeReminders, useAssetTimerCentre } from '../api.ts';
import { AssetNoFilterItem, PartnerFilterItem, TimerFilterItem } from '../components/filter-items.tsx';
import { ReminderLogViews } from '../components/reminder-log-views.tsx';
import { centreQueryOf } from '../components/reminder-logs.model.ts';
import { ResetModal } from '../components/reset.modal.tsx';
import { TimerStateTag } from '../components/tags.tsx';
import { assetTimerCentreList } from '../urls.ts';

function CentreFilters() {
  const { t } = useTranslation('reminder-logs');
  const categories = useCategorySummaries();
  const canReadSites = useCan(requirementOf(siteEndpoints.all));
  const sites = useSiteOptions();
  return (
    <>
      <PartnerFilterItem />
      <Form.Item name="stateIn" label={t('field.state')}>
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          options={assetTimerStates.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          style={{ minWidth: 220 }}
        />
      </Form.Item>
      <Form.Item name="categoryIdIn" label={t('field.category')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.any')}
          loading={categories.isPending}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          style={{ minWidth: 180 }}
        />
      </Form.Item>
      {canReadSites && (
        <Form.Item name="siteIdIn" label={t('field.site')}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filter.any')}
            loading={sites.isPending}
            options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            style={{ minWidth: 180 }}
          />
        </Form.Item>
      )}
      <TimerFilterItem />
      <AssetNoFilterItem />
      <Form.Item name="unacknowledgedOnly" valuePropName="checked">
        <Checkbox>{t('field.unacknowledgedOnly')}</Checkbox>
      </Form.Item>
    </>
  );
}

/** When it is due: an instant for time timers and schedules, a reading ("after 500 km") for usage timers. */
function dueText(row: AssetTimerCentreRow, t: TFunction<'reminder-logs'>): string {
  if (row.dueAt) return formatDateTime(row.dueAt);
  if (row.dueAfter !== null) return t('due.after', { value: formatTimerValue(row.dueAfter, row.unit) });
  return '';
}

function remainingText(row: AssetTimerCentreRow, t: TFunction<'reminder-logs'>): string {
  return row.remaining < 0
    ? t('due.overBy', { value: formatTimerValue(-row.remaining, row.unit) })
    : formatTimerValue(row.remaining, row.unit);
}

/**
 * /reminder/asset-timer-log-center/list: one row per asset and timer in its current state — what needs attention by
 * default, what is due first — with bulk acknowledge and manual reset (≤ 100 rows), and a way to the asset's
 * service ticket: its open one, or a new one prefilled with the asset.
 */
export default function AssetTimerCentrePage() {
  const { t } = useTranslation('reminder-logs');
  const { message } = App.useApp();
  const list = useListState(assetTimerCentreList);
  const query = useMemo(() => centreQueryOf(list.query), [list.query]);
  const result = useAssetTimerCentre(query);
  const canOpenAsset = useCan(requirementOf(assetEndpoints.get));
  const canOpenTicket = useCan(requirementOf(customerTicketEndpoints.get));
  const canCreateTicket = useCan(requirementOf(customerTicketEndpoints.create));
  const canAcknowledge = useCan(requirementOf(assetTimerLogEndpoints.acknowledge));
  const canReset = useCan(requirementOf(assetTimerLogEndpoints.reset));
  const acknowledge = useAcknowledgeReminders();

  // The selection survives paging: only the ids are sent.
  const [ids, setIds] = useState<string[]>([]);
  const [resetting, setResetting] = useState(false);
  const overCeiling = ids.length > ASSET_TIMER_BATCH_MAX;
  const selectable = canAcknowledge || canReset;

  const runAcknowledge = async () => {
    try {
      const count = await acknowledge.mutateAsync(ids);
      void message.success(t('acknowledge.done', { count }));
      setIds([]);
    } catch {
      // Told by the http layer; the selection stays for another try.
    }
  };

  const columns: ListColumn<AssetTimerCentreRow>[] = [
    {
      key: 'asset',
      title: t('field.asset'),
      alwaysVisible: true,
      render: (_, r) => (canOpenAsset ? <Link to={assetUrls.detail(r.asset.no)}>{r.asset.no}</Link> : r.asset.no),
    },
    { key: 'timer', title: t('field.timer'), render: (_, r) => r.timer.name },
    {
      key: 'state',
      title: t('field.state'),
      render: (_, r) => <TimerStateTag state={r.state} />,
    },
    {
      key: 'progress',
      title: t('field.progress'),
      card: 'figure',
      render: (_, r) => (
        <Progress
          percent={progressPercent(r.progress)}
          format={() => `${Math.round(r.progress * 100)}%`}
          status={r.state === 'overdue' ? 'exception' : 'normal'}
          size="small"
          style={{ width: 140, margin: 0 }}
          aria-label={t('field.progress')}
        />
      ),
    },
    {
      key: 'due',
      title: t('field.due'),
      sortKey: 'due',
      card: 'figure',
      render: (_, r) => dueText(r, t),
    },
    {
      key: 'remaining',
      title: t('field.remaining'),
      card: 'figure',
      render: (_, r) => (
        <Typography.Text type={r.remaining < 0 ? 'danger' : undefined}>{remainingText(r, t)}</Typography.Text>
      ),
    },
    {
      key: 'site',
      title: t('field.site'),
      render: (_, r) => r.asset.site?.name ?? '',
    },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, r) => r.asset.category.name,
    },
    { key: 'partner', title: t('field.partner'), render: (_, r) => r.partner.name },
    {
      key: 'acknowledged',
      title: t('field.acknowledged'),
      render: (_, r) =>
        r.acknowledgedAt
          ? t('acknowledgedBy', { user: r.acknowledgedBy?.name ?? '—', at: formatDateTime(r.acknowledgedAt) })
          : '',
    },
    {
      key: 'actions',
      title: t('field.ticket'),
      alwaysVisible: true,
      render: (_, r) =>
        r.openTicket ? (
          canOpenTicket ? (
            <Link to={ticketUrls.detail(r.openTicket.id)}>{r.openTicket.no}</Link>
          ) : (
            r.openTicket.no
          )
        ) : canCreateTicket ? (
          <Link to={ticketUrls.new(r.asset.no)} aria-label={t('centre.openTicketLabel', { asset: r.asset.no })}>
            {t('centre.openTicket')}
          </Link>
        ) : null,
    },
  ];

  const toolbar = selectable ? (
    <>
      <Typography.Text data-testid="centre-selection">{t('centre.selected', { count: ids.length })}</Typography.Text>
      {ids.length > 0 && (
        <Button size="small" type="link" onClick={() => setIds([])}>
          {t('centre.clearSelection')}
        </Button>
      )}
      <BulkActions disabled={ids.length === 0 || overCeiling}>
        <Can requires={requirementOf(assetTimerLogEndpoints.acknowledge)}>
          <Button
            icon={<CheckOutlined />}
            disabled={ids.length === 0 || overCeiling}
            loading={acknowledge.isPending}
            onClick={() => void runAcknowledge()}
          >
            {t('acknowledge.action')}
          </Button>
        </Can>
        <Can requires={requirementOf(assetTimerLogEndpoints.reset)}>
          <Button
            icon={<ReloadOutlined />}
            disabled={ids.length === 0 || overCeiling}
            onClick={() => setResetting(true)}
          >
            {t('reset.action')}
          </Button>
        </Can>
      </BulkActions>
      {overCeiling && (
        <Typography.Text type="warning">{t('centre.ceiling', { max: ASSET_TIMER_BATCH_MAX })}</Typography.Text>
      )}
    </>
  ) : null;

  return (
    <>
      <ListPage
        listKey="asset-timer-centre"
        state={list}
        result={result}
        columns={columns}
        rowKey={(r) => r.id}
        actions={<ReminderLogViews current="centre" />}
        filters={<CentreFilters />}
        emptyText={t('centre.empty')}
        toolbar={toolbar}
        totalText={(count) => (result.data?.countIsEstimate ? t('aboutTotal', { count }) : undefined)}
        rowSelection={
          selectable
            ? {
                preserveSelectedRowKeys: true,
                selectedRowKeys: ids,
                getCheckboxProps: (r) => ({
                  'aria-label': t('centre.selectRow', { asset: r.asset.no, timer: r.timer.name }),
                }),
                onChange: (keys) => setIds(keys.map(String)),
              }
            : undefined
        }
      />
      <ResetModal assetTimerIds={ids} open={resetting} onClose={() => setResetting(false)} onDone={() => setIds([])} />
    </>
  );
}
