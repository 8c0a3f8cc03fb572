import { Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useListAccess } from '../access.ts';
import { fetchAllPage, useAllPrivateLists, usePrivateListUsers } from '../api.ts';
import { usePrivateListColumns } from '../components/private-list-table.tsx';
import { allList } from '../urls.ts';

/** Staff picker backed by the fuzzy search; the chosen owner keeps its name from the rows already shown. */
function OwnerFilter({ known }: { known: Map<string, string> }) {
  const { t } = useTranslation('private-lists');
  const [text, setText] = useState('');
  const users = usePrivateListUsers(text);
  const options = useMemo(() => {
    const found = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }));
    const extra = [...known].filter(([id]) => !found.some((o) => o.value === id));
    return [...found, ...extra.map(([value, label]) => ({ value, label }))];
  }, [users.data, known]);
  return (
    <Form.Item name="ownerId" label={t('filter.owner')}>
      <Select
        showSearch={{ filterOption: false, onSearch: setText }}
        allowClear
        placeholder={t('filter.ownerPlaceholder')}
        options={options}
        loading={users.isFetching}
        notFoundContent={text ? t('filter.ownerNone') : t('filter.ownerType')}
        style={{ minWidth: 220 }}
      />
    </Form.Item>
  );
}

export default function PrivateListAllPage() {
  const { t } = useTranslation('private-lists');
  const list = useListState(allList);
  const query = {
    pageNo: list.pageNo,
    pageSize: list.pageSize,
    name: list.filters.search,
    ownerId: list.filters.ownerId,
  };
  const result = useAllPrivateLists(query);
  const may = useListAccess();
  const columns = usePrivateListColumns({
    withOwner: true,
    canEdit: (l) => may(l, 'update'),
    canDelete: (l) => may(l, 'delete'),
  });
  const owners = useMemo(
    () => new Map((result.data?.data ?? []).map((l) => [l.owner.id, l.owner.name] as const)),
    [result.data],
  );

  return (
    <ListPage
      listKey="privateListsAll"
      state={list}
      result={result}
      columns={columns}
      rowKey={(l) => l.id}
      filters={
        <>
          <SearchFilter label={t('filter.name')} placeholder={t('filter.namePlaceholder')} />
          <OwnerFilter known={owners} />
        </>
      }
      emptyText={t('empty.all')}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchAllPage({ ...query, pageNo, pageSize }))}
    />
  );
}
