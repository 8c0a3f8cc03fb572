import type { PrivateList } from '@fleetdesk/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink } from '../../../shared/ui/list-actions.tsx';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { privateListUrls } from '../urls.ts';
import { PrivateListDeleteButton } from './private-list-delete.button.tsx';

/** The columns both lists share; "all lists" adds the owner, and actions depend on what the caller may do. */
export function usePrivateListColumns({
  withOwner,
  canEdit,
  canDelete,
}: {
  withOwner: boolean;
  canEdit: (list: PrivateList) => boolean;
  canDelete: (list: PrivateList) => boolean;
}): ListColumn<PrivateList>[] {
  const { t } = useTranslation('private-lists');
  const columns: ListColumn<PrivateList>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      alwaysVisible: true,
      render: (name: string, list) => <Link to={privateListUrls.assets(list.id)}>{name}</Link>,
    },
    { key: 'assetCount', title: t('column.assetCount'), dataIndex: 'assetCount', align: 'right' },
    { key: 'comment', title: t('field.comment'), dataIndex: 'comment', ellipsis: true },
  ];
  if (withOwner) {
    columns.push({
      key: 'owner',
      title: t('column.owner'),
      render: (_, list) => list.owner.name,
      exportValue: (list) => list.owner.name,
    });
  }
  columns.push(
    dateTimeColumn('createdAt', t('column.createdAt'), { sortKey: false }),
    dateTimeColumn('updatedAt', t('column.updatedAt'), { sortKey: false, defaultHidden: true }),
    {
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, list) => (
        <Flex gap={4}>
          {canEdit(list) && (
            <EditLink to={privateListUrls.edit(list.id)} label={t('action.editList', { name: list.name })}>
              {t('action.edit')}
            </EditLink>
          )}
          {canDelete(list) && <PrivateListDeleteButton list={list} size="small" type="link" />}
        </Flex>
      ),
    },
  );
  return columns;
}
