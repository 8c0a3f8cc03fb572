import type { User } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** "All partners" for account-wide staff, else the names of the partners in scope. */
export function userScopeText(user: Pick<User, 'partnerScope' | 'partners'>, allLabel: string): string {
  return user.partnerScope === '*' ? allLabel : user.partners.map((partner) => partner.name).join(', ');
}

export function UserScope({ user }: { user: Pick<User, 'partnerScope' | 'partners'> }) {
  const { t } = useTranslation('users');
  if (user.partnerScope === '*') return <Tag color="blue">{t('scope.all')}</Tag>;
  return (
    <>
      {user.partners.map((partner) => (
        <Tag key={partner.id}>{partner.name}</Tag>
      ))}
    </>
  );
}
