import { type TaxGroup, type TaxSubject, taxGroupEndpoints } from '@fleetdesk/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCanChangeAccountWide } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton, SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { fetchTaxGroupPage, useTaxGroupList } from '../api.ts';
import { TaxGroupDeleteButton } from '../components/tax-group-delete.button.tsx';
import { formatRate } from '../components/tax-rate.format.ts';
import { taxGroupList, taxGroupUrls } from '../urls.ts';

export default function TaxGroupListPage() {
  const { t } = useTranslation('tax');
  const list = useListState(taxGroupList);
  const result = useTaxGroupList(list.query);
  const canWrite = useCanChangeAccountWide(requirementOf(taxGroupEndpoints.update));
  const canCreate = useCanChangeAccountWide(requirementOf(taxGroupEndpoints.create));

  const rateColumn = (subject: TaxSubject, key: string): ListColumn<TaxGroup> => ({
    key,
    title: t(`column.${key}`),
    align: 'right',
    render: (_, group) => formatRate(group.currentRates[subject]?.rate),
    exportValue: (group) => group.currentRates[subject]?.rate ?? '',
  });

  const columns: ListColumn<TaxGroup>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, group) => (canWrite ? <Link to={taxGroupUrls.edit(group.id)}>{name}</Link> : name),
    },
    { key: 'displayName', title: t('field.displayName'), dataIndex: 'displayName' },
    { key: 'country', title: t('field.country'), dataIndex: 'country', sortKey: 'country' },
    rateColumn('rental', 'rental'),
    rateColumn('service-hardware', 'serviceHardware'),
    rateColumn('service-labour', 'serviceLabour'),
    { key: 'siteCount', title: t('column.siteCount'), dataIndex: 'siteCount', align: 'right' },
    dateTimeColumn('createdAt', t('column.createdAt'), { defaultHidden: true }),
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, group) => (
        <Flex gap={4}>
          <EditLink to={taxGroupUrls.edit(group.id)} label={t('action.editTaxGroup', { name: group.name })}>
            {t('action.edit')}
          </EditLink>
          <TaxGroupDeleteButton group={group} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="taxGroups"
      state={list}
      result={result}
      columns={columns}
      rowKey={(group) => group.id}
      filters={<SearchFilter label={t('filter.search')} placeholder={t('filter.searchPlaceholder')} />}
      actions={canCreate && <NewButton to={taxGroupUrls.new()}>{t('action.new')}</NewButton>}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchTaxGroupPage({ ...list.query, pageNo, pageSize }))}
    />
  );
}
