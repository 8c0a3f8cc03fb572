import { DeleteOutlined } from '@ant-design/icons';
import type { Role } from '@fleetdesk/contracts';
import { Button, type ButtonProps, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useDeleteRole, useFetchRoleUsers } from '../api.ts';
import { AffectedStaffList, lockedByScope } from './affected-staff.tsx';

/**
 * Delete a role: the staff holding it are fetched when the button is pressed and listed in the confirmation
 * (document 1 §6.1: deleting a role first lists the affected staff); they lose the role's permissions.
 * A role also held outside the caller's partner scope is shown disabled, saying why (the server would refuse).
 */
export function RoleDeleteButton({
  role,
  onDeleted,
  ...button
}: { role: Pick<Role, 'id' | 'title' | 'holdersOutsideScope'>; onDeleted?: () => void } & Pick<
  ButtonProps,
  'size' | 'type'
>) {
  const { t } = useTranslation('roles');
  const remove = useDeleteRole();
  const fetchUsers = useFetchRoleUsers();
  if (lockedByScope(role)) {
    return (
      <Tooltip title={t('locked.reason', { count: role.holdersOutsideScope })}>
        <Button
          {...button}
          danger
          disabled
          icon={<DeleteOutlined />}
          aria-label={t('action.deleteRole', { title: role.title })}
          data-testid="role-delete"
        >
          {t('action.delete')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <ConfirmButton
      {...button}
      mode="modal"
      danger
      icon={<DeleteOutlined />}
      title={t('delete.confirm', { title: role.title })}
      loadDescription={async () => {
        const affected = await fetchUsers(role.id);
        const { users } = affected;
        return (
          <>
            <Typography.Paragraph>
              {users.length ? t('delete.affected', { count: users.length }) : t('delete.noneAffected')}
            </Typography.Paragraph>
            {(users.length > 0 || affected.holdersOutsideScope > 0) && <AffectedStaffList affected={affected} />}
          </>
        );
      }}
      okText={t('delete.ok')}
      onConfirm={async () => {
        await remove.mutateAsync(role.id);
        onDeleted?.();
      }}
      aria-label={t('action.deleteRole', { title: role.title })}
      data-testid="role-delete"
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
