import { type Discount, discountStatuses, pricingEndpoints } from '@fleetdesk/contracts';
import { Empty, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton, SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useDiscountList } from '../api.ts';
import { DiscountStatusTag } from '../components/discount-status-tag.tsx';
import { usePriceLabels } from '../components/price-labels.ts';
import { ProgramFilterItems } from '../components/program-pickers.tsx';
import { discountList, pricingUrls } from '../urls.ts';

/** /marketing/discount-price/list: discount prices in scope, searched by name and filtered by program and status. */
export default function DiscountListPage() {
  const { t } = useTranslation('pricing');
  const list = useListState(discountList);
  const result = useDiscountList(list.query);
  const canWrite = useCan(requirementOf(pricingEndpoints.updateDiscount));
  const labels = usePriceLabels();
  const { search, partnerId, assetCategoryId, status } = list.filters;
  const filtered = Boolean(search || partnerId || assetCategoryId || status);

  const columns: ListColumn<Discount>[] = [
    {
      key: 'name',
      title: t('field.name'),
      sortKey: 'name',
      alwaysVisible: true,
      render: (_, discount) =>
        canWrite ? <Link to={pricingUrls.discountEdit(discount.id)}>{discount.name}</Link> : discount.name,
      exportValue: (discount) => discount.name,
    },
    {
      key: 'partner',
      title: t('field.partner'),
      render: (_, discount) => discount.partner.name,
      exportValue: (discount) => discount.partner.name,
    },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, discount) => discount.assetCategory.name,
      exportValue: (discount) => discount.assetCategory.name,
    },
    {
      key: 'paymentPlan',
      title: t('field.paymentPlan'),
      render: (_, discount) => labels.plan(discount.paymentPlan),
      exportValue: (discount) => `${discount.paymentPlan.frequency} ${discount.paymentPlan.unit}`,
    },
    {
      key: 'discountPercent',
      title: t('field.discountPercent'),
      align: 'right',
      render: (_, discount) => labels.percent(discount.discountPercent),
      exportValue: (discount) => discount.discountPercent,
    },
    {
      key: 'price',
      title: t('field.price'),
      render: (_, discount) => (
        <span data-testid="discount-price">
          <Typography.Text delete type="secondary">
            {labels.money(discount.unitPrice, discount.currency)}
          </Typography.Text>{' '}
          → {labels.unitPrice(discount.discountedUnitPrice, discount.currency, discount.priceUnit)}
        </span>
      ),
      exportValue: (discount) => `${discount.unitPrice} → ${discount.discountedUnitPrice} ${discount.currency}`,
    },
    {
      key: 'startTime',
      title: t('field.startTime'),
      sortKey: 'startTime',
      dataIndex: 'startTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'endTime',
      title: t('field.endTime'),
      dataIndex: 'endTime',
      render: (value: string | null) =>
        value ? (
          formatDateTime(value)
        ) : (
          <Typography.Text type="secondary">{t('discount.untilCancelled')}</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: t('field.status'),
      alwaysVisible: true,
      render: (_, discount) => <DiscountStatusTag status={discount.status} />,
      exportValue: (discount) => t(`status.${discount.status}`),
    },
    dateTimeColumn('updatedAt', t('field.updatedAt'), { defaultHidden: true }),
    dateTimeColumn('createdAt', t('field.createdAt'), { defaultHidden: true }),
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('field.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, discount) => (
        <EditLink to={pricingUrls.discountEdit(discount.id)} label={t('action.editNamed', { name: discount.name })}>
          {t('action.edit')}
        </EditLink>
      ),
    });
  }

  return (
    <ListPage
      listKey="discounts"
      state={list}
      result={result}
      columns={columns}
      rowKey={(discount) => discount.id}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('list.emptyFiltered') : t('list.empty.discount')}
        />
      }
      filters={
        <>
          <SearchFilter label={t('filter.search')} placeholder={t('filter.searchPlaceholder')} />
          <ProgramFilterItems />
          <Form.Item name="status" label={t('field.status')}>
            <Select
              allowClear
              placeholder={t('filter.any')}
              style={{ minWidth: 130 }}
              options={discountStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
          </Form.Item>
        </>
      }
      actions={
        canWrite && (
          <NewButton to={pricingUrls.discountNew({ partnerId, assetCategoryId })}>{t('action.new.discount')}</NewButton>
        )
      }
    />
  );
}
