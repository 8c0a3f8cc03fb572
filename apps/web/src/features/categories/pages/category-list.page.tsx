import { type AssetCategory, categoryEndpoints } from '@fleetdesk/contracts';
import { Flex, Form, Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan, useCanChangeAccountWide } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton, SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { categoryListQuery, fetchCategoryPage, useCategoryList } from '../api.ts';
import { CategoryEnableButton } from '../components/category-enable.button.tsx';
import { assetTypeOptions } from '../components/category-options.ts';
import { CategoryThumbnail } from '../components/category-thumbnail.tsx';
import { categoryList, categoryUrls } from '../urls.ts';

/** /asset/category/list: the account's asset categories (disabled ones only for read_disabled holders). */
export default function CategoryListPage() {
  const { t } = useTranslation('categories');
  const list = useListState(categoryList);
  const query = useMemo(() => categoryListQuery(list.query), [list.query]);
  const result = useCategoryList(query);
  const canUpdate = useCanChangeAccountWide(requirementOf(categoryEndpoints.update));
  const canCreate = useCanChangeAccountWide(requirementOf(categoryEndpoints.create));
  const seesDisabled = useCan([['asset_category.read_disabled']]);

  const columns: ListColumn<AssetCategory>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, category) => (
        <Flex gap={8} align="center">
          <CategoryThumbnail imageUrl={category.imageUrl} />
          {canUpdate ? <Link to={categoryUrls.edit(category.id)}>{name}</Link> : name}
        </Flex>
      ),
    },
    {
      key: 'assetType',
      title: t('field.assetType'),
      dataIndex: 'assetType',
      render: (type: AssetCategory['assetType']) => t(`assetType.${type}`),
      exportValue: (c) => t(`assetType.${c.assetType}`),
    },
    {
      key: 'isIot',
      title: t('field.isIot'),
      dataIndex: 'isIot',
      render: (isIot: boolean) => (isIot ? t('yes') : t('no')),
      exportValue: (c) => (c.isIot ? t('yes') : t('no')),
    },
    {
      key: 'isEnabled',
      title: t('field.isEnabled'),
      dataIndex: 'isEnabled',
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{t('state.enabled')}</Tag> : <Tag>{t('state.disabled')}</Tag>,
      exportValue: (c) => (c.isEnabled ? t('state.enabled') : t('state.disabled')),
    },
    {
      key: 'properties',
      title: t('column.properties'),
      align: 'right',
      render: (_, c) => c.properties.length,
      exportValue: (c) => c.properties.map((p) => p.name).join('; '),
    },
    dateTimeColumn('updatedAt', t('column.updatedAt')),
    dateTimeColumn('createdAt', t('column.createdAt'), { defaultHidden: true }),
  ];
  if (canUpdate) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, category) => (
        <Flex gap={4}>
          <EditLink to={categoryUrls.edit(category.id)} label={t('action.editCategory', { name: category.name })}>
            {t('action.edit')}
          </EditLink>
          <CategoryEnableButton category={category} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="assetCategories"
      state={list}
      result={result}
      columns={columns}
      rowKey={(c) => c.id}
      filters={
        <>
          <SearchFilter label={t('filter.search')} placeholder={t('filter.searchPlaceholder')} />
          <Form.Item name="assetType" label={t('field.assetType')}>
            <Select allowClear options={assetTypeOptions(t)} style={{ width: 160 }} placeholder={t('filter.all')} />
          </Form.Item>
          {seesDisabled && (
            <Form.Item name="isEnabled" label={t('field.isEnabled')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('filter.all')}
                options={[
                  { value: true, label: t('state.enabled') },
                  { value: false, label: t('state.disabled') },
                ]}
              />
            </Form.Item>
          )}
        </>
      }
      actions={canCreate && <NewButton to={categoryUrls.new()}>{t('action.new')}</NewButton>}
      emptyText={t('empty')}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchCategoryPage({ ...query, pageNo, pageSize }))}
    />
  );
}
