import type { Role } from '@fleetdesk/contracts';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AffectedStaff } from '../api.ts';

/** Whether holders outside the caller's partner scope keep them from changing or deleting the role (the server refuses). */
export const lockedByScope = (role: Pick<Role, 'holdersOutsideScope'>) => role.holdersOutsideScope > 0;

/**
 * The staff a role change or delete affects, as a short list (name and login), and how many more it reaches
 * outside the caller's partner scope, so the list is never taken for everyone affected.
 */
export function AffectedStaffList({ affected }: { affected: AffectedStaff }) {
  const { t } = useTranslation('roles');
  const { users, holdersOutsideScope } = affected;
  const outside = holdersOutsideScope > 0 && (
    <Typography.Paragraph type="secondary" data-testid="role-affected-outside-scope">
      {t('affected.outsideScope', { count: holdersOutsideScope })}
    </Typography.Paragraph>
  );
  if (users.length === 0) {
    return (
      <>
        <Typography.Text type="secondary">{t('affected.none')}</Typography.Text>
        {outside}
      </>
    );
  }
  return (
    <>
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
      {outside}
    </>
  );
}
