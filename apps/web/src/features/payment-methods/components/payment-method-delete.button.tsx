import { DeleteOutlined } from '@ant-design/icons';
import type { PaymentMethod } from '@fleetdesk/contracts';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useDeletePaymentMethod } from '../api.ts';

/** Delete with confirmation: customers of the partner can no longer pay this way afterwards. */
export function PaymentMethodDeleteButton({
  method,
  onDeleted,
  ...button
}: { method: Pick<PaymentMethod, 'id' | 'type' | 'partner'>; onDeleted?: () => void } & Pick<
  ButtonProps,
  'size' | 'type'
>) {
  const { t } = useTranslation('payment-methods');
  const remove = useDeletePaymentMethod();
  return (
    <ConfirmButton
      {...button}
      danger
      icon={button.size === 'small' ? undefined : <DeleteOutlined />}
      title={t('delete.confirm', { type: t(`type.${method.type}`), partner: method.partner.name })}
      description={t('delete.consequence')}
      okText={t('delete.ok')}
      onConfirm={async () => {
        await remove.mutateAsync({ partnerId: method.partner.id, id: method.id });
        onDeleted?.();
      }}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
