import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DependentDiscount } from './pricing.model.ts';

/**
 * Asks before a change deletes discount prices (document 2 §5: changing the unit price or deleting a plan or a
 * price deletes the discounts that depend on it). Resolves true when the user agrees to delete them.
 */
export function useConfirmDiscountDeletion() {
  const { t } = useTranslation('pricing');
  const { modal } = App.useApp();
  return async (discounts: DependentDiscount[], action: 'save' | 'delete'): Promise<boolean> =>
    Boolean(
      await modal.confirm({
        title: t(`dependent.title.${action}`, { count: discounts.length }),
        content: (
          <>
            <Typography.Paragraph>{t('dependent.consequence')}</Typography.Paragraph>
            <ul data-testid="dependent-discounts">
              {discounts.map((discount) => (
                // Plain names: the dialog renders outside the router, where a Link cannot live.
                <li key={discount.id}>{discount.name}</li>
              ))}
            </ul>
          </>
        ),
        okText: t(`dependent.ok.${action}`),
        okButtonProps: { danger: true },
        cancelText: t('action.cancel'),
        width: 480,
      }),
    );
}
