import { type Customer, depositEndpoints } from '@fleetdesk/contracts';
import { Flex } from 'antd';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { CustomerDepositsCard } from './customer-deposits.card.tsx';
import { CustomerOrdersCard } from './customer-orders.card.tsx';
import { CustomerTransactionsCard } from './customer-transactions.card.tsx';

/** What the deposits tab may show, each part by the requirement of the call behind it. */
export function useCustomerDepositsAccess() {
  const orders = useCan(requirementOf(depositEndpoints.customerOrderSummary));
  const deposits = useCan(requirementOf(depositEndpoints.customerDeposits));
  const transactions = useCan(requirementOf(depositEndpoints.transactions));
  const refund = useCan(requirementOf(depositEndpoints.refund));
  return { orders, deposits, transactions, refund, any: orders || deposits || transactions };
}

/** The customer's renting money (document 1 §2.5 "deposit info and deposit transactions"): orders, deposits, payments. */
export function CustomerDepositsTab({ customer, canRefund }: { customer: Customer; canRefund: boolean }) {
  const can = useCustomerDepositsAccess();
  return (
    <Flex vertical gap={16}>
      {can.orders && <CustomerOrdersCard customerId={customer.id} />}
      {can.deposits && (
        <CustomerDepositsCard
          customerId={customer.id}
          customerName={`${customer.name.first} ${customer.name.last}`}
          canRefund={canRefund && can.refund}
        />
      )}
      {can.transactions && <CustomerTransactionsCard customerId={customer.id} />}
    </Flex>
  );
}
