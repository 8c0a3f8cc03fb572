import { partnerOperationsCreateInput } from '@fleetdesk/contracts';
import { Alert, Col, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useConfiguredPartnerIds, useCreatePartnerOperations } from '../api.ts';
import { newPartnerOperationsValues } from '../components/partner-operations.defaults.ts';
import { PartnerOperationsFields } from '../components/partner-operations-fields.tsx';
import { partnerOperationsUrls } from '../urls.ts';

/** Operations for a partner that has none: the picker offers only those partners of the caller's scope. */
export default function PartnerOperationsNewPage() {
  const { t } = useTranslation('partner-operations');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const partners = usePartnerOptions();
  const configured = useConfiguredPartnerIds();
  const create = useCreatePartnerOperations();

  const available = useMemo(
    () => (partners.data ?? []).filter((p) => !configured.data?.has(p.id)),
    [partners.data, configured.data],
  );
  const preselected = search.get('partnerId') ?? undefined;
  const initialValues = useMemo(
    () => ({
      ...newPartnerOperationsValues,
      ...(preselected && available.some((p) => p.id === preselected) ? { partnerId: preselected } : {}),
    }),
    [preselected, available],
  );
  const loading = partners.isPending || configured.isPending;

  return (
    <FormPage
      schema={partnerOperationsCreateInput}
      loading={loading}
      loadError={partners.error ?? configured.error}
      initialValues={initialValues}
      submitText={t('action.create')}
      confirmSubmit={(values) =>
        t('create.confirm', { name: available.find((p) => p.id === values.partnerId)?.name ?? '' })
      }
      onSubmit={(values) => create.mutateAsync(values)}
      onDone={() => navigate(partnerOperationsUrls.list())}
      onCancel={() => navigate(partnerOperationsUrls.list())}
    >
      {!loading && available.length === 0 && (
        <Alert type="info" showIcon title={t('create.allConfigured')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="partnerId" label={t('field.partner')} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholder.partner')}
              options={available.map((p) => ({ value: p.id, label: p.name }))}
              notFoundContent={t('create.noPartner')}
              autoFocus
              data-testid="po-partner"
            />
          </FormField>
        </Col>
      </Row>
      <PartnerOperationsFields hasStoredPasscode={false} />
    </FormPage>
  );
}
