import { Tag } from 'antd';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';

/** A discount applied to a price: its name and how much it takes off ("Winter commuter −15%"). */
export function DiscountTag({ discount }: { discount: { name: string; discountPercent: number } | null }) {
  const price = usePriceLabels();
  if (!discount) return null;
  return (
    <Tag color="magenta">
      {discount.name} −{price.percent(discount.discountPercent)}
    </Tag>
  );
}
