import type { RoleUser } from '@fleetdesk/contracts';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The staff a role change or delete affects, as a short list (name and login). */
export function AffectedStaffList({ users }: { users: readonly RoleUser[] }) {
  const { t } = useTranslation('roles');
  if (users.length === 0) return <Typography.Text type="secondary">{t('affected.none')}</Typography.Text>;
  return (
    <List
      size="small"
      bordered
      dataSource={[...users]}
      style={{ maxHeight: 280, overflowY: 'auto' }}
      data-testid="role-affected-staff"
      renderItem={(user) => (
        <List.Item key={user.id}>
          <Typography.Text>{user.name}</Typography.Text>
          <Typography.Text type="secondary">{user.username}</Typography.Text>
        </List.Item>
      )}
    />
  );
}
