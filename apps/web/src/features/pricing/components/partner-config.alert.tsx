import { Alert } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pricingUrls } from '../urls.ts';

/**
 * PartnerConfigIncomplete: a partner prices nothing before its operation setting (currency, card policy) is
 * confirmed; the alert links to the screen where that is done.
 */
export function PartnerConfigAlert({ kind }: { kind: 'incomplete' | 'creditCard' }) {
  const { t } = useTranslation('pricing');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="partner-config-alert"
      title={t(`refusal.${kind}.title`)}
      description={
        <Trans
          t={t}
          i18nKey={`refusal.${kind}.description`}
          components={{ settings: <Link to={pricingUrls.operationSettings} /> }}
        />
      }
      style={{ marginBottom: 16 }}
    />
  );
}
