import { type WorkItem, workItemEndpoints } from '@fleetdesk/contracts';
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
import { fetchWorkItemPage, useWorkItemList, workItemListQuery } from '../api.ts';
import { WorkItemArchiveButton } from '../components/work-item-archive.button.tsx';
import { workItemList, workItemUrls } from '../urls.ts';

/** /checklist/work-item/list: the work items of the caller's partners, in use unless the archived toggle is on. */
export default function WorkItemListPage() {
  const { t } = useTranslation('work-items');
  const list = useListState(workItemList);
  const query = useMemo(() => workItemListQuery(list.query), [list.query]);
  const result = useWorkItemList(query);
  const canEdit = useCan(requirementOf(workItemEndpoints.update));
  const canArchive = useCan(requirementOf(workItemEndpoints.archive));
  const canCreate = useCan(requirementOf(workItemEndpoints.create));

  const columns: ListColumn<WorkItem>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, item) => <Link to={workItemUrls.detail(item.id)}>{name}</Link>,
    },
    {
      key: 'partner',
      title: t('field.partner'),
      render: (_, item) => item.partner.name,
      exportValue: (item) => item.partner.name,
    },
    {
      key: 'resultMode',
      title: t('field.resultMode'),
      render: (_, item) => t(`resultMode.${item.resultMode}`),
      exportValue: (item) => t(`resultMode.${item.resultMode}`),
    },
    {
      key: 'options',
      title: t('column.options'),
      render: (_, item) => {
        const labour = item.options.filter((o) => o.type === 'labour').length;
        return t('column.optionCounts', { labour, hardware: item.options.length - labour });
      },
      exportValue: (item) => item.options.map((o) => o.name).join('; '),
    },
    { key: 'usedBy', title: t('field.usedByChecklists'), dataIndex: 'usedByChecklists' },
    {
      key: 'status',
      title: t('field.status'),
      render: (_, item) => (
        <Tag color={item.status === 'Inuse' ? 'green' : 'default'}>{t(`status.${item.status}`)}</Tag>
      ),
      exportValue: (item) => t(`status.${item.status}`),
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
      render: (_, item) =>
        item.status === 'Inuse' && (
          <Flex gap={4}>
            {canEdit && (
              <EditLink to={workItemUrls.edit(item.id)} label={t('action.editItem', { name: item.name })}>
                {t('action.edit')}
              </EditLink>
            )}
            <WorkItemArchiveButton item={item} size="small" type="link" />
          </Flex>
        ),
    });
  }

  return (
    <ListPage
      listKey="work-items"
      state={list}
      result={result}
      columns={columns}
      rowKey={(item) => item.id}
      filters={
        <>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <PartnerSelect mode="multiple" allowClear maxTagCount="responsive" style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="name" label={t('field.name')}>
            <Input allowClear maxLength={100} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="archived" label={t('filter.archived')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={workItemUrls.new()}>{t('action.new')}</NewButton>}
      emptyText={t('list.empty')}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchWorkItemPage({ ...query, pageNo, pageSize }))}
    />
  );
}
