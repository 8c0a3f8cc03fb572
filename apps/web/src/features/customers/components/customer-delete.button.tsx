import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import type { Customer } from '@fleetdesk/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useDeleteCustomer, useRestoreCustomer } from '../api.ts';

/** Delete (kept as deleted, the phone number freed in its partners), confirmed first. */
export function CustomerDeleteButton({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const remove = useDeleteCustomer(customer.id);
  const name = `${customer.name.first} ${customer.name.last}`;
  return (
    <ConfirmButton
      danger
      mode="modal"
      icon={<DeleteOutlined />}
      title={t('delete.confirm', { name })}
      description={t('delete.description')}
      okText={t('action.delete')}
      onConfirm={async () => {
        await remove.mutateAsync();
        void message.success(t('delete.done', { name }));
      }}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}

/** Restore a deleted customer; the server refuses when their phone number is now used in one of their partners. */
export function CustomerRestoreButton({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const restore = useRestoreCustomer(customer.id);
  const name = `${customer.name.first} ${customer.name.last}`;
  return (
    <ConfirmButton
      type="primary"
      mode="modal"
      icon={<UndoOutlined />}
      title={t('restore.confirm', { name })}
      description={t('restore.description')}
      okText={t('action.restore')}
      onConfirm={async () => {
        await restore.mutateAsync();
        void message.success(t('restore.done', { name }));
      }}
    >
      {t('action.restore')}
    </ConfirmButton>
  );
}
