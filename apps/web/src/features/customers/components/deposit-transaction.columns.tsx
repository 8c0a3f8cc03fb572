import type { DepositTransaction } from '@fleetdesk/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { TransactionStatusTag } from '../../deposits/components/deposit-tags.tsx';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';

/**
 * The columns of a deposit transaction (document 2 §3): kind, partner, category, amount, status with the provider's
 * failure message, created and settled. The customer card shows them all; the transactions page pages through them.
 */
export function useDepositTransactionColumns(): ListColumn<DepositTransaction>[] {
  const { t } = useTranslation('deposits');
  const { money } = usePriceLabels();
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  return [
    {
      key: 'kind',
      title: t('field.kind'),
      render: (_, r) => t(`transactionKind.${r.kind}`),
      exportValue: (r) => r.kind,
      alwaysVisible: true,
    },
    { key: 'partner', title: t('field.partner'), render: (_, r) => r.partner.name, exportValue: (r) => r.partner.name },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, r) => r.assetCategory.name,
      exportValue: (r) => r.assetCategory.name,
    },
    {
      key: 'amount',
      title: t('field.amount'),
      align: 'right',
      // A refund gives money back: shown negative so a column of charges and refunds reads as a ledger.
      render: (_, r) => (
        <Typography.Text type={r.kind === 'refund' ? 'success' : undefined}>
          {money(r.kind === 'refund' ? -r.amount : r.amount, r.currency)}
        </Typography.Text>
      ),
      exportValue: (r) => `${r.kind === 'refund' ? -r.amount : r.amount} ${r.currency}`,
    },
    {
      key: 'status',
      title: t('field.status'),
      render: (_, r) => <TransactionStatusTag status={r.status} />,
      exportValue: (r) => r.status,
    },
    {
      key: 'failureMessage',
      title: t('field.failureMessage'),
      render: (_, r) =>
        r.failureMessage ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: r.failureMessage }} style={{ maxWidth: 240 }}>
            {r.failureMessage}
          </Typography.Text>
        ) : (
          dash
        ),
      exportValue: (r) => r.failureMessage ?? '',
    },
    { key: 'createdAt', title: t('field.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    {
      key: 'settledAt',
      title: t('field.settledAt'),
      dataIndex: 'settledAt',
      render: (v: string | null) => (v ? formatDateTime(v) : dash),
    },
  ];
}
