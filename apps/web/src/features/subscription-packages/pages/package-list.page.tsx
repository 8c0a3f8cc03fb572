import { type SubscriptionPackage, subscriptionEndpoints } from '@fleetdesk/contracts';
import { Flex, Form, Input, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { CategorySelect } from '../../pricing/components/program-pickers.tsx';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { fetchPackagePage, packageListQuery, usePackageList } from '../api.ts';
import { PackageDeleteButton } from '../components/package-delete.button.tsx';
import { packageList, packageUrls } from '../urls.ts';

/** /subscription/package/list: the packages of the caller's partners, with their plans and the orders using them. */
export default function PackageListPage() {
  const { t } = useTranslation('subscription-packages');
  const list = useListState(packageList);
  const query = useMemo(() => packageListQuery(list.query), [list.query]);
  const result = usePackageList(query);
  const canCreate = useCan(requirementOf(subscriptionEndpoints.createPackage));
  const canEdit = useCan(requirementOf(subscriptionEndpoints.updatePackage));
  const canDelete = useCan(requirementOf(subscriptionEndpoints.deletePackage));

  const columns: ListColumn<SubscriptionPackage>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, pkg) => (canEdit ? <Link to={packageUrls.edit(pkg.id)}>{name}</Link> : name),
    },
    {
      key: 'partner',
      title: t('field.partner'),
      render: (_, pkg) => pkg.partner.name,
      exportValue: (pkg) => pkg.partner.name,
    },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, pkg) => pkg.category.name,
      exportValue: (pkg) => pkg.category.name,
    },
    {
      key: 'plans',
      title: t('column.plans'),
      render: (_, pkg) => (
        <Flex gap={4} wrap align="center">
          <Typography.Text strong>{pkg.plans.length}</Typography.Text>
          {pkg.plans.map((plan) => (
            <Tag key={plan.id} style={{ marginInlineEnd: 0 }}>
              {plan.name}
            </Tag>
          ))}
        </Flex>
      ),
      exportValue: (pkg) => pkg.plans.map((plan) => plan.name).join('; '),
    },
    { key: 'orders', title: t('column.orders'), dataIndex: 'orderCount' },
    dateTimeColumn('updatedAt', t('field.updatedAt')),
    dateTimeColumn('createdAt', t('field.createdAt'), { defaultHidden: true }),
  ];
  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, pkg) => (
        <Flex gap={4}>
          {canEdit && (
            <EditLink to={packageUrls.edit(pkg.id)} label={t('action.editNamed', { name: pkg.name })}>
              {t('action.edit')}
            </EditLink>
          )}
          {canDelete && <PackageDeleteButton pkg={pkg} size="small" type="link" />}
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="subscription-packages"
      state={list}
      result={result}
      columns={columns}
      rowKey={(pkg) => pkg.id}
      filters={
        <>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <PartnerSelect mode="multiple" allowClear maxTagCount="responsive" style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="categoryId" label={t('field.category')}>
            <CategorySelect
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('filter.any')}
              style={{ minWidth: 180 }}
            />
          </Form.Item>
          <Form.Item name="name" label={t('field.name')}>
            <Input allowClear maxLength={100} style={{ width: 180 }} />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={packageUrls.new()}>{t('action.new')}</NewButton>}
      emptyText={t('list.empty')}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchPackagePage({ ...query, pageNo, pageSize }))}
    />
  );
}
