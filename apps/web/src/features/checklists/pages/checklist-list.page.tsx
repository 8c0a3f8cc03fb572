import { type ChecklistSummary, checklistEndpoints } from '@fleetdesk/contracts';
import { Flex, Form, Input, Switch, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { formatAmount } from '../../work-items/components/work-item-format.ts';
import { checklistListQuery, fetchChecklistPage, useChecklistList } from '../api.ts';
import { ChecklistArchiveButton } from '../components/checklist-archive.button.tsx';
import { CategorySelect } from '../components/checklist-basic.fields.tsx';
import { checklistList, checklistUrls } from '../urls.ts';

/** /checklist/management/list: the checklists of the caller's partners, in use unless the archived toggle is on. */
export default function ChecklistListPage() {
  const { t } = useTranslation('checklists');
  const list = useListState(checklistList);
  const query = useMemo(() => checklistListQuery(list.query), [list.query]);
  const result = useChecklistList(query);
  const canEdit = useCan(requirementOf(checklistEndpoints.update));
  const canArchive = useCan(requirementOf(checklistEndpoints.archive));
  const canCreate = useCan(requirementOf(checklistEndpoints.create));

  const columns: ListColumn<ChecklistSummary>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, c) => <Link to={checklistUrls.detail(c.id)}>{name}</Link>,
    },
    { key: 'partner', title: t('field.partner'), render: (_, c) => c.partner.name, exportValue: (c) => c.partner.name },
    {
      key: 'scope',
      title: t('field.assetCategoryScope'),
      render: (_, c) => c.assetCategoryScope.map((cat) => <Tag key={cat.id}>{cat.name}</Tag>),
      exportValue: (c) => c.assetCategoryScope.map((cat) => cat.name).join('; '),
    },
    {
      key: 'groups',
      title: t('column.groups'),
      render: (_, c) => t('column.groupCounts', { groups: c.groupCount, items: c.workItemCount }),
      exportValue: (c) => c.groupCount,
    },
    {
      key: 'basicCostAmount',
      title: t('field.basicCostAmount'),
      align: 'right',
      render: (_, c) => formatAmount(c.basicCostAmount),
      exportValue: (c) => c.basicCostAmount,
    },
    {
      key: 'status',
      title: t('field.status'),
      render: (_, c) => <Tag color={c.status === 'Inuse' ? 'green' : 'default'}>{t(`status.${c.status}`)}</Tag>,
      exportValue: (c) => t(`status.${c.status}`),
    },
    dateTimeColumn('updatedAt', t('field.updatedAt')),
    dateTimeColumn('createdAt', t('field.createdAt'), { defaultHidden: true }),
  ];
  if (canEdit || canArchive) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, c) =>
        c.status === 'Inuse' && (
          <Flex gap={4}>
            {canEdit && (
              <EditLink to={checklistUrls.edit(c.id)} label={t('action.editChecklist', { name: c.name })}>
                {t('action.edit')}
              </EditLink>
            )}
            <ChecklistArchiveButton checklist={c} size="small" type="link" />
          </Flex>
        ),
    });
  }

  return (
    <ListPage
      listKey="checklists"
      state={list}
      result={result}
      columns={columns}
      rowKey={(c) => c.id}
      filters={
        <>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <PartnerSelect mode="multiple" allowClear maxTagCount="responsive" style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="categoryId" label={t('filter.category')}>
            <CategorySelect allowClear style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="name" label={t('field.name')}>
            <Input allowClear maxLength={100} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="archived" label={t('filter.archived')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={checklistUrls.new()}>{t('action.new')}</NewButton>}
      emptyText={t('list.empty')}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchChecklistPage({ ...query, pageNo, pageSize }))}
    />
  );
}
