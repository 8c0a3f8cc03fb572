import { DeleteOutlined } from '@ant-design/icons';
import type { PrivateList } from '@fleetdesk/contracts';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useDeletePrivateList } from '../api.ts';

/** Delete with confirmation; the assets themselves stay, only the list goes. */
export function PrivateListDeleteButton({
  list,
  onDeleted,
  ...button
}: { list: Pick<PrivateList, 'id' | 'name'>; onDeleted?: () => void } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('private-lists');
  const remove = useDeletePrivateList();
  return (
    <ConfirmButton
      {...button}
      danger
      icon={<DeleteOutlined />}
      title={t('delete.confirm', { name: list.name })}
      description={t('delete.description')}
      okText={t('delete.ok')}
      onConfirm={async () => {
        await remove.mutateAsync(list.id);
        onDeleted?.();
      }}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
