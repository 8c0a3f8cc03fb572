import { DeleteOutlined } from '@ant-design/icons';
import type { SubscriptionPackage } from '@fleetdesk/contracts';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useDeletePackage } from '../api.ts';

/**
 * Delete with confirmation. The server refuses (409 PackageInUse) while a subscription order, finished ones
 * included, names the package; the dialog says so and how many, instead of a passing notification.
 */
export function PackageDeleteButton({
  pkg,
  onDeleted,
  ...button
}: { pkg: Pick<SubscriptionPackage, 'id' | 'name' | 'orderCount'>; onDeleted?: () => void } & Pick<
  ButtonProps,
  'size' | 'type'
>) {
  const { t } = useTranslation('subscription-packages');
  const { modal } = App.useApp();
  const remove = useDeletePackage();

  const run = async () => {
    try {
      await remove.mutateAsync(pkg.id);
      onDeleted?.();
    } catch (error) {
      if (!isApiError(error) || error.code !== 'PackageInUse') throw error;
      const count = (error.data as { orderCount?: number | null } | null)?.orderCount ?? pkg.orderCount;
      modal.error({ title: t('delete.refused'), content: t('delete.inUse', { count, name: pkg.name }) });
    }
  };

  return (
    <ConfirmButton
      {...button}
      danger
      icon={<DeleteOutlined />}
      aria-label={t('action.deleteNamed', { name: pkg.name })}
      title={t('delete.confirm', { name: pkg.name })}
      okText={t('delete.ok')}
      onConfirm={run}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
