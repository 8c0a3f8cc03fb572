import type { RulePart } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { PartListPage } from '../components/part-pages.tsx';

/** /setting/partner/collect-return-rule/list: how customers collect and return each partner's assets. */
export default function CollectReturnRuleListPage() {
  const { t } = useTranslation('pricing');
  const flag = (on: boolean, label: string) => <Tag color={on ? 'blue' : 'default'}>{label}</Tag>;
  const columns: ListColumn<RulePart>[] = [
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
  ];
  return <PartListPage kind="rulePart" columns={columns} />;
}
