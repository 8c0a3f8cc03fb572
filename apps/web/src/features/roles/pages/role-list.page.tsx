import { EditOutlined } from '@ant-design/icons';
import { type Role, roleEndpoints } from '@fleetdesk/contracts';
import { Button, Empty, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton, SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { fetchRolePage, useRoleList } from '../api.ts';
import { lockedByScope } from '../components/affected-staff.tsx';
import { isAdminRole, permissionCount } from '../components/permission-matrix.model.ts';
import { RoleDeleteButton } from '../components/role-delete.button.tsx';
import { roleList, roleUrls } from '../urls.ts';

/** /team/role/list: roles with how much they grant and how many staff hold them. */
export default function RoleListPage() {
  const { t } = useTranslation('roles');
  const list = useListState(roleList);
  const result = useRoleList(list.query);
  const canCreate = useCan(requirementOf(roleEndpoints.create));
  const canUpdate = useCan(requirementOf(roleEndpoints.update));
  const canDelete = useCan(requirementOf(roleEndpoints.remove));

  const columns: ListColumn<Role>[] = [
    {
      key: 'title',
      title: t('field.title'),
      dataIndex: 'title',
      sortKey: 'title',
      alwaysVisible: true,
      render: (title: string, role) => (canUpdate ? <Link to={roleUrls.edit(role.id)}>{title}</Link> : title),
    },
    {
      key: 'permissionCount',
      title: t('column.permissionCount'),
      align: 'right',
      render: (_, role) =>
        isAdminRole(role.permissions) ? <Tag color="gold">{t('column.allPermissions')}</Tag> : permissionCount(role),
      exportValue: (role) => (isAdminRole(role.permissions) ? t('column.allPermissions') : permissionCount(role)),
    },
    { key: 'userCount', title: t('column.userCount'), dataIndex: 'userCount', align: 'right' },
    dateTimeColumn('updatedAt', t('column.updatedAt')),
    dateTimeColumn('createdAt', t('column.createdAt'), { defaultHidden: true }),
  ];
  if (canUpdate || canDelete) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, role) => (
        <Flex gap={0} wrap={false}>
          {canUpdate &&
            (lockedByScope(role) ? (
              <Tooltip title={t('locked.reason', { count: role.holdersOutsideScope })}>
                <Button
                  size="small"
                  type="link"
                  icon={<EditOutlined />}
                  disabled
                  aria-label={t('action.editRole', { title: role.title })}
                >
                  {t('action.edit')}
                </Button>
              </Tooltip>
            ) : (
              <EditLink to={roleUrls.edit(role.id)} label={t('action.editRole', { title: role.title })}>
                {t('action.edit')}
              </EditLink>
            ))}
          {canDelete && <RoleDeleteButton role={role} size="small" type="link" />}
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="roles"
      state={list}
      result={result}
      columns={columns}
      rowKey={(role) => role.id}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={list.filters.search ? t('list.emptyFiltered') : t('list.empty')}
        />
      }
      filters={<SearchFilter label={t('filter.search')} placeholder={t('filter.searchPlaceholder')} />}
      actions={canCreate && <NewButton to={roleUrls.new()}>{t('action.new')}</NewButton>}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchRolePage({ ...list.query, pageNo, pageSize }))}
    />
  );
}
