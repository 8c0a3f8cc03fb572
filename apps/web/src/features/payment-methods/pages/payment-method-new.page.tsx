import { type PaymentMethodInputValues, paymentMethodInput } from '@fleetdesk/contracts';
import { Alert, Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreatePaymentMethod, usePaymentMethodList } from '../api.ts';
import { PaymentMethodFields } from '../components/payment-method-fields.tsx';
import { PartnerSelect, PaymentTypeSelect, usePaymentTypes } from '../components/payment-method-options.tsx';
import { paymentMethodUrls } from '../urls.ts';

/**
 * The partner travels in the path of the call; the form validates it with the body's schema. Picked from a
 * list, it is either a valid id or missing.
 */
const newPaymentMethodForm = paymentMethodInput.safeExtend({
  partnerId: z.uuid({ message: 'This field is required' }),
});

/** The types the chosen partner has already: one method per type and partner. */
function PartnerAndType() {
  const { t } = useTranslation('payment-methods');
  const settable = usePaymentTypes('setup');
  const form = Form.useFormInstance();
  const partnerId = Form.useWatch('partnerId', form) as string | undefined;
  const existing = usePaymentMethodList({ partnerId, pageSize: 100 }, { enabled: Boolean(partnerId) });
  const taken = partnerId ? (existing.data?.data ?? []).map((m) => m.type) : [];
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField name="partnerId" label={t('field.partner')} required>
          <PartnerSelect autoFocus />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField name="type" label={t('field.type')} extra={t('field.typeHint')} required>
          <PaymentTypeSelect types={settable} taken={taken} />
        </FormField>
      </Col>
    </Row>
  );
}

/** /setting/partner/payment-method/new: one method of one partner, of a type the user may set up. */
export default function PaymentMethodNewPage() {
  const { t } = useTranslation('payment-methods');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const create = useCreatePaymentMethod();
  const settable = usePaymentTypes('setup');
  const initialValues: Partial<PaymentMethodInputValues & { partnerId: string }> = {
    provider: 'stripe',
    isEnabled: true,
    ...(search.get('partnerId') ? { partnerId: search.get('partnerId') as string } : {}),
  };

  return (
    <FormPage
      schema={newPaymentMethodForm}
      initialValues={initialValues}
      confirmSubmit={(values) => t('create.confirm', { type: t(`type.${values.type}`) })}
      submitText={t('action.create')}
      onSubmit={({ partnerId, ...body }) => create.mutateAsync({ partnerId, body })}
      onDone={() => navigate(paymentMethodUrls.list())}
      onCancel={() => navigate(paymentMethodUrls.list())}
    >
      {settable.length === 0 && (
        <Alert type="warning" showIcon title={t('create.noTypes')} style={{ marginBottom: 16 }} />
      )}
      <PartnerAndType />
      <PaymentMethodFields editing={false} />
    </FormPage>
  );
}
