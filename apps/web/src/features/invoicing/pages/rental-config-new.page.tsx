import { createRentalConfigBody, type PartnerRef } from '@fleetdesk/contracts';
import { Alert, App, Col, Form, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreateRentalConfig, useRentalConfigRows } from '../api.ts';
import { nextInvoiceNo, toCreateFormError } from '../components/rental-config.model.ts';
import { RentalConfigFields } from '../components/rental-config-fields.tsx';
import { invoicingUrls } from '../urls.ts';

/**
 * An invoicing identity for a partner that has none: the picker offers only those partners of the caller's
 * scope; should another user set one meanwhile, the server's 409 is shown on the partner field.
 */
export default function RentalConfigNewPage() {
  const { t } = useTranslation('invoicing');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const source = useRentalConfigRows();
  const create = useCreateRentalConfig();

  const available = useMemo(
    () => (source.rows ?? []).filter((row) => row.config === null).map((row) => row.partner),
    [source.rows],
  );
  const preselected = search.get('partnerId') ?? undefined;
  const initialValues = useMemo(() => {
    const partner = available.find((p) => p.id === preselected);
    return partner ? { partnerId: partner.id, sellerName: partner.name } : {};
  }, [preselected, available]);
  const nameOf = (partnerId: string) => available.find((p) => p.id === partnerId)?.name ?? '';

  return (
    <FormPage
      title={t('new.title')}
      schema={createRentalConfigBody}
      loading={source.isPending}
      loadError={source.error}
      initialValues={initialValues}
      submitText={t('action.create')}
      confirmSubmit={(values) => ({
        title: t('new.confirm', { name: nameOf(values.partnerId) }),
        content: t('new.confirmNumber', { number: nextInvoiceNo(values.invoicePrefix, 0) }),
      })}
      onSubmit={async (values) => {
        await create.mutateAsync(values).catch((error: unknown) => {
          throw toCreateFormError(error);
        });
        void message.success(t('saved', { name: nameOf(values.partnerId) }));
      }}
      onDone={() => navigate(invoicingUrls.list())}
      onCancel={() => navigate(invoicingUrls.list())}
    >
      {available.length === 0 && <Alert type="info" showIcon title={t('new.allSet')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <PartnerPicker partners={available} />
        </Col>
      </Row>
      <RentalConfigFields issued={0} />
    </FormPage>
  );
}

/** The partner select; picking one fills the seller name with the partner's name while it is still empty. */
function PartnerPicker({ partners }: { partners: PartnerRef[] }) {
  const { t } = useTranslation('invoicing');
  const form = Form.useFormInstance();
  return (
    <FormField name="partnerId" label={t('field.partner')} required extra={t('new.partnerHint')}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('placeholder.partner')}
        options={partners.map((p) => ({ value: p.id, label: p.name }))}
        notFoundContent={t('new.noPartner')}
        disabled={partners.length === 0}
        autoFocus
        onChange={(partnerId: string) => {
          const partner = partners.find((p) => p.id === partnerId);
          if (partner && !form.getFieldValue('sellerName')) form.setFieldValue('sellerName', partner.name);
        }}
      />
    </FormField>
  );
}
