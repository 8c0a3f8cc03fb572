import { DeleteOutlined } from '@ant-design/icons';
import type { TaxGroup } from '@fleetdesk/contracts';
import { App, type ButtonProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { blockingSites, useDeleteTaxGroup } from '../api.ts';

/**
 * Delete with confirmation. The server refuses (422 TaxGroupHasMembers) while sites, archived ones included,
 * still use the group; the dialog then names them, so the operator knows which sites to move first.
 */
export function TaxGroupDeleteButton({
  group,
  onDeleted,
  ...button
}: { group: Pick<TaxGroup, 'id' | 'name'>; onDeleted?: () => void } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('tax');
  const { modal } = App.useApp();
  const remove = useDeleteTaxGroup();

  const run = async () => {
    try {
      await remove.mutateAsync(group.id);
      onDeleted?.();
    } catch (error) {
      if (!isApiError(error) || error.code !== 'TaxGroupHasMembers') throw error;
      const sites = blockingSites(error);
      modal.error({
        title: t('delete.refused'),
        content: (
          <>
            <Typography.Paragraph>{t('delete.blockedBy', { count: sites.length })}</Typography.Paragraph>
            <ul>
              {sites.map((site) => (
                <li key={site.id}>{site.name}</li>
              ))}
            </ul>
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
      title={t('delete.confirm', { name: group.name })}
      okText={t('delete.ok')}
      onConfirm={run}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
