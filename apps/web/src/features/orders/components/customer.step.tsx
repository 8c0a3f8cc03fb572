import { CheckCircleFilled, ExportOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type Customer, type CustomerSummary, customerEndpoints } from '@fleetdesk/contracts';
import { Alert, App, Button, Descriptions, Flex, Form, Select, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useCustomerList } from '../../customers/api.ts';
import { AddCardModal } from '../../customers/components/add-card.modal.tsx';
import { EmailVerifiedModal } from '../../customers/components/email-verified.modal.tsx';
import { IdVerificationTag } from '../../customers/components/id-verification-tag.tsx';
import { customerUrls } from '../../customers/urls.ts';
import { useOrderCustomer } from '../api.ts';
import {
  customerBlockers,
  idVerificationWarning,
  latestSearchResults,
  pickAfterEnter,
  usablePaymentMethods,
} from './new-order.model.ts';

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
 * The customer's page, opened in a new tab: the order being put together stays as it is (no "leave without
 * saving?"), and staff come back to it once they have fixed what the customer lacked.
 */
function ProfileLink({ customer, children }: { customer: Customer; children: ReactNode }) {
  return (
    <Link to={customerUrls.detail(customer.id)} target="_blank" rel="noopener">
      {children} <ExportOutlined />
    </Link>
  );
}

/**
 * Step 1: the customer, searched by phone, name or e-mail among active customers in scope; only the latest query's
 * answer is offered (a fast Enter or a scanner never picks an earlier one). The chosen customer's e-mail, ID
 * verification and payment methods are shown; one who cannot rent yet (no verified e-mail, no valid payment method)
 * stops here with the reason, and staff fix it on the spot: mark the e-mail verified after seeing the ID, take a
 * card. A denied or pending ID verification asks before going on.
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
  // Rows kept from an earlier query while the latest one loads answer that earlier query: none are offered.
  const answered = found.isPlaceholderData ? null : search;
  const results = useMemo(
    () => latestSearchResults(typed, answered, found.data?.data ?? []),
    [typed, answered, found.data],
  );
  const [enterFor, setEnterFor] = useState<string | null>(null);
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<'addCard' | 'verifyEmail' | null>(null);
  const canAddCard = useCan(requirementOf(customerEndpoints.attachCard));
  const canMarkVerified = useCan(requirementOf(customerEndpoints.markEmailVerified));

  // Enter pressed before the latest query answered: its only match is the customer meant.
  useEffect(() => {
    const picked = pickAfterEnter(enterFor, typed, results);
    if (picked) onChange(picked);
    if (results !== null) setEnterFor(null);
  }, [enterFor, typed, results, onChange]);

  const options = useMemo(() => {
    const rows: (CustomerSummary | Customer)[] = [...(results ?? [])];
    // A customer chosen earlier (or given by a link) stays selectable when the search no longer finds them.
    if (customer && !rows.some((c) => c.id === customer.id)) rows.unshift(customer);
    return rows.map((c) => ({ value: c.id, label: <CustomerOption customer={c} />, title: fullName(c) }));
  }, [results, customer]);

  const blockers = customer ? customerBlockers(customer) : [];
  const methods = customer ? usablePaymentMethods(customer) : [];
  const whole = customer?.wholeCustomerInScope === true;

  /** Goes on; a denied or pending ID verification is confirmed first, naming the status (and the denial's reason). */
  const next = () => {
    if (!customer || blockers.length > 0) return;
    const warning = idVerificationWarning(customer);
    if (!warning) {
      onNext(customer);
      return;
    }
    const reason = customer.identityVerification.denyReason;
    modal.confirm({
      title: t(`customer.idConfirm.${warning}`, { name: fullName(customer) }),
      content: warning === 'denied' && reason ? t('customer.idConfirm.reason', { reason }) : undefined,
      okText: t('customer.idConfirm.ok'),
      cancelText: t('action.back'),
      onOk: () => onNext(customer),
    });
  };

  return (
    <>
      <Form layout="vertical" name="order-customer" onFinish={next} style={{ maxWidth: 760 }}>
        <Form.Item label={t('customer.label')} extra={t('customer.hint')} required>
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped }}
            onInputKeyDown={(event) => {
              if (event.key === 'Enter' && results === null && typed.trim()) setEnterFor(typed);
            }}
            value={customerId}
            onChange={(value?: string) => onChange(value)}
            allowClear
            autoFocus
            placeholder={t('customer.placeholder')}
            loading={results === null && Boolean(typed.trim())}
            options={options}
            optionLabelProp="title"
            notFoundContent={results === null ? <Spin size="small" /> : t('customer.none')}
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
                  children: <ProfileLink customer={customer}>{fullName(customer)}</ProfileLink>,
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
                  key: 'idVerification',
                  label: t('customer.idVerification'),
                  children: (
                    <Space size={4} wrap>
                      <IdVerificationTag status={customer.identityVerification.status} />
                      {customer.identityVerification.status === 'denied' &&
                        customer.identityVerification.denyReason && (
                          <Typography.Text type="secondary">{customer.identityVerification.denyReason}</Typography.Text>
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
                    <Space wrap>
                      {blockers.includes('emailUnverified') && canMarkVerified && whole && (
                        <Button
                          size="small"
                          icon={<SafetyCertificateOutlined />}
                          onClick={() => setDialog('verifyEmail')}
                        >
                          {t('customer.markVerified')}
                        </Button>
                      )}
                      {blockers.includes('noPaymentMethod') && canAddCard && whole && (
                        <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog('addCard')}>
                          {t('customer.addCard')}
                        </Button>
                      )}
                      <ProfileLink customer={customer}>{t('customer.openProfile')}</ProfileLink>
                    </Space>
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
      {/* Outside the step's form: a dialog's own submit would otherwise bubble (through the portal) into it. */}
      {customer && canAddCard && whole && (
        <AddCardModal customer={customer} open={dialog === 'addCard'} onClose={() => setDialog(null)} />
      )}
      {customer?.email && canMarkVerified && whole && (
        <EmailVerifiedModal customer={customer} open={dialog === 'verifyEmail'} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
