import { DeleteOutlined } from '@ant-design/icons';
import type { RentalConfig } from '@fleetdesk/contracts';
import { Button, type ButtonProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useDeleteRentalConfig } from '../api.ts';

/**
 * Delete with confirmation. A config that numbered invoices cannot go (the series must go on): the button is
 * disabled and says why; should the list be out of date, the server's 409 says the same.
 */
export function RentalConfigDeleteButton({
  config,
  onDeleted,
  ...button
}: { config: RentalConfig; onDeleted?: () => void } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('invoicing');
  const remove = useDeleteRentalConfig();
  const name = config.partner.name;
  if (config.issued > 0) {
    return (
      <Tooltip title={t('delete.blocked', { count: config.issued })}>
        <Button {...button} danger disabled icon={<DeleteOutlined />} aria-label={t('action.deleteNamed', { name })}>
          {t('action.delete')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <ConfirmButton
      {...button}
      danger
      icon={<DeleteOutlined />}
      aria-label={t('action.deleteNamed', { name })}
      title={t('delete.confirm', { name })}
      description={t('delete.description')}
      okText={t('delete.ok')}
      onConfirm={async () => {
        await remove.mutateAsync(config.partner.id);
        onDeleted?.();
      }}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
