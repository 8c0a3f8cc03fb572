import { type Partner, partnerEndpoints } from '@fleetdesk/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, scopeAllows, useCan } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton, SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { fetchPartnerPage, usePartnerList } from '../api.ts';
import { PartnerDeleteButton } from '../components/partner-delete.button.tsx';
import { partnerList, partnerUrls } from '../urls.ts';

export default function PartnerListPage() {
  const { t } = useTranslation('partners');
  const list = useListState(partnerList);
  const result = usePartnerList(list.query);
  const canWrite = useCan(requirementOf(partnerEndpoints.update));
  const profile = useSignedInProfile();
  const canCreate = useCan(requirementOf(partnerEndpoints.create)) && scopeAllows(profile?.partnerScope, '*');

  const columns: ListColumn<Partner>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, partner) => (canWrite ? <Link to={partnerUrls.edit(partner.id)}>{name}</Link> : name),
    },
    { key: 'email', title: t('field.email'), dataIndex: 'email' },
    {
      key: 'city',
      title: t('field.city'),
      render: (_, partner) => partner.address.city,
      exportValue: (partner) => partner.address.city,
    },
    {
      key: 'contactPerson',
      title: t('column.contactPerson'),
      render: (_, partner) => [partner.contactPerson.name, partner.contactPerson.phone].filter(Boolean).join(' · '),
      exportValue: (partner) => [partner.contactPerson.name, partner.contactPerson.phone].filter(Boolean).join(' '),
    },
    dateTimeColumn('createdAt', t('column.createdAt')),
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, partner) => (
        <Flex gap={4}>
          <EditLink to={partnerUrls.edit(partner.id)} label={t('action.editPartner', { name: partner.name })}>
            {t('action.edit')}
          </EditLink>
          <PartnerDeleteButton partner={partner} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="partners"
      state={list}
      result={result}
      columns={columns}
      rowKey={(partner) => partner.id}
      filters={<SearchFilter label={t('filter.search')} placeholder={t('filter.searchPlaceholder')} />}
      actions={canCreate && <NewButton to={partnerUrls.new()}>{t('action.new')}</NewButton>}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchPartnerPage({ ...list.query, pageNo, pageSize }))}
    />
  );
}
