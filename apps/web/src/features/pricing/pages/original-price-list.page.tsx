import type { PricingPart } from '@fleetdesk/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { PartListPage } from '../components/part-pages.tsx';
import { usePriceLabels } from '../components/price-labels.ts';

/** /marketing/original-price/list: the unit price and payment plans of each partner and category in scope. */
export default function OriginalPriceListPage() {
  const { t } = useTranslation('pricing');
  const labels = usePriceLabels();
  const columns: ListColumn<PricingPart>[] = [
    {
      key: 'unitPrice',
      title: t('field.unitPrice'),
      align: 'right',
      render: (_, part) => labels.unitPrice(part.unitPrice, part.currency, part.priceUnit),
      exportValue: (part) => `${part.unitPrice} ${part.currency} / ${part.priceUnit}`,
    },
    {
      key: 'paymentPlans',
      title: t('field.paymentPlans'),
      render: (_, part) => (
        <Space size={[4, 4]} wrap>
          {[...part.paymentPlans]
            .sort((a, b) => a.priority - b.priority)
            .map((plan) => (
              <Tag key={plan.id}>{labels.plan(plan)}</Tag>
            ))}
        </Space>
      ),
      exportValue: (part) => part.paymentPlans.map((plan) => `${plan.frequency} ${plan.unit}`).join('; '),
    },
  ];
  return <PartListPage kind="pricingPart" columns={columns} />;
}
