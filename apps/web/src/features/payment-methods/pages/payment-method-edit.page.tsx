import { type PaymentMethodUpdateValues, paymentMethodUpdate } from '@fleetdesk/contracts';
import { Alert, Col, ConfigProvider, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { usePaymentMethod, useUpdatePaymentMethod } from '../api.ts';
import { PaymentMethodDeleteButton } from '../components/payment-method-delete.button.tsx';
import { PaymentMethodFields } from '../components/payment-method-fields.tsx';
import { usePaymentTypes } from '../components/payment-method-options.tsx';
import { paymentMethodUrls } from '../urls.ts';

/**
 * /setting/partner/:partnerId/payment-method/:paymentMethodId/edit. Partner and type are fixed (another type
 * is another method); the secrets are shown masked and kept unless typed over.
 */
export default function PaymentMethodEditPage() {
  const { t } = useTranslation('payment-methods');
  const navigate = useNavigate();
  const { partnerId = '', paymentMethodId = '' } = useParams();
  const method = usePaymentMethod(partnerId, paymentMethodId);
  const update = useUpdatePaymentMethod(partnerId, paymentMethodId);
  const settable = usePaymentTypes('setup');
  const canSetup = method.data ? settable.includes(method.data.type) : false;
  const initialValues = useMemo<Partial<PaymentMethodUpdateValues> | undefined>(
    () =>
      method.data && {
        provider: method.data.provider,
        isEnabled: method.data.isEnabled,
        publishableKey: method.data.publishableKey,
        secretKey: method.data.secretKey,
        webhookSecret: method.data.webhookSecret ?? '',
        statementDescriptor: method.data.statementDescriptor ?? '',
      },
    [method.data],
  );
  const title = method.data
    ? t('edit.title', { type: t(`type.${method.data.type}`), partner: method.data.partner.name })
    : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={paymentMethodUpdate}
      loading={method.isPending}
      loadError={method.error}
      initialValues={initialValues}
      onSubmit={(values) => update.mutateAsync(values)}
      onDone={() => navigate(paymentMethodUrls.list())}
      onCancel={() => navigate(paymentMethodUrls.list())}
      extra={
        method.data &&
        canSetup && (
          <PaymentMethodDeleteButton
            method={method.data}
            onDeleted={() => navigate(paymentMethodUrls.list(), { replace: true })}
          />
        )
      }
    >
      {method.data && !canSetup && (
        <Alert type="info" showIcon title={t('edit.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {method.data && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('field.partner')}>
              <Input value={method.data.partner.name} disabled />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('field.type')}>
              <Input value={t(`type.${method.data.type}`)} disabled />
            </Form.Item>
          </Col>
        </Row>
      )}
      {/* The server refuses a change without the type's setup permission; the form says so up front. */}
      <ConfigProvider componentDisabled={!canSetup}>
        <PaymentMethodFields editing />
      </ConfigProvider>
    </FormPage>
  );
}
