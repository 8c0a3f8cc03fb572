import { RightOutlined } from '@ant-design/icons';
import type { DepositTransaction } from '@fleetdesk/contracts';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDepositTransactions } from '../../deposits/api.ts';
import { TransactionStatusTag } from '../../deposits/components/deposit-tags.tsx';
import { customerUrls } from '../urls.ts';
import { CardLoadFailedAlert } from './card-load-failed.alert.tsx';
import { refundsUnderCharges } from './customer-transactions.model.ts';
import { useDepositTransactionColumns } from './deposit-transaction.columns.tsx';

const LATEST = 5;

/** The customer's last five deposit payments and refunds, with a link to all of them. */
export function CustomerTransactionsCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('deposits');
  const transactions = useDepositTransactions({ customerId, pageNo: 1, pageSize: LATEST });
  // The status says what became of a deposit payment given back (Partially refunded / Refunded).
  const columns = useDepositTransactionColumns().map(({ exportValue: _e, alwaysVisible: _a, ...column }) =>
    column.key === 'status'
      ? {
          ...column,
          render: (_: unknown, r: DepositTransaction) => (
            <TransactionStatusTag status={r.status} refundState={r.refundState} />
          ),
        }
      : column,
  );
  const count = transactions.data?.count ?? 0;

  return (
    <Card
      title={t('transactions.latest')}
      extra={
        <Link to={customerUrls.transactions(customerId)}>
          {count > LATEST ? t('transactions.viewAllCount', { count }) : t('transactions.viewAll')} <RightOutlined />
        </Link>
      }
    >
      {transactions.isError ? (
        <CardLoadFailedAlert title={t('transactions.loadFailed')} onRetry={transactions.refetch} />
      ) : (
        <Table<DepositTransaction>
          rowKey="id"
          size="small"
          pagination={false}
          loading={transactions.isLoading}
          dataSource={refundsUnderCharges(transactions.data?.data ?? [])}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('transactions.none') }}
          data-testid="customer-transactions"
        />
      )}
    </Card>
  );
}
