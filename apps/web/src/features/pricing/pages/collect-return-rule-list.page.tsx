import { pricingEndpoints, type RulePart } from '@fleetdesk/contracts';
import { Empty, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { usePartList } from '../api.ts';
import { PartDeleteButton } from '../components/part-delete.button.tsx';
import { ProgramFilterItems } from '../components/program-pickers.tsx';
import { partList, pricingUrls } from '../urls.ts';

/** /setting/partner/collect-return-rule/list: how customers collect and return each partner's assets. */
export default function CollectReturnRuleListPage() {
  const { t } = useTranslation('pricing');
  const list = useListState(partList);
  const result = usePartList('rulePart', list.query);
  const canWrite = useCan(requirementOf(pricingEndpoints.rulePart.replace));
  const filtered = Boolean(list.filters.partnerId || list.filters.assetCategoryId);
  const flag = (on: boolean, label: string) => <Tag color={on ? 'blue' : 'default'}>{label}</Tag>;

  const columns: ListColumn<RulePart>[] = [
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
          <Link to={pricingUrls.ruleEdit(part.partner.id, part.assetCategory.id)}>{part.assetCategory.name}</Link>
        ) : (
          part.assetCategory.name
        ),
      exportValue: (part) => part.assetCategory.name,
    },
    { key: 'assetRentalLimit', title: t('field.assetRentalLimit'), dataIndex: 'assetRentalLimit', align: 'right' },
    {
      key: 'manualConfirmationPolicy',
      title: t('field.manualConfirmationPolicy'),
      render: (_, part) =>
        flag(part.manualConfirmationPolicy === 'required', t(`manualConfirmation.${part.manualConfirmationPolicy}`)),
      exportValue: (part) => part.manualConfirmationPolicy,
    },
    {
      key: 'crossSiteReturnPolicy',
      title: t('field.crossSiteReturnPolicy'),
      render: (_, part) =>
        flag(part.crossSiteReturnPolicy === 'allowed', t(`crossSiteReturn.${part.crossSiteReturnPolicy}`)),
      exportValue: (part) => part.crossSiteReturnPolicy,
    },
    {
      key: 'returnLocationDetection',
      title: t('field.returnLocationDetection'),
      render: (_, part) =>
        flag(part.returnLocationDetection === 'enabled', t(`detection.${part.returnLocationDetection}`)),
      exportValue: (part) => part.returnLocationDetection,
    },
    {
      key: 'locked',
      title: t('field.locked'),
      render: (_, part) =>
        flag(part.assetConditionDetection.locked, t(part.assetConditionDetection.locked ? 'locked.on' : 'locked.off')),
      exportValue: (part) => String(part.assetConditionDetection.locked),
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
            to={pricingUrls.ruleEdit(part.partner.id, part.assetCategory.id)}
            label={t('action.editNamed', { name: `${part.partner.name} · ${part.assetCategory.name}` })}
          >
            {t('action.edit')}
          </EditLink>
          <PartDeleteButton kind="rulePart" part={part} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="collectReturnRules"
      state={list}
      result={result}
      columns={columns}
      rowKey={(part) => part.programId}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('list.emptyFiltered') : t('list.empty.rulePart')}
        />
      }
      filters={<ProgramFilterItems />}
      actions={canWrite && <NewButton to={pricingUrls.ruleNew(list.filters)}>{t('action.new.rulePart')}</NewButton>}
    />
  );
}
