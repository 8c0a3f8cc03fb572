import type { Customer, Inspection } from '@fleetdesk/contracts';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useInspectAsset } from '../api.ts';
import { InspectedAssetDescriptions } from './inspected-asset.descriptions.tsx';

/** Document 2 §5: asset numbers are capital letters and digits. */
const normalizeAssetNo = (value: string) => value.toUpperCase().replace(/\s+/g, '');

/**
 * Step 2: the asset id, inspected for this customer ($inspect). Only a leasable asset lets staff go on; every other
 * outcome says why (with what the partner still lacks), and a refused inspection (unknown asset, out of scope) says
 * so beside the field.
 */
export function AssetStep({
  customer,
  assetNo,
  inspection,
  onInspected,
  onNext,
  onBack,
}: {
  customer: Customer;
  assetNo: string;
  inspection: Inspection | null;
  onInspected: (assetNo: string, inspection: Inspection | null) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('orders');
  const inspect = useInspectAsset();
  const [typed, setTyped] = useState(assetNo);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (value: string) => {
    const no = normalizeAssetNo(value);
    setTyped(no);
    setProblem(null);
    if (!no) {
      setProblem(t('asset.required'));
      return;
    }
    onInspected(no, null);
    try {
      onInspected(no, await inspect.mutateAsync({ assetNo: no, customerId: customer.id }));
    } catch (error) {
      if (isApiError(error) && error.status > 0 && error.status < 500) setProblem(error.message);
    }
  };

  const leasable = inspection?.outcome === 'Leasable' && inspection.offer !== null;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Form layout="vertical" name="order-asset" onFinish={() => void run(typed)}>
        <Form.Item
          label={t('asset.label')}
          extra={t('asset.hint')}
          required
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input.Search
            value={typed}
            onChange={(event) => {
              setTyped(normalizeAssetNo(event.target.value));
              // A changed number needs a new inspection before going on.
              if (inspection) onInspected(normalizeAssetNo(event.target.value), null);
            }}
            onSearch={(value) => void run(value)}
            enterButton={t('asset.inspect')}
            loading={inspect.isPending}
            maxLength={64}
            autoFocus
            placeholder="MIE00042"
            aria-label={t('asset.label')}
          />
        </Form.Item>
      </Form>
      {inspection && <InspectionResult inspection={inspection} />}
      <Flex gap={8}>
        <Button onClick={onBack}>{t('action.back')}</Button>
        <Button type="primary" disabled={!leasable} onClick={onNext}>
          {t('action.next')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The asset as the inspection found it, and its outcome for this customer. */
function InspectionResult({ inspection }: { inspection: Inspection }) {
  const { t } = useTranslation('orders');
  const { asset, offer, outcome, missing } = inspection;
  const leasable = outcome === 'Leasable';
  return (
    <Flex vertical gap={16} data-testid="inspection-result">
      <Alert
        type={leasable ? 'success' : 'warning'}
        showIcon
        data-outcome={outcome}
        title={t(`inspection.${outcome}`)}
        description={
          missing.length > 0 ? (
            <span>
              {t('inspection.missing')} {missing.map((m) => t(`missing.${m}`, { defaultValue: m })).join(', ')}
            </span>
          ) : offer && (leasable || outcome === 'RentalLimitReached') ? (
            t('inspection.leases', { count: offer.activeLeases, limit: offer.rentalLimit })
          ) : undefined
        }
      />
      <InspectedAssetDescriptions asset={asset} />
    </Flex>
  );
}
