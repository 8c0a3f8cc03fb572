import { Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { formatAmount } from '../../work-items/components/work-item-format.ts';
import { useCategoryOptions } from '../api.ts';
import type { ChecklistBasicValues, GroupRow } from './checklist-form.model.ts';

/** Step 3: what will be saved, read-only. */
export function ChecklistReview({
  basic,
  groups,
  itemNames,
}: {
  basic: ChecklistBasicValues;
  groups: GroupRow[];
  itemNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation('checklists');
  const lifeCycles = useTranslation('assets').t;
  const partners = usePartnerOptions();
  const categories = useCategoryOptions();
  const categoryName = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? id;
  return (
    <Flex vertical gap={16} data-testid="checklist-review">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'partner',
            label: t('field.partner'),
            children: partners.data?.find((p) => p.id === basic.partnerId)?.name ?? '',
          },
          { key: 'name', label: t('field.name'), children: basic.name },
          {
            key: 'scope',
            label: t('field.assetCategoryScope'),
            children: basic.assetCategoryScope.map((id) => <Tag key={id}>{categoryName(id)}</Tag>),
          },
          {
            key: 'cost',
            label: t('field.basicCostAmount'),
            children:
              basic.basicCostAmount === null || basic.basicCostAmount === undefined
                ? ''
                : formatAmount(basic.basicCostAmount),
          },
          {
            key: 'lifeCycle',
            label: t('field.assetLifeCyclePreferTo'),
            children: basic.assetLifeCyclePreferTo
              ? lifeCycles(`lifeCycle.${basic.assetLifeCyclePreferTo}`)
              : t('lifeCycle.unchanged'),
          },
          { key: 'description', label: t('field.description'), children: basic.description ?? '', span: 2 },
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('section.groups')} ({groups.length})
      </Typography.Title>
      <ol style={{ margin: 0, paddingInlineStart: 24 }}>
        {groups.map((group) => (
          <li key={group.key} style={{ marginBottom: 8 }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{group.name}</Typography.Text>
              <Tag color={group.isRequired ? 'red' : 'default'}>
                {group.isRequired ? t('group.required') : t('group.optional')}
              </Tag>
              {group.isAllWorkItemsRequired && <Tag color="orange">{t('group.allItemsRequired')}</Tag>}
            </Flex>
            <Typography.Text type="secondary">
              {group.workItemIdList.map((id) => itemNames.get(id) ?? t('group.unknownItem')).join(', ')}
            </Typography.Text>
          </li>
        ))}
      </ol>
    </Flex>
  );
}
