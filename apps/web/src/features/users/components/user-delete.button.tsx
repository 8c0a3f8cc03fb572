import { DeleteOutlined } from '@ant-design/icons';
import type { User } from '@fleetdesk/contracts';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useDeleteUser } from '../api.ts';

/** Delete with confirmation; the server also ends the user's sessions. */
export function UserDeleteButton({
  user,
  onDeleted,
  ...button
}: { user: Pick<User, 'id' | 'name' | 'username'>; onDeleted?: () => void } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('users');
  const remove = useDeleteUser();
  return (
    <ConfirmButton
      {...button}
      danger
      icon={<DeleteOutlined />}
      title={t('delete.confirm', { name: user.name, username: user.username })}
      description={t('delete.description')}
      okText={t('delete.ok')}
      onConfirm={async () => {
        await remove.mutateAsync(user.id);
        onDeleted?.();
      }}
      aria-label={t('action.deleteUser', { username: user.username })}
      data-testid="user-delete"
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
