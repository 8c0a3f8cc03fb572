import type { PartnerScope } from '@fleetdesk/contracts';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export interface UserSaveSummaryProps {
  username: string;
  name: string;
  partnerScope: PartnerScope;
  roleIds: readonly string[];
  /** Create only: whether an initial password was typed. */
  passwordSet?: boolean;
  /** Names for the ids in the form (partner and role reference data). */
  partnerNames: ReadonlyMap<string, string>;
  roleNames: ReadonlyMap<string, string>;
}

/** What the confirm step shows before a user is saved: who, which partners, which roles. */
export function UserSaveSummary({
  username,
  name,
  partnerScope,
  roleIds,
  passwordSet,
  partnerNames,
  roleNames,
}: UserSaveSummaryProps) {
  const { t } = useTranslation('users');
  const items = [
    { key: 'username', label: t('field.username'), children: username },
    { key: 'name', label: t('field.name'), children: name },
    {
      key: 'scope',
      label: t('field.partnerScope'),
      children:
        partnerScope === '*' ? (
          <Tag color="blue">{t('scope.all')}</Tag>
        ) : (
          partnerScope.map((id) => <Tag key={id}>{partnerNames.get(id) ?? id}</Tag>)
        ),
    },
    {
      key: 'roles',
      label: t('field.roles'),
      children:
        roleIds.length === 0 ? t('column.noRoles') : roleIds.map((id) => <Tag key={id}>{roleNames.get(id) ?? id}</Tag>),
    },
  ];
  if (passwordSet !== undefined) {
    items.push({
      key: 'password',
      label: t('field.password'),
      children: passwordSet ? t('confirm.passwordSet') : t('confirm.passwordNotSet'),
    });
  }
  return <Descriptions size="small" column={1} bordered items={items} data-testid="user-save-summary" />;
}
