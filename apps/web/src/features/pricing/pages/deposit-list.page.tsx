import { type DepositPart, pricingEndpoints } from '@fleetdesk/contracts';
import { Empty, Flex, Typography } from 'antd';
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

/** /marketing/deposit/list: the deposit a customer leaves for each partner and category in scope. */
export default function DepositListPage() {
  const { t } = useTranslation('pricing');
  const list = useListState(partList);
  const result = usePartList('depositPart', list.query);
  const canWrite = useCan(requirementOf(pricingEndpoints.depositPart.replace));
  const labels = usePriceLabels();
  const filtered = Boolean(list.filters.partnerId || list.filters.assetCategoryId);

  const columns: ListColumn<DepositPart>[] = [
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
          <Link to={pricingUrls.depositEdit(part.partner.id, part.assetCategory.id)}>{part.assetCategory.name}</Link>
        ) : (
          part.assetCategory.name
        ),
      exportValue: (part) => part.assetCategory.name,
    },
    {
      key: 'amount',
      title: t('field.amount'),
      align: 'right',
      render: (_, part) => labels.money(part.amount, part.currency),
      exportValue: (part) => `${part.amount} ${part.currency}`,
    },
    {
      key: 'notice',
      title: t('field.depositNotice'),
      ellipsis: true,
      width: 320,
      render: (_, part) =>
        part.notice ? part.notice.en : <Typography.Text type="secondary">{t('notice.none')}</Typography.Text>,
      exportValue: (part) => part.notice?.en ?? '',
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
            to={pricingUrls.depositEdit(part.partner.id, part.assetCategory.id)}
            label={t('action.editNamed', { name: `${part.partner.name} · ${part.assetCategory.name}` })}
          >
            {t('action.edit')}
          </EditLink>
          <PartDeleteButton kind="depositPart" part={part} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="deposits"
      state={list}
      result={result}
      columns={columns}
      rowKey={(part) => part.programId}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('list.emptyFiltered') : t('list.empty.depositPart')}
        />
      }
      filters={<ProgramFilterItems />}
      actions={
        canWrite && <NewButton to={pricingUrls.depositNew(list.filters)}>{t('action.new.depositPart')}</NewButton>
      }
    />
  );
}
