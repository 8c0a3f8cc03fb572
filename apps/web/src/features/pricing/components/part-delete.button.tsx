import { DeleteOutlined } from '@ant-design/icons';
import type { ProgramKey } from '@fleetdesk/contracts';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { type PartKind, useDeletePart } from '../api.ts';
import { useConfirmDiscountDeletion } from './dependent-discounts.tsx';
import { dependentDiscountsOf } from './pricing.model.ts';

/**
 * Delete one part of a program, with confirmation. Deleting an original price takes its discounts with it: the
 * server names them (409) and the delete is sent again, confirmed, only once the user saw the list.
 */
export function PartDeleteButton({
  kind,
  part,
  onDeleted,
  ...button
}: {
  kind: PartKind;
  part: { partner: { id: string; name: string }; assetCategory: { id: string; name: string } };
  onDeleted?: () => void;
} & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('pricing');
  const remove = useDeletePart(kind);
  const confirmDeletion = useConfirmDiscountDeletion();
  const key: ProgramKey = { partnerId: part.partner.id, assetCategoryId: part.assetCategory.id };
  const names = { partner: part.partner.name, category: part.assetCategory.name };

  const run = async () => {
    try {
      await remove.mutateAsync({ key });
    } catch (error) {
      const discounts = dependentDiscountsOf(error);
      if (!discounts) throw error;
      if (!(await confirmDeletion(discounts, 'delete'))) return;
      await remove.mutateAsync({ key, confirmDiscountDeletion: true });
    }
    onDeleted?.();
  };

  return (
    <ConfirmButton
      {...button}
      danger
      icon={button.size === 'small' ? undefined : <DeleteOutlined />}
      title={t(`delete.${kind}.confirm`, names)}
      description={t(`delete.${kind}.consequence`)}
      okText={t('action.delete')}
      onConfirm={run}
      aria-label={t('action.deleteNamed', { name: `${names.partner} · ${names.category}` })}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}
