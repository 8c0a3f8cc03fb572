import type { DiscountStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<DiscountStatus, string> = {
  scheduled: 'blue',
  active: 'green',
  ended: 'default',
  cancelled: 'red',
};

export function DiscountStatusTag({ status }: { status: DiscountStatus }) {
  const { t } = useTranslation('pricing');
  return (
    <Tag color={colours[status]} data-testid="discount-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
