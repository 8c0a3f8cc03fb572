import type { DepositPart } from '@fleetdesk/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { PartListPage } from '../components/part-pages.tsx';
import { usePriceLabels } from '../components/price-labels.ts';

/** /marketing/deposit/list: the deposit a customer leaves for each partner and category in scope. */
export default function DepositListPage() {
  const { t } = useTranslation('pricing');
  const labels = usePriceLabels();
  const columns: ListColumn<DepositPart>[] = [
    {
      key: 'amount',
      title: t('field.amount'),
      align: 'right',
      render: (_, part) => labels.money(part.amount, part.currency),
      exportValue: (part) => `${part.amount} ${part.currency}`,
    },
    {
      key: 'notice',
      title: t('field.depositNotice'),
      ellipsis: true,
      width: 320,
      render: (_, part) =>
        part.notice ? part.notice.en : <Typography.Text type="secondary">{t('notice.none')}</Typography.Text>,
      exportValue: (part) => part.notice?.en ?? '',
    },
  ];
  return <PartListPage kind="depositPart" columns={columns} />;
}
