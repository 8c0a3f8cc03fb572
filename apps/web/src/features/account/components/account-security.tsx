import type { Profile } from '@fleetdesk/contracts';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';

/** The signed-in user's own login details; changing them goes through a team administrator for now. */
export function AccountSecurity({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const none = <Typography.Text type="secondary">{t('security.notSet')}</Typography.Text>;
  return (
    <Card title={t('section.security')} data-testid="account-security">
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'username', label: t('security.username'), children: profile.username },
          { key: 'name', label: t('security.name'), children: profile.name },
          { key: 'email', label: t('security.email'), children: profile.email ?? none },
          { key: 'phoneNo', label: t('security.phoneNo'), children: profile.phoneNo ?? none },
          {
            key: 'roles',
            label: t('security.roles'),
            children: profile.roles.length ? profile.roles.map((role) => <Tag key={role.id}>{role.title}</Tag>) : none,
          },
          {
            key: 'scope',
            label: t('security.partnerScope'),
            children:
              profile.partnerScope === '*'
                ? t('security.allPartners')
                : t('security.partnerCount', { count: profile.partnerScope.length }),
          },
          {
            key: 'lastActiveTime',
            label: t('security.lastActiveTime'),
            children: profile.lastActiveTime ? formatDateTime(profile.lastActiveTime) : none,
          },
          { key: 'createdAt', label: t('security.createdAt'), children: formatDateTime(profile.createdAt) },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('security.note')}
      </Typography.Paragraph>
    </Card>
  );
}
