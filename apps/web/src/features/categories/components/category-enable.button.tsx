import { type AssetCategory, categoryEndpoints } from '@fleetdesk/contracts';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCanChangeAccountWide } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useSetCategoryEnabled } from '../api.ts';

/**
 * Enable or disable a category. Disabling is destructive for the fleet (every asset of the category becomes
 * Removed, and enabling again does not bring them back), so the question says exactly that.
 */
export function CategoryEnableButton({
  category,
  ...button
}: { category: Pick<AssetCategory, 'id' | 'name' | 'isEnabled'> } & Omit<ButtonProps, 'onClick' | 'title'>) {
  const { t } = useTranslation('categories');
  const { message } = App.useApp();
  const canUpdate = useCanChangeAccountWide(requirementOf(categoryEndpoints.disable));
  const setEnabled = useSetCategoryEnabled();
  if (!canUpdate) return null;

  if (category.isEnabled) {
    return (
      <ConfirmButton
        {...button}
        mode="modal"
        danger
        title={t('disable.confirm', { name: category.name })}
        description={t('disable.consequence')}
        okText={t('action.disable')}
        onConfirm={async () => {
          await setEnabled.mutateAsync({ id: category.id, enabled: false });
          void message.success(t('disable.done', { name: category.name }));
        }}
      >
        {t('action.disable')}
      </ConfirmButton>
    );
  }
  return (
    <ConfirmButton
      {...button}
      mode="modal"
      title={t('enable.confirm', { name: category.name })}
      description={t('enable.consequence')}
      okText={t('action.enable')}
      onConfirm={async () => {
        await setEnabled.mutateAsync({ id: category.id, enabled: true });
        void message.success(t('enable.done', { name: category.name }));
      }}
    >
      {t('action.enable')}
    </ConfirmButton>
  );
}
