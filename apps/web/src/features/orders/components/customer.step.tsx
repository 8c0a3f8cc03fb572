import { CheckCircleFilled } from '@ant-design/icons';
import type { Customer, CustomerSummary } from '@fleetdesk/contracts';
import { Alert, Button, Descriptions, Flex, Form, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCustomerList } from '../../customers/api.ts';
import { customerUrls } from '../../customers/urls.ts';
import { useOrderCustomer } from '../api.ts';
import { customerBlockers, usablePaymentMethods } from './new-order.model.ts';

const SEARCH_DELAY_MS = 300;
const fullName = (c: Pick<CustomerSummary, 'name'>) => `${c.name.first} ${c.name.last}`;

/** An option of the customer picker: name, phone and whether the e-mail is verified (checkout needs it). */
function CustomerOption({ customer: c }: { customer: CustomerSummary | Customer }) {
  const { t } = useTranslation('orders');
  return (
    <Flex gap={8} wrap align="center">
      <span>{fullName(c)}</span>
      <Typography.Text type="secondary">{c.phoneNo}</Typography.Text>
      {c.email && <Typography.Text type="secondary">{c.email}</Typography.Text>}
      {c.emailVerified && (
        <Tag color="success" icon={<CheckCircleFilled />}>
          {t('customer.emailVerified')}
        </Tag>
      )}
    </Flex>
  );
}

/**
 * Step 1: the customer, searched by phone, name or e-mail among active customers in scope. The chosen customer's
 * e-mail and payment methods are shown; one who cannot rent yet (no verified e-mail, no valid payment method) stops
 * here with the reason and a link to their page.
 */
export function CustomerStep({
  customerId,
  onChange,
  onNext,
}: {
  customerId: string | undefined;
  onChange: (customerId: string | undefined) => void;
  onNext: (customer: Customer) => void;
}) {
  const { t } = useTranslation('orders');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useCustomerList({
    pageNo: 1,
    pageSize: 20,
    status: 'active',
    sort: 'createdAt:desc',
    ...(search ? { search } : {}),
  });
  const chosen = useOrderCustomer(customerId);
  const customer = customerId ? chosen.data : undefined;

  const options = useMemo(() => {
    const rows: (CustomerSummary | Customer)[] = [...(found.data?.data ?? [])];
    // A customer chosen earlier (or given by a link) stays selectable when the search no longer finds them.
    if (customer && !rows.some((c) => c.id === customer.id)) rows.unshift(customer);
    return rows.map((c) => ({ value: c.id, label: <CustomerOption customer={c} />, title: fullName(c) }));
  }, [found.data, customer]);

  const blockers = customer ? customerBlockers(customer) : [];
  const methods = customer ? usablePaymentMethods(customer) : [];

  return (
    <Form
      layout="vertical"
      name="order-customer"
      onFinish={() => customer && blockers.length === 0 && onNext(customer)}
      style={{ maxWidth: 760 }}
    >
      <Form.Item label={t('customer.label')} extra={t('customer.hint')} required>
        <Select
          showSearch={{ filterOption: false, onSearch: setTyped }}
          value={customerId}
          onChange={(value?: string) => onChange(value)}
          allowClear
          autoFocus
          placeholder={t('customer.placeholder')}
          loading={found.isFetching}
          options={options}
          optionLabelProp="title"
          notFoundContent={found.isFetching ? <Spin size="small" /> : t('customer.none')}
          aria-label={t('customer.label')}
        />
      </Form.Item>
      {customerId && chosen.isLoading && <Spin />}
      {customer && (
        <Flex vertical gap={16} style={{ marginBottom: 24 }}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            data-testid="order-customer"
            items={[
              {
                key: 'name',
                label: t('customer.name'),
                children: <Link to={customerUrls.detail(customer.id)}>{fullName(customer)}</Link>,
              },
              { key: 'phone', label: t('customer.phone'), children: customer.phoneNo },
              {
                key: 'email',
                label: t('customer.email'),
                children: (
                  <Space size={4} wrap>
                    <span>{customer.email ?? '—'}</span>
                    {customer.email && (
                      <Tag color={customer.emailVerified ? 'success' : 'warning'}>
                        {t(customer.emailVerified ? 'customer.emailVerified' : 'customer.emailUnverified')}
                      </Tag>
                    )}
                  </Space>
                ),
              },
              {
                key: 'partners',
                label: t('customer.partners'),
                children: customer.memberships.map((m) => <Tag key={m.partner.id}>{m.partner.name}</Tag>),
              },
              {
                key: 'paymentMethods',
                label: t('customer.paymentMethods'),
                children: t('customer.validMethods', { count: methods.length }),
              },
            ]}
          />
          {blockers.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="customer-blockers"
              title={t('customer.cannotRent')}
              description={
                <Flex vertical gap={4} align="flex-start">
                  {blockers.map((b) => (
                    <span key={b}>{t(`customer.blocker.${b}`)}</span>
                  ))}
                  <Link to={customerUrls.detail(customer.id)}>{t('customer.openProfile')}</Link>
                </Flex>
              }
            />
          )}
        </Flex>
      )}
      <Button type="primary" htmlType="submit" disabled={!customer || blockers.length > 0}>
        {t('action.next')}
      </Button>
    </Form>
  );
}
