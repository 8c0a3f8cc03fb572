import type { User } from '@fleetdesk/contracts';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResetPasswordButton } from '../../../shared/ui/reset-password.button.tsx';
import { useResetPassword } from '../api.ts';

/** A staff member's password reset (the one-time password is shown once, and mailed when an e-mail is known). */
export function UserResetPasswordButton({
  user,
  ...button
}: { user: Pick<User, 'id' | 'name' | 'username' | 'email'> } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('users');
  const reset = useResetPassword();
  return (
    <ResetPasswordButton
      {...button}
      ns="users"
      name={user.name}
      email={user.email}
      reset={() => reset.mutateAsync(user.id)}
      aria-label={t('action.resetPasswordOf', { username: user.username })}
      data-testid="user-reset-password"
    />
  );
}
