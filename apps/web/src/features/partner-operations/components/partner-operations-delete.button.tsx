import { DeleteOutlined } from '@ant-design/icons';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useDeletePartnerOperations } from '../api.ts';

/**
 * Delete with confirmation. The server refuses (422 PartnerSignUpEnabled) while the partner's sign-up is on;
 * the http layer shows that message as it is.
 */
export function PartnerOperationsDeleteButton({
  partner,
  onDeleted,
  ...button
}: { partner: { id: string; name: string }; onDeleted?: () => void } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('partner-operations');
  const remove = useDeletePartnerOperations();
  return (
    <ConfirmButton
      {...button}
      danger
      icon={<DeleteOutlined />}
      title={t('delete.confirm', { name: partner.name })}
      description={t('delete.description')}
      okText={t('delete.ok')}
      onConfirm={async () => {
        await remove.mutateAsync(partner.id);
        onDeleted?.();
      }}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
