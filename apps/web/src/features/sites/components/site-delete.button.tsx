import { DeleteOutlined } from '@ant-design/icons';
import type { Site } from '@fleetdesk/contracts';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { siteUsage, useDeleteSite } from '../api.ts';

/**
 * Delete with confirmation. The server refuses (422 SiteInUse) while assets or orders use the site; the
 * dialog then says how many and suggests archiving instead.
 */
export function SiteDeleteButton({
  site,
  onDeleted,
  ...button
}: { site: Pick<Site, 'id' | 'name'>; onDeleted?: () => void } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('sites');
  const { modal } = App.useApp();
  const remove = useDeleteSite();

  const run = async () => {
    try {
      await remove.mutateAsync(site.id);
      onDeleted?.();
    } catch (error) {
      if (!isApiError(error) || error.code !== 'SiteInUse') throw error;
      modal.error({ title: t('delete.inUse', siteUsage(error)) });
    }
  };

  return (
    <ConfirmButton
      {...button}
      danger
      icon={button.size === 'small' ? undefined : <DeleteOutlined />}
      title={t('delete.confirm', { name: site.name })}
      okText={t('delete.ok')}
      onConfirm={run}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
