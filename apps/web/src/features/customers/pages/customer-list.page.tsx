import { CheckCircleFilled, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type CustomerSummary,
  customerEndpoints,
  customerStatuses,
  idVerificationStatuses,
} from '@fleetdesk/contracts';
import { Button, Empty, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { exportCustomers, useCustomerList } from '../api.ts';
import { CustomerCreateDrawer } from '../components/customer-create.drawer.tsx';
import { customerExportQueryOf, customerListQueryOf, isFiltered } from '../components/customer-list.model.ts';
import { CustomerStatusTag } from '../components/customer-status-tag.tsx';
import { IdVerificationTag } from '../components/id-verification-tag.tsx';
import { customerList, customerListScreen, customerUrls } from '../urls.ts';

const fullName = (c: Pick<CustomerSummary, 'name'>) => `${c.name.first} ${c.name.last}`;

/**
 * /customer/list: customers of the partners in scope, searched by phone, name, e-mail or referral code, filtered,
 * sorted (deleted customers always last, shown archived) and paged; "New customer" opens a drawer and the export
 * is the server's CSV of the current filters.
 */
export default function CustomerListPage() {
  const { t } = useTranslation('customers');
  const list = useListState(customerList);
  const [{ panel }, setScreen] = useUrlState(customerListScreen);
  const query = useMemo(() => customerListQueryOf(list.query), [list.query]);
  const result = useCustomerList(query);
  const partners = usePartnerOptions();
  const canCreate = useCan(requirementOf(customerEndpoints.create));
  const canExport = useCan(requirementOf(customerEndpoints.export));

  const columns: ListColumn<CustomerSummary>[] = [
    {
      key: 'name',
      title: t('field.name'),
      sortKey: 'name',
      alwaysVisible: true,
      render: (_, c) => (
        <Link to={customerUrls.detail(c.id)} aria-label={t('list.open', { name: fullName(c) })}>
          {c.isArchived ? <Typography.Text delete>{fullName(c)}</Typography.Text> : fullName(c)}
        </Link>
      ),
      exportValue: fullName,
    },
    { key: 'phoneNo', title: t('field.phoneNo'), dataIndex: 'phoneNo', sortKey: 'phoneNo' },
    {
      key: 'email',
      title: t('field.email'),
      render: (_, c) =>
        c.email ? (
          <Space size={4}>
            <span>{c.email}</span>
            {c.emailVerified && (
              <Tag color="success" icon={<CheckCircleFilled />}>
                {t('email.verified')}
              </Tag>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'memberships',
      title: t('field.memberships'),
      render: (_, c) => c.memberships.map((m) => <Tag key={m.partner.id}>{m.partner.name}</Tag>),
    },
    {
      key: 'idVerificationStatus',
      title: t('field.idVerificationStatus'),
      render: (_, c) => <IdVerificationTag status={c.idVerificationStatus} />,
    },
    {
      key: 'paymentMethodBound',
      title: t('field.paymentMethodBound'),
      render: (_, c) =>
        c.paymentMethodBound ? <Tag color="blue">{t('card.bound')}</Tag> : <Tag>{t('card.unbound')}</Tag>,
    },
    { key: 'referralCode', title: t('field.referralCode'), dataIndex: 'referralCode', defaultHidden: true },
    {
      key: 'status',
      title: t('field.status'),
      sortKey: 'isArchived',
      render: (_, c) => <CustomerStatusTag status={c.status} />,
    },
    dateTimeColumn('createdAt', t('field.createdAt')),
    dateTimeColumn('updatedAt', t('field.updatedAt'), { defaultHidden: true }),
  ];

  const yesNo = [
    { value: 'true', label: t('card.bound') },
    { value: 'false', label: t('card.unbound') },
  ];

  return (
    <>
      <ListPage
        listKey="customers"
        state={list}
        result={result}
        columns={columns}
        rowKey={(c) => c.id}
        // Deleted customers (always last) are greyed out; their name is struck through and their status says so.
        rowProps={(c) => (c.isArchived ? { className: 'customer-archived', style: { opacity: 0.6 } } : {})}
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={isFiltered(list.filters) ? t('list.emptyFiltered') : t('list.empty')}
          />
        }
        filters={
          <>
            <Form.Item name="search" label={t('filter.search')}>
              <Input
                allowClear
                prefix={<SearchOutlined />}
                placeholder={t('filter.searchPlaceholder')}
                maxLength={100}
                style={{ width: 260 }}
              />
            </Form.Item>
            <Form.Item name="partnerId" label={t('field.partner')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ minWidth: 180 }}
                placeholder={t('filter.any')}
                loading={partners.isPending}
                options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
            <Form.Item name="status" label={t('field.status')}>
              <Select
                allowClear
                style={{ minWidth: 120 }}
                placeholder={t('filter.any')}
                options={customerStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="idVerificationStatus" label={t('field.idVerificationStatus')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                placeholder={t('filter.any')}
                options={idVerificationStatuses.map((s) => ({ value: s, label: t(`idVerification.status.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="paymentMethodBound" label={t('field.paymentMethodBound')}>
              <Select allowClear style={{ minWidth: 120 }} placeholder={t('filter.any')} options={yesNo} />
            </Form.Item>
            <RangeFilterItem name="created" label={t('field.createdAt')} withTime />
          </>
        }
        actions={
          <>
            {canExport && <ExportButton run={() => exportCustomers(customerExportQueryOf(list.query))} />}
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setScreen({ panel: 'create' })}>
                {t('action.new')}
              </Button>
            )}
          </>
        }
      />
      {canCreate && <CustomerCreateDrawer open={panel === 'create'} onClose={() => setScreen({ panel: undefined })} />}
    </>
  );
}
