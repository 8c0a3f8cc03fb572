import { type Alarm, alarmEndpoints, alarmStates, deviceAlarmCodes } from '@fleetdesk/contracts';
import { Button, Flex, Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { useCategorySummaries } from '../../assets/api.ts';
import { assetUrls } from '../../assets/urls.ts';
import { alarmQueryOf, useAlarms } from '../api.ts';
import { AlarmAcknowledgeModal } from '../components/alarm-acknowledge.modal.tsx';
import { AlarmCode } from '../components/alarm-code.tsx';
import { alarmList, alarmScreen } from '../urls.ts';

const position = (a: Alarm) => (a.position ? `${a.position.lat.toFixed(5)}, ${a.position.lng.toFixed(5)}` : '—');

/** The inbox's filter fields (names are keys of the list's URL state). */
function AlarmFilters() {
  const { t } = useTranslation('alarms');
  const { t: tCode } = useTranslation('dashboard');
  const partners = usePartnerOptions();
  const categories = useCategorySummaries();
  return (
    <>
      <Form.Item name="state" label={t('field.state')}>
        <Select options={alarmStates.map((s) => ({ value: s, label: t(`state.${s}`) }))} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="partnerId" label={t('field.partner')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.any')}
          loading={partners.isPending}
          options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="categoryId" label={t('field.category')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.any')}
          loading={categories.isPending}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item name="code" label={t('field.code')}>
        <Select
          allowClear
          placeholder={t('filter.any')}
          options={deviceAlarmCodes.map((c) => ({ value: c, label: tCode(`code.${c}`) }))}
          style={{ width: 170 }}
        />
      </Form.Item>
      <Form.Item name="assetNo" label={t('field.asset')}>
        <Input allowClear maxLength={40} style={{ width: 150 }} />
      </Form.Item>
      <RangeFilterItem name="days" label={t('field.period')} />
    </>
  );
}

/**
 * /asset/alarm/list: device alarms of the period (the last 7 days unless chosen), open ones first in the menu's
 * sense — open by default — newest first, refreshed every 10 s; an open alarm is acknowledged with a note.
 */
export default function AlarmListPage() {
  const { t } = useTranslation('alarms');
  const list = useListState(alarmList);
  const [screen, setScreen] = useUrlState(alarmScreen);
  const query = useMemo(() => alarmQueryOf(list.query), [list.query]);
  const result = useAlarms(query);
  const canAcknowledge = useCan(requirementOf(alarmEndpoints.acknowledge));
  const canOpenAsset = useCan(requirementOf(alarmEndpoints.assetState));
  const acknowledging = result.data?.data.find((a) => a.id === screen.acknowledge) ?? null;

  const columns: ListColumn<Alarm>[] = [
    {
      key: 'occurredAt',
      title: t('field.occurredAt'),
      alwaysVisible: true,
      render: (_, a) => formatDateTime(a.occurredAt),
      exportValue: (a) => a.occurredAt,
    },
    {
      key: 'asset',
      title: t('field.asset'),
      alwaysVisible: true,
      render: (_, a) => (canOpenAsset ? <Link to={assetUrls.detail(a.asset.no)}>{a.asset.no}</Link> : a.asset.no),
      exportValue: (a) => a.asset.no,
    },
    {
      key: 'code',
      title: t('field.code'),
      render: (_, a) => <AlarmCode code={a.code} />,
      exportValue: (a) => a.code ?? '',
    },
    { key: 'position', title: t('field.position'), render: (_, a) => position(a), exportValue: position },
    { key: 'partner', title: t('field.partner'), render: (_, a) => a.partner.name, exportValue: (a) => a.partner.name },
    {
      key: 'acknowledgement',
      title: t('field.acknowledgement'),
      render: (_, a) =>
        a.acknowledgement ? (
          <Flex vertical>
            <Typography.Text>
              {t('acknowledged', {
                user: a.acknowledgement.user?.name ?? '—',
                at: formatDateTime(a.acknowledgement.at),
              })}
            </Typography.Text>
            <Typography.Text type="secondary">{a.acknowledgement.note}</Typography.Text>
          </Flex>
        ) : (
          <Tag color="volcano">{t('state.open')}</Tag>
        ),
      exportValue: (a) => a.acknowledgement?.note ?? '',
    },
    {
      key: 'actions',
      title: t('field.actions'),
      alwaysVisible: true,
      noExport: true,
      render: (_, a) =>
        a.acknowledgement || !canAcknowledge ? null : (
          <Tooltip title={t('acknowledge.hint')}>
            <Button
              size="small"
              onClick={() => setScreen({ acknowledge: a.id })}
              aria-label={t('acknowledge.label', { asset: a.asset.no, at: formatDateTime(a.occurredAt) })}
            >
              {t('acknowledge.action')}
            </Button>
          </Tooltip>
        ),
    },
  ];

  return (
    <PageContainer>
      <ListPage
        title=""
        listKey="alarms"
        state={list}
        result={result}
        columns={columns}
        rowKey={(a) => a.id}
        filters={<AlarmFilters />}
        emptyText={t(`empty.${list.filters.state}`)}
      />
      <AlarmAcknowledgeModal alarm={acknowledging} onClose={() => setScreen({ acknowledge: undefined })} />
    </PageContainer>
  );
}
