import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import {
  leaseStatuses,
  ORDER_SITES_MAX,
  type OrderSummary,
  orderStatuses,
  rentingEndpoints,
} from '@fleetdesk/contracts';
import { Alert, Button, DatePicker, Empty, Form, Select, Space, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { customerUrls } from '../../customers/urls.ts';
import { useCategoryOptions } from '../../pricing/api.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { exportOrders, useOrderCustomer, useOrderList, useOrderSiteOptions } from '../api.ts';
import {
  isFiltered,
  orderExportQueryOf,
  orderFilterProblems,
  orderListQueryOf,
  startRangeValid,
} from '../components/order-list.model.ts';
import { LeaseStatusTag, OrderStatusTag } from '../components/order-status-tag.tsx';
import { orderList, orderUrls } from '../urls.ts';

/** A date-time filter whose URL value is an ISO instant; the picker works in the user's time zone. */
function InstantPicker(props: { value?: string; onChange?: (value: string | undefined) => void; label: string }) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="L HH:mm"
      aria-label={props.label}
      value={props.value ? dayjs(props.value) : null}
      onChange={(value: Dayjs | null) => props.onChange?.(value ? value.toISOString() : undefined)}
    />
  );
}

/**
 * /renting/order/list: orders of the partners in scope, searched by order no, asset no or the customer's phone or
 * name, filtered (status, lease, partner, category, rent sites, start range), sorted and paged; the export is the
 * server's CSV of the current filters and "New order" starts the new-order flow.
 */
export default function OrderListPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const list = useListState(orderList);
  const query = useMemo(() => orderListQueryOf(list.query), [list.query]);
  const problems = orderFilterProblems(list.filters);
  const result = useOrderList(query);
  const partners = usePartnerOptions();
  const categories = useCategoryOptions();
  const sites = useOrderSiteOptions();
  const price = usePriceLabels();
  const canCreate = useCan(requirementOf(rentingEndpoints.createOrder));
  const canExport = useCan(requirementOf(rentingEndpoints.exportOrders));
  const time = (value: string | null) => (value ? formatDateTime(value) : '');

  const columns: ListColumn<OrderSummary>[] = [
    {
      key: 'orderNo',
      title: t('field.orderNo'),
      sortKey: 'orderNo',
      alwaysVisible: true,
      render: (_, o) => (
        <Link to={orderUrls.detail(o.id)} aria-label={t('list.open', { orderNo: o.orderNo })}>
          {o.orderNo}
        </Link>
      ),
    },
    { key: 'status', title: t('field.status'), render: (_, o) => <OrderStatusTag status={o.status} /> },
    { key: 'leaseStatus', title: t('field.leaseStatus'), render: (_, o) => <LeaseStatusTag status={o.leaseStatus} /> },
    {
      key: 'customer',
      title: t('field.customer'),
      card: 'figure',
      render: (_, o) => (
        <Space size={0} orientation="vertical">
          <Link to={customerUrls.detail(o.customer.id)}>{o.customer.name}</Link>
          <Typography.Text type="secondary">{o.customer.phoneNo}</Typography.Text>
        </Space>
      ),
    },
    { key: 'assetNo', title: t('field.asset'), dataIndex: 'assetNo', card: 'figure' },
    { key: 'partner', title: t('field.partner'), render: (_, o) => o.partner.name },
    { key: 'category', title: t('field.category'), render: (_, o) => o.assetCategory.name },
    { key: 'rentSite', title: t('field.rentSite'), render: (_, o) => o.rentSite?.name ?? '' },
    {
      key: 'orderTime',
      title: t('field.orderTime'),
      sortKey: 'createdAt',
      defaultHidden: true,
      render: (_, o) => time(o.orderTime),
    },
    { key: 'startTime', title: t('field.startTime'), sortKey: 'startTime', render: (_, o) => time(o.startTime) },
    { key: 'endTime', title: t('field.endTime'), sortKey: 'endTime', render: (_, o) => time(o.endTime) },
    { key: 'nextPaymentTime', title: t('field.nextPaymentTime'), render: (_, o) => time(o.nextPaymentTime) },
    {
      key: 'fees',
      title: t('field.paidOwe'),
      card: 'figure',
      align: 'right',
      render: (_, o) => (
        <span>
          {price.money(o.fees.paid, o.currency)}
          {' / '}
          <Typography.Text type={o.fees.owe > 0 ? 'danger' : 'secondary'}>
            {price.money(o.fees.owe, o.currency)}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'currency', title: t('field.currency'), dataIndex: 'currency' },
  ];

  return (
    <ListPage
      listKey="orders"
      state={list}
      result={result}
      columns={columns}
      rowKey={(o) => o.id}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={isFiltered(list.filters) ? t('list.emptyFiltered') : t('list.empty')}
        />
      }
      filters={
        <>
          {problems.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ width: '100%', marginBottom: 8 }}
              title={problems.map((p) => t(`list.problem.${p}`, { max: ORDER_SITES_MAX })).join(' ')}
            />
          )}
          {list.filters.customerId && (
            <CustomerFilter id={list.filters.customerId} onClear={() => list.setFilters({ customerId: undefined })} />
          )}
          <SearchFilter label={t('filter.search')} placeholder={t('filter.searchPlaceholder')} width={260} />
          <OptionFilter
            name="status"
            label={t('field.status')}
            options={orderStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          <OptionFilter
            name="leaseStatus"
            label={t('field.leaseStatus')}
            options={leaseStatuses.map((s) => ({ value: s, label: t(`lease.${s}`) }))}
          />
          <OptionFilter
            name="partnerId"
            label={t('field.partner')}
            loading={partners.isPending}
            options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            wide
          />
          <OptionFilter
            name="assetCategoryId"
            label={t('field.category')}
            loading={categories.isPending}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            wide
          />
          <Form.Item noStyle dependencies={['partnerId']}>
            {(form) => <RentSiteFilter form={form} sites={sites.data ?? []} loading={sites.isPending} />}
          </Form.Item>
          <Form.Item name="startFrom" label={t('filter.startFrom')}>
            <InstantPicker label={t('filter.startFrom')} />
          </Form.Item>
          <Form.Item
            name="startTo"
            label={t('filter.startTo')}
            dependencies={['startFrom']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  startRangeValid(getFieldValue('startFrom') as string | undefined, value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('filter.startRangeInvalid'))),
              }),
            ]}
          >
            <InstantPicker label={t('filter.startTo')} />
          </Form.Item>
        </>
      }
      actions={
        <>
          {canExport && <ExportButton run={() => exportOrders(orderExportQueryOf(list.query))} />}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(orderUrls.new())}>
              {t('action.new')}
            </Button>
          )}
        </>
      }
    />
  );
}

/** The one customer whose orders the list shows (from the customer detail's link), removable. */
function CustomerFilter({ id, onClear }: { id: string; onClear: () => void }) {
  const { t } = useTranslation('orders');
  // A reader without customer.read still sees the filter, by the customer's id.
  const customer = useOrderCustomer(id, { notify: false });
  const name = customer.data ? `${customer.data.name.first} ${customer.data.name.last}` : id;
  return (
    <Form.Item label={t('field.customer')}>
      <Tag
        closable
        onClose={onClear}
        data-testid="customer-filter"
        closeIcon={<CloseOutlined aria-label={t('filter.clearCustomer')} />}
      >
        {name}
      </Tag>
    </Form.Item>
  );
}

/** A single-choice filter; `wide` ones (partners, categories) can be searched by typing. */
function OptionFilter({
  name,
  label,
  options,
  loading,
  wide = false,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  loading?: boolean;
  wide?: boolean;
}) {
  const { t } = useTranslation('orders');
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        showSearch={wide ? { optionFilterProp: 'label' } : false}
        style={{ minWidth: wide ? 180 : 120 }}
        // Per filter: the word for "all" agrees with the label in gender ("Categoria: Tutte", "Stato: Tutti").
        placeholder={t('filter.any', { context: name })}
        loading={loading}
        options={options}
      />
    </Form.Item>
  );
}

/** Rent sites, those of the chosen partner only once one is chosen; at most 100 (document 2 §9). */
function RentSiteFilter({
  form,
  sites,
  loading,
}: {
  form: FormInstance;
  sites: { id: string; name: string; partnerId: string }[];
  loading: boolean;
}) {
  const { t } = useTranslation('orders');
  const partnerId = form.getFieldValue('partnerId') as string | undefined;
  const options = sites
    .filter((s) => !partnerId || s.partnerId === partnerId)
    .map((s) => ({ value: s.id, label: s.name }));
  return (
    <Form.Item
      name="rentSiteIdIn"
      label={t('field.rentSite')}
      rules={[
        {
          type: 'array',
          max: ORDER_SITES_MAX,
          message: t('filter.tooManySites', { max: ORDER_SITES_MAX }),
        },
      ]}
    >
      <Select
        mode="multiple"
        allowClear
        maxCount={ORDER_SITES_MAX}
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 220, maxWidth: 360 }}
        placeholder={t('filter.any', { context: 'rentSiteIdIn' })}
        loading={loading}
        options={options}
      />
    </Form.Item>
  );
}
