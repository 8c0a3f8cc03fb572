import { customerInfoEndpoints, settingsConfigEndpoints } from '@fleetdesk/contracts';
import { Alert, Card, Flex, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCan, useCanChangeAccountWide } from '../../../shared/permissions.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useCustomerInfoSetting, useSettingsConfig } from '../api.ts';
import { ConsoleLimitsCard } from '../components/console-limits.card.tsx';
import { CustomerInfoCard } from '../components/customer-info.card.tsx';

function Loading() {
  return (
    <Card>
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    </Card>
  );
}

/**
 * /setting/general/customization: what the account asks of its customers, and the limits of its console.
 * Each card saves on its own; leaving with unsaved changes in either asks first.
 */
export default function CustomizationPage() {
  const { t } = useTranslation('customization');
  const canReadCustomerInfo = useCan(requirementOf(customerInfoEndpoints.get));
  const canWriteCustomerInfo = useCanChangeAccountWide(requirementOf(customerInfoEndpoints.put));
  const canReadConfig = useCan([['config.read'], ['config.write']]);
  const canWriteConfig = useCanChangeAccountWide(requirementOf(settingsConfigEndpoints.update));
  const customerInfo = useCustomerInfoSetting(canReadCustomerInfo);
  const config = useSettingsConfig();

  const [dirtyCards, setDirtyCards] = useState({ customerInfo: false, limits: false });
  const dirty = dirtyCards.customerInfo || dirtyCards.limits;
  const setCustomerInfoDirty = useCallback((d: boolean) => setDirtyCards((c) => ({ ...c, customerInfo: d })), []);
  const setLimitsDirty = useCallback((d: boolean) => setDirtyCards((c) => ({ ...c, limits: d })), []);

  useLeaveGuard(dirty);

  return (
    <PageContainer>
      {canReadCustomerInfo &&
        (customerInfo.error ? (
          <Alert type="error" showIcon title={t('loadFailed')} description={customerInfo.error.message} />
        ) : customerInfo.data ? (
          <CustomerInfoCard
            setting={customerInfo.data}
            canWrite={canWriteCustomerInfo}
            onDirtyChange={setCustomerInfoDirty}
          />
        ) : (
          <Loading />
        ))}
      {canReadConfig &&
        (config.error ? (
          <Alert type="error" showIcon title={t('loadFailed')} description={config.error.message} />
        ) : config.data ? (
          <ConsoleLimitsCard config={config.data} canWrite={canWriteConfig} onDirtyChange={setLimitsDirty} />
        ) : (
          <Loading />
        ))}
    </PageContainer>
  );
}
