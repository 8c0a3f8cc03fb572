import { DeleteOutlined } from '@ant-design/icons';
import type { Partner } from '@fleetdesk/contracts';
import { App, type ButtonProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { blockingReferences, useDeletePartner } from '../api.ts';

/**
 * Delete with confirmation. The server refuses (422 ReferencedByOthers) while staff, sites or assets still belong
 * to the partner; the dialog then names them, so the operator knows what to move first.
 */
export function PartnerDeleteButton({
  partner,
  onDeleted,
  ...button
}: { partner: Pick<Partner, 'id' | 'name'>; onDeleted?: () => void } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('partners');
  const { modal } = App.useApp();
  const remove = useDeletePartner();

  const run = async () => {
    try {
      await remove.mutateAsync(partner.id);
      onDeleted?.();
    } catch (error) {
      if (!isApiError(error) || error.code !== 'ReferencedByOthers') throw error;
      const { users, sites, assets } = blockingReferences(error);
      // The title says that it cannot be deleted; the lists say why (the server's sentence would say it twice).
      modal.error({
        title: t('delete.refused', { name: partner.name }),
        content: (
          <>
            {users.length > 0 && (
              <>
                <Typography.Paragraph>{t('delete.blockedBy', { count: users.length })}</Typography.Paragraph>
                <ul>
                  {users.map((user) => (
                    <li key={user.id}>{user.name}</li>
                  ))}
                </ul>
              </>
            )}
            {sites.length > 0 && (
              <>
                <Typography.Paragraph>{t('delete.blockedBySites', { count: sites.length })}</Typography.Paragraph>
                <ul>
                  {sites.map((site) => (
                    <li key={site.id}>{site.name}</li>
                  ))}
                </ul>
              </>
            )}
            {assets > 0 && (
              <Typography.Paragraph>{t('delete.blockedByAssets', { count: assets })}</Typography.Paragraph>
            )}
          </>
        ),
      });
    }
  };

  return (
    <ConfirmButton
      {...button}
      danger
      icon={<DeleteOutlined />}
      title={t('delete.confirm', { name: partner.name })}
      okText={t('delete.ok')}
      onConfirm={run}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
