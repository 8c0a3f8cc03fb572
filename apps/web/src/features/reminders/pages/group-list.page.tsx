import { type AssetTimerGroup, assetTimerGroupEndpoints, assetTimerStates } from '@fleetdesk/contracts';
import { Flex, Form, Tag } from 'antd';
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
import { fetchGroupPage, groupListQuery, useGroupList } from '../api.ts';
import { TimerSelect } from '../components/selects.tsx';
import { formatTiming, stateColor } from '../format.ts';
import { groupList, reminderUrls } from '../urls.ts';

/** The state counts as coloured tags, the states nobody needs to look at (zero) left out. */
export function StateCountTags({ counts }: { counts: AssetTimerGroup['stateCounts'] }) {
  const { t } = useTranslation('reminders');
  return (
    <Flex wrap gap={4}>
      {assetTimerStates.map((state) =>
        counts[state] > 0 || state === 'ok' ? (
          <Tag key={state} color={stateColor[state]}>
            {t(`state.${state}`)} {counts[state]}
          </Tag>
        ) : null,
      )}
    </Flex>
  );
}

/** /reminder/asset-timer-group/list: which timer runs on which assets, and how many need attention. */
export default function GroupListPage() {
  const { t } = useTranslation('reminders');
  const list = useListState(groupList);
  const query = useMemo(() => groupListQuery(list.query), [list.query]);
  const result = useGroupList(query);
  const canCreate = useCan(requirementOf(assetTimerGroupEndpoints.create));

  const columns: ListColumn<AssetTimerGroup>[] = [
    {
      key: 'timer',
      title: t('field.timer'),
      alwaysVisible: true,
      render: (_, g) => <Link to={reminderUrls.groupDetail(g.id)}>{g.timer.name}</Link>,
      exportValue: (g) => g.timer.name,
    },
    { key: 'partner', title: t('field.partner'), render: (_, g) => g.partner.name, exportValue: (g) => g.partner.name },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, g) => g.category.name,
      exportValue: (g) => g.category.name,
    },
    {
      key: 'timing',
      title: t('field.timing'),
      render: (_, g) => `${t(`kind.${g.timer.kind}`)} · ${formatTiming(g.timer)}`,
      exportValue: (g) => formatTiming(g.timer),
    },
    {
      key: 'resetRule',
      title: t('field.resetRule'),
      render: (_, g) => g.resetRule.name,
      exportValue: (g) => g.resetRule.name,
    },
    {
      key: 'assets',
      title: t('field.assetCount'),
      align: 'right',
      render: (_, g) => <Link to={reminderUrls.groupAssets(g.id)}>{g.assetCount}</Link>,
      exportValue: (g) => g.assetCount,
    },
    {
      key: 'states',
      title: t('field.states'),
      render: (_, g) => <StateCountTags counts={g.stateCounts} />,
      exportValue: (g) => assetTimerStates.map((s) => `${s}:${g.stateCounts[s]}`).join(' '),
    },
    dateTimeColumn('createdAt', t('field.createdAt')),
  ];

  return (
    <ListPage
      listKey="reminder-groups"
      state={list}
      result={result}
      columns={columns}
      rowKey={(g) => g.id}
      filters={
        <>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <PartnerSelect mode="multiple" allowClear maxTagCount="responsive" style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="categoryId" label={t('field.category')}>
            <CategorySelect allowClear style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="timerId" label={t('field.timer')}>
            <TimerSelect allowClear style={{ minWidth: 200 }} />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={reminderUrls.groupNew()}>{t('action.newGroup')}</NewButton>}
      emptyText={t('list.emptyGroups')}
      exportFileName={t('exportFile.groups')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchGroupPage({ ...query, pageNo, pageSize }))}
    />
  );
}
