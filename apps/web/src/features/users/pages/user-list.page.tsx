import { SearchOutlined } from '@ant-design/icons';
import { roleEndpoints, type User, userEndpoints } from '@fleetdesk/contracts';
import { Empty, Flex, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { fetchUserPage, useRoleOptions, useUserList } from '../api.ts';
import { UserDeleteButton } from '../components/user-delete.button.tsx';
import { UserResetPasswordButton } from '../components/user-reset-password.button.tsx';
import { UserScope, userScopeText } from '../components/user-scope.tsx';
import { userList, userUrls } from '../urls.ts';

/** /team/user/list: staff in the caller's scope, searched, filtered by role and partner, sorted and paged. */
export default function UserListPage() {
  const { t } = useTranslation('users');
  const list = useListState(userList);
  const result = useUserList(list.query);
  const profile = useSignedInProfile();
  const roles = useRoleOptions();
  const partners = usePartnerOptions();
  const canCreate = useCan(requirementOf(userEndpoints.create));
  const canUpdate = useCan(requirementOf(userEndpoints.update));
  const canDelete = useCan(requirementOf(userEndpoints.remove));
  const canListRoles = useCan(requirementOf(roleEndpoints.list));

  const columns: ListColumn<User>[] = [
    {
      key: 'username',
      title: t('field.username'),
      dataIndex: 'username',
      sortKey: 'username',
      alwaysVisible: true,
      render: (username: string, user) => (canUpdate ? <Link to={userUrls.edit(user.id)}>{username}</Link> : username),
    },
    { key: 'name', title: t('field.name'), dataIndex: 'name', sortKey: 'name' },
    { key: 'email', title: t('field.email'), dataIndex: 'email' },
    { key: 'phoneNo', title: t('field.phoneNo'), dataIndex: 'phoneNo' },
    {
      key: 'partnerScope',
      title: t('field.partnerScope'),
      render: (_, user) => <UserScope user={user} />,
      exportValue: (user) => userScopeText(user, t('scope.all')),
    },
    {
      key: 'roles',
      title: t('field.roles'),
      render: (_, user) =>
        user.roles.length === 0 ? (
          <Tag>{t('column.noRoles')}</Tag>
        ) : (
          user.roles.map((role) => <Tag key={role.id}>{role.title}</Tag>)
        ),
      exportValue: (user) => user.roles.map((role) => role.title).join(', '),
    },
    {
      key: 'lastActiveTime',
      title: t('column.lastActiveTime'),
      dataIndex: 'lastActiveTime',
      sortKey: 'lastActiveTime',
      render: (value: string | null) => (value ? formatDateTime(value) : t('column.neverActive')),
      exportValue: (user) => user.lastActiveTime ?? '',
    },
    dateTimeColumn('createdAt', t('column.createdAt'), { defaultHidden: true }),
  ];
  if (canUpdate || canDelete) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, user) => (
        <Flex gap={0} wrap={false}>
          {canUpdate && (
            <EditLink to={userUrls.edit(user.id)} label={t('action.editUser', { username: user.username })}>
              {t('action.edit')}
            </EditLink>
          )}
          {canUpdate && <UserResetPasswordButton user={user} size="small" type="link" />}
          {/* The server refuses deleting yourself; the button would only lead to that refusal. */}
          {canDelete && user.id !== profile?.id && <UserDeleteButton user={user} size="small" type="link" />}
        </Flex>
      ),
    });
  }

  const filtered = Boolean(list.filters.search || list.filters.roleId || list.filters.partnerId);

  return (
    <ListPage
      listKey="users"
      state={list}
      result={result}
      columns={columns}
      rowKey={(user) => user.id}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('list.emptyFiltered') : t('list.empty')}
        />
      }
      filters={
        <>
          <Form.Item name="search" label={t('filter.search')}>
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('filter.searchPlaceholder')} maxLength={100} />
          </Form.Item>
          {canListRoles && (
            <Form.Item name="roleId" label={t('field.roles')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ minWidth: 180 }}
                placeholder={t('filter.anyRole')}
                loading={roles.isPending}
                options={roles.data ?? []}
              />
            </Form.Item>
          )}
          <Form.Item name="partnerId" label={t('filter.partner')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 180 }}
              placeholder={t('filter.anyPartner')}
              loading={partners.isPending}
              options={(partners.data ?? []).map((partner) => ({ value: partner.id, label: partner.name }))}
            />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={userUrls.new()}>{t('action.new')}</NewButton>}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchUserPage({ ...list.query, pageNo, pageSize }))}
    />
  );
}
