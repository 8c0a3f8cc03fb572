import { privateListEndpoints } from '@fleetdesk/contracts';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { NewButton, SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useListAccess } from '../access.ts';
import { fetchMinePage, useMyPrivateLists } from '../api.ts';
import { usePrivateListColumns } from '../components/private-list-table.tsx';
import { mineList, privateListUrls } from '../urls.ts';

export default function PrivateListMinePage() {
  const { t } = useTranslation('private-lists');
  const list = useListState(mineList);
  const query = { pageNo: list.pageNo, pageSize: list.pageSize, name: list.filters.search };
  const result = useMyPrivateLists(query);
  const may = useListAccess();
  const canCreate = useCan(requirementOf(privateListEndpoints.create));
  const columns = usePrivateListColumns({
    withOwner: false,
    canEdit: (l) => may(l, 'update'),
    canDelete: (l) => may(l, 'delete'),
  });

  return (
    <ListPage
      listKey="privateListsMine"
      state={list}
      result={result}
      columns={columns}
      rowKey={(l) => l.id}
      filters={<SearchFilter label={t('filter.name')} placeholder={t('filter.namePlaceholder')} />}
      actions={canCreate && <NewButton to={privateListUrls.new()}>{t('action.new')}</NewButton>}
      emptyText={t('empty.mine')}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchMinePage({ ...query, pageNo, pageSize }))}
    />
  );
}
