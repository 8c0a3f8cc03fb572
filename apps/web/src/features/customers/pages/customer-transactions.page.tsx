import { ArrowLeftOutlined } from '@ant-design/icons';
import { depositTransaction, id as idSchema } from '@fleetdesk/contracts';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useDepositTransactions } from '../../deposits/api.ts';
import {
  CategoryFilterItem,
  ChoiceFilterItem,
  DepositListEmpty,
  PartnerFilterItem,
} from '../../deposits/components/deposit-filter-items.tsx';
import { useCustomer } from '../api.ts';
import { customerTransactionQueryOf, isTransactionFiltered } from '../components/customer-transactions.model.ts';
import { useDepositTransactionColumns } from '../components/deposit-transaction.columns.tsx';
import { customerTransactionList, customerUrls } from '../urls.ts';

/** /customer/detail/:customerId/transactions: one customer's deposit payments and refunds, filtered and paged. */
export default function CustomerTransactionsPage() {
  const { customerId = '' } = useParams();
  if (!idSchema.safeParse(customerId).success) return <DataMissing />;
  return <CustomerTransactions customerId={customerId} />;
}

function CustomerTransactions({ customerId }: { customerId: string }) {
  const { t } = useTranslation('deposits');
  const customer = useCustomer(customerId);
  const list = useListState(customerTransactionList);
  const query = useMemo(() => customerTransactionQueryOf(customerId, list.query), [customerId, list.query]);
  const result = useDepositTransactions(query);
  const columns = useDepositTransactionColumns();
  const c = customer.data;
  const name = c ? `${c.name.first} ${c.name.last}` : '';

  if (isApiError(customer.error) && customer.error.status === 404) return <DataMissing />;
  return (
    <ListPage
      title={name ? t('transactions.titleOf', { name }) : t('transactions.title')}
      listKey="customer-deposit-transactions"
      state={list}
      result={result}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={
        <DepositListEmpty
          filtered={isTransactionFiltered(list.filters)}
          none={t('transactions.none')}
          noMatch={t('transactions.noneFiltered')}
        />
      }
      actions={
        <Link to={customerUrls.detailTab(customerId, 'deposits')}>
          <Button icon={<ArrowLeftOutlined />} tabIndex={-1}>
            {t('transactions.back')}
          </Button>
        </Link>
      }
      filters={
        <>
          <PartnerFilterItem />
          <CategoryFilterItem />
          <ChoiceFilterItem
            name="status"
            label={t('field.status')}
            options={depositTransaction.shape.status.options.map((s) => ({
              value: s,
              label: t(`transactionStatus.${s}`),
            }))}
          />
        </>
      }
    />
  );
}
