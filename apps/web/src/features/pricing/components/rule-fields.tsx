import {
  ASSET_RENTAL_LIMIT_MAX,
  crossSiteReturnPolicies,
  detectionModes,
  manualConfirmationPolicies,
} from '@fleetdesk/contracts';
import { Col, InputNumber, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';

/** The collect-and-return rules of a partner and category (document 2 §3 "Rental rule"). */
export function RuleFields() {
  const { t } = useTranslation('pricing');
  const radios = (values: readonly string[], prefix: string) => (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      options={values.map((value) => ({ value, label: t(`${prefix}.${value}`) }))}
    />
  );
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField
            name="assetRentalLimit"
            label={t('field.assetRentalLimit')}
            extra={t('field.assetRentalLimitHint', { max: ASSET_RENTAL_LIMIT_MAX })}
            required
          >
            <InputNumber<number> min={1} max={ASSET_RENTAL_LIMIT_MAX} precision={0} style={{ width: 160 }} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField
            name="manualConfirmationPolicy"
            label={t('field.manualConfirmationPolicy')}
            extra={t('field.manualConfirmationPolicyHint')}
            required
          >
            {radios(manualConfirmationPolicies, 'manualConfirmation')}
          </FormField>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField
            name="crossSiteReturnPolicy"
            label={t('field.crossSiteReturnPolicy')}
            extra={t('field.crossSiteReturnPolicyHint')}
            required
          >
            {radios(crossSiteReturnPolicies, 'crossSiteReturn')}
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField
            name="returnLocationDetection"
            label={t('field.returnLocationDetection')}
            extra={t('field.returnLocationDetectionHint')}
            required
          >
            {radios(detectionModes, 'detection')}
          </FormField>
        </Col>
      </Row>
      <FormField
        name={['assetConditionDetection', 'locked']}
        label={t('field.assetConditionDetection')}
        extra={t('field.lockedHint')}
        valuePropName="checked"
      >
        <Switch checkedChildren={t('locked.on')} unCheckedChildren={t('locked.off')} aria-label={t('field.locked')} />
      </FormField>
    </>
  );
}
