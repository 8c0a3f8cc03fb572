import type { Inspection } from '@fleetdesk/contracts';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** An inspected asset as staff check it: its number, partner, category and its life-cycle, turnover and usage states. */
export function InspectedAssetDescriptions({
  asset,
  column = { xs: 1, sm: 2 },
}: {
  asset: Inspection['asset'];
  column?: DescriptionsProps['column'];
}) {
  const { t } = useTranslation('orders');
  return (
    <Descriptions
      size="small"
      bordered
      column={column}
      items={[
        { key: 'no', label: t('field.asset'), children: asset.no },
        { key: 'partner', label: t('field.partner'), children: asset.partner.name },
        { key: 'category', label: t('field.category'), children: asset.assetCategory.name },
        {
          key: 'lifeCycle',
          label: t('asset.lifeCycle'),
          children: t(`asset.lifeCycleState.${asset.lifeCycleState}`, { defaultValue: asset.lifeCycleState }),
        },
        {
          key: 'turnover',
          label: t('asset.turnover'),
          children: t(`asset.turnoverState.${asset.turnoverState}`, { defaultValue: asset.turnoverState }),
        },
        {
          key: 'usage',
          label: t('asset.usageMode'),
          children: t(`asset.usage.${asset.usageMode}`, { defaultValue: asset.usageMode }),
        },
      ]}
    />
  );
}
