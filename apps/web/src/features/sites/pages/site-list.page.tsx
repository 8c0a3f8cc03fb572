import { type Site, siteEndpoints } from '@fleetdesk/contracts';
import { Flex, Form, Input, Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { fetchSitePage, siteQueryBody, useSiteList } from '../api.ts';
import { SiteArchiveButton } from '../components/site-archive.button.tsx';
import { SiteDeleteButton } from '../components/site-delete.button.tsx';
import { PartnerSelect, SiteTypeSelect } from '../components/site-options.tsx';
import { archiveFilters, siteList, siteUrls } from '../urls.ts';

/** /setting/partner/site/list: the sites of the caller's partners, non-archived unless asked. */
export default function SiteListPage() {
  const { t } = useTranslation('sites');
  const list = useListState(siteList);
  const body = useMemo(() => siteQueryBody(list.query), [list.query]);
  const result = useSiteList(body);
  const canWrite = useCan(requirementOf(siteEndpoints.update));
  const canCreate = useCan(requirementOf(siteEndpoints.batchCreate));

  const columns: ListColumn<Site>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, site) => (canWrite ? <Link to={siteUrls.edit(site.id)}>{name}</Link> : name),
    },
    {
      key: 'partner',
      title: t('field.partner'),
      render: (_, site) => site.partner.name,
      exportValue: (site) => site.partner.name,
    },
    {
      key: 'type',
      title: t('field.type'),
      dataIndex: 'type',
      render: (type: Site['type']) => t(`type.${type}`),
      exportValue: (site) => t(`type.${site.type}`),
    },
    { key: 'city', title: t('field.city'), dataIndex: 'city' },
    { key: 'address', title: t('field.address'), dataIndex: 'address' },
    { key: 'coordinates', title: t('field.coordinates'), dataIndex: 'coordinates' },
    {
      key: 'isArchived',
      title: t('field.isArchived'),
      dataIndex: 'isArchived',
      sortKey: 'isArchived',
      render: (archived: boolean) => (archived ? <Tag>{t('archived.yes')}</Tag> : t('archived.no')),
      exportValue: (site) => (site.isArchived ? t('archived.yes') : t('archived.no')),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, site) => (
        <Flex gap={4}>
          <EditLink to={siteUrls.edit(site.id)} label={t('action.editSite', { name: site.name })}>
            {t('action.edit')}
          </EditLink>
          <SiteArchiveButton site={site} size="small" type="link" />
          <SiteDeleteButton site={site} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="sites"
      state={list}
      result={result}
      columns={columns}
      rowKey={(site) => site.id}
      filters={
        <>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <PartnerSelect mode="multiple" allowClear maxTagCount="responsive" style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="type" label={t('field.type')}>
            <SiteTypeSelect mode="multiple" allowClear style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="name" label={t('field.name')}>
            <Input allowClear maxLength={100} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="city" label={t('field.city')}>
            <Input allowClear maxLength={100} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="archived" label={t('field.isArchived')}>
            <Select
              style={{ width: 140 }}
              options={archiveFilters.map((value) => ({ value, label: t(`filter.archived.${value}`) }))}
            />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={siteUrls.new()}>{t('action.new')}</NewButton>}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchSitePage({ ...body, pageNo, pageSize }))}
    />
  );
}
