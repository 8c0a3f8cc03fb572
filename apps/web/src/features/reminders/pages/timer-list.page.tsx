import { type Timer, timerEndpoints } from '@fleetdesk/contracts';
import { Form, Input, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { NewButton } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { CategorySelect } from '../../checklists/components/checklist-basic.fields.tsx';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { fetchTimerPage, timerListQuery, useTimerList } from '../api.ts';
import { TimerKindSelect } from '../components/selects.tsx';
import { formatTiming } from '../format.ts';
import { reminderUrls, timerList } from '../urls.ts';

/** /reminder/timer/list: the timers of the caller's partners. */
export default function TimerListPage() {
  const { t } = useTranslation('reminders');
  const list = useListState(timerList);
  const query = useMemo(() => timerListQuery(list.query), [list.query]);
  const result = useTimerList(query);
  const canCreate = useCan(requirementOf(timerEndpoints.create));

  const columns: ListColumn<Timer>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, timer) => <Link to={reminderUrls.timerDetail(timer.id)}>{name}</Link>,
    },
    { key: 'partner', title: t('field.partner'), render: (_, r) => r.partner.name, exportValue: (r) => r.partner.name },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, r) => r.category.name,
      exportValue: (r) => r.category.name,
    },
    {
      key: 'kind',
      title: t('field.kind'),
      render: (_, r) => <Tag>{t(`kind.${r.kind}`)}</Tag>,
      exportValue: (r) => t(`kind.${r.kind}`),
    },
    { key: 'timing', title: t('field.timing'), render: (_, r) => formatTiming(r), exportValue: (r) => formatTiming(r) },
    {
      key: 'resetRules',
      title: t('field.resetRules'),
      render: (_, r) => r.resetRules.map((rule) => <Tag key={rule.id}>{rule.name}</Tag>),
      exportValue: (r) => r.resetRules.map((rule) => rule.name).join('; '),
    },
    {
      key: 'usage',
      title: t('column.usage'),
      render: (_, r) => t('column.usageCounts', { groups: r.groupCount, assets: r.assetCount }),
      exportValue: (r) => r.assetCount,
    },
    dateTimeColumn('updatedAt', t('field.updatedAt')),
    dateTimeColumn('createdAt', t('field.createdAt'), { defaultHidden: true }),
  ];

  return (
    <ListPage
      listKey="reminder-timers"
      state={list}
      result={result}
      columns={columns}
      rowKey={(r) => r.id}
      filters={
        <>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <PartnerSelect mode="multiple" allowClear maxTagCount="responsive" style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="categoryId" label={t('field.category')}>
            <CategorySelect allowClear style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="kind" label={t('field.kind')}>
            <TimerKindSelect allowClear style={{ minWidth: 160 }} placeholder={t('placeholder.any')} />
          </Form.Item>
          <Form.Item name="name" label={t('field.name')}>
            <Input allowClear maxLength={100} style={{ width: 180 }} />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={reminderUrls.timerNew()}>{t('action.newTimer')}</NewButton>}
      emptyText={t('list.emptyTimers')}
      exportFileName={t('exportFile.timers')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchTimerPage({ ...query, pageNo, pageSize }))}
    />
  );
}
