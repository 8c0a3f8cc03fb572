import { type PricingPart, pricingEndpoints } from '@fleetdesk/contracts';
import { Empty, Flex, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { usePartList } from '../api.ts';
import { PartDeleteButton } from '../components/part-delete.button.tsx';
import { usePriceLabels } from '../components/price-labels.ts';
import { ProgramFilterItems } from '../components/program-pickers.tsx';
import { partList, pricingUrls } from '../urls.ts';

/** /marketing/original-price/list: the unit price and payment plans of each partner and category in scope. */
export default function OriginalPriceListPage() {
  const { t } = useTranslation('pricing');
  const list = useListState(partList);
  const result = usePartList('pricingPart', list.query);
  const canWrite = useCan(requirementOf(pricingEndpoints.pricingPart.replace));
  const labels = usePriceLabels();
  const filtered = Boolean(list.filters.partnerId || list.filters.assetCategoryId);

  const columns: ListColumn<PricingPart>[] = [
    {
      key: 'partner',
      title: t('field.partner'),
      alwaysVisible: true,
      render: (_, part) => part.partner.name,
      exportValue: (part) => part.partner.name,
    },
    {
      key: 'category',
      title: t('field.category'),
      alwaysVisible: true,
      render: (_, part) =>
        canWrite ? (
          <Link to={pricingUrls.originalPriceEdit(part.partner.id, part.assetCategory.id)}>
            {part.assetCategory.name}
          </Link>
        ) : (
          part.assetCategory.name
        ),
      exportValue: (part) => part.assetCategory.name,
    },
    {
      key: 'unitPrice',
      title: t('field.unitPrice'),
      align: 'right',
      render: (_, part) => labels.unitPrice(part.unitPrice, part.currency, part.priceUnit),
      exportValue: (part) => `${part.unitPrice} ${part.currency} / ${part.priceUnit}`,
    },
    {
      key: 'paymentPlans',
      title: t('field.paymentPlans'),
      render: (_, part) => (
        <Space size={[4, 4]} wrap>
          {[...part.paymentPlans]
            .sort((a, b) => a.priority - b.priority)
            .map((plan) => (
              <Tag key={plan.id}>{labels.plan(plan)}</Tag>
            ))}
        </Space>
      ),
      exportValue: (part) => part.paymentPlans.map((plan) => `${plan.frequency} ${plan.unit}`).join('; '),
    },
    dateTimeColumn('updatedAt', t('field.updatedAt')),
    dateTimeColumn('createdAt', t('field.createdAt'), { defaultHidden: true }),
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('field.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, part) => (
        <Flex gap={4}>
          <EditLink
            to={pricingUrls.originalPriceEdit(part.partner.id, part.assetCategory.id)}
            label={t('action.editNamed', { name: `${part.partner.name} · ${part.assetCategory.name}` })}
          >
            {t('action.edit')}
          </EditLink>
          <PartDeleteButton kind="pricingPart" part={part} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="originalPrices"
      state={list}
      result={result}
      columns={columns}
      rowKey={(part) => part.programId}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('list.emptyFiltered') : t('list.empty.pricingPart')}
        />
      }
      filters={<ProgramFilterItems />}
      actions={
        canWrite && <NewButton to={pricingUrls.originalPriceNew(list.filters)}>{t('action.new.pricingPart')}</NewButton>
      }
    />
  );
}
