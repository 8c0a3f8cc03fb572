import { stripeKeyMode } from '@fleetdesk/contracts';
import { Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { ModeTag } from './payment-method-options.tsx';

/**
 * The provider settings of a method, shared by the new and the edit form. On edit the secrets arrive masked:
 * left as they are they keep the stored values; typed over, they replace them.
 */
export function PaymentMethodFields({ editing }: { editing: boolean }) {
  const { t } = useTranslation('payment-methods');
  const form = Form.useFormInstance();
  const publishableKey = Form.useWatch('publishableKey', form) as string | undefined;
  const mode = publishableKey ? stripeKeyMode(publishableKey) : null;
  const keepHint = editing ? t('field.keepHint') : undefined;

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="provider" label={t('field.provider')} required>
            <Select options={[{ value: 'stripe', label: 'Stripe' }]} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField
            name="isEnabled"
            label={t('field.isEnabled')}
            valuePropName="checked"
            tooltip={t('field.isEnabledHint')}
          >
            <Switch />
          </FormField>
        </Col>
      </Row>
      <FormField
        name="publishableKey"
        label={
          <span>
            {t('field.publishableKey')} <ModeTag mode={mode} />
          </span>
        }
        extra={t('field.publishableKeyHint')}
        required
      >
        <Input maxLength={260} placeholder="pk_test_…" autoComplete="off" spellCheck={false} />
      </FormField>
      <FormField name="secretKey" label={t('field.secretKey')} extra={keepHint ?? t('field.secretKeyHint')} required>
        <Input maxLength={260} placeholder="sk_test_…" autoComplete="off" spellCheck={false} />
      </FormField>
      <FormField
        name="webhookSecret"
        label={t('field.webhookSecret')}
        extra={editing ? t('field.webhookKeepHint') : t('field.webhookSecretHint')}
      >
        <Input maxLength={260} placeholder="whsec_…" autoComplete="off" spellCheck={false} allowClear />
      </FormField>
      <FormField
        name="statementDescriptor"
        label={t('field.statementDescriptor')}
        extra={t('field.statementDescriptorHint')}
      >
        <Input maxLength={22} showCount placeholder="FLEETDESK RIDES" />
      </FormField>
      <Typography.Paragraph type="secondary">{t('field.secretsNote')}</Typography.Paragraph>
    </>
  );
}
