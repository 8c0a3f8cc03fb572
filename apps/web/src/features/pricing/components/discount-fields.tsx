import { discountedPrice, type PaymentPlan, type ProgramKey } from '@fleetdesk/contracts';
import { Alert, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { useProgram } from '../api.ts';
import { usePriceLabels } from './price-labels.ts';

/** Name and description: the fields every discount keeps editable. */
export function DiscountTextFields() {
  const { t } = useTranslation('pricing');
  return (
    <>
      <FormField name="name" label={t('field.name')} required>
        <Input maxLength={100} showCount />
      </FormField>
      <FormField name="description" label={t('field.description')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </FormField>
    </>
  );
}

/**
 * The payment plan a discount lowers, picked from the plans of the program's original price (found by partner and
 * category), and the percent, with what the customer would pay.
 */
export function DiscountPriceFields({
  program,
  disabled,
  planDisabled = disabled,
}: {
  program: Partial<ProgramKey>;
  /** Why percent and plan are fixed (an ended or cancelled discount). */
  disabled?: string | undefined;
  /** Why the plan is fixed (a discount that has started keeps it). */
  planDisabled?: string | undefined;
}) {
  const { t } = useTranslation('pricing');
  const labels = usePriceLabels();
  const form = Form.useFormInstance();
  const found = useProgram(program);
  const pricing = found.data?.pricing ?? null;
  const plans: PaymentPlan[] = [...(pricing?.paymentPlans ?? [])].sort((a, b) => a.priority - b.priority);
  const percent = Form.useWatch('discountPercent', form) as number | null | undefined;
  const ready = Boolean(program.partnerId && program.assetCategoryId);
  const noPrice = ready && found.isSuccess && !pricing;
  const valid = typeof percent === 'number' && percent > 0 && percent < 100;

  return (
    <>
      {noPrice && <Alert type="warning" showIcon title={t('discount.noOriginalPrice')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField
            name="paymentPlanId"
            label={t('field.paymentPlan')}
            extra={planDisabled ?? (ready ? undefined : t('discount.pickProgramFirst'))}
            required
          >
            <Select
              disabled={Boolean(planDisabled) || !pricing}
              loading={found.isFetching}
              placeholder={t('placeholder.paymentPlan')}
              options={plans.map((plan) => ({ value: plan.id, label: labels.plan(plan) }))}
            />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="discountPercent" label={t('field.discountPercent')} extra={disabled} required>
            <InputNumber<number>
              min={0.01}
              max={99.99}
              precision={2}
              suffix="%"
              disabled={Boolean(disabled)}
              style={{ width: '100%' }}
            />
          </FormField>
        </Col>
      </Row>
      {pricing && (
        <Typography.Paragraph type="secondary" data-testid="discount-preview">
          {t('discount.originalPrice')}: {labels.unitPrice(pricing.unitPrice, pricing.currency, pricing.priceUnit)}
          {valid &&
            ` → ${labels.unitPrice(discountedPrice(pricing.unitPrice, percent), pricing.currency, pricing.priceUnit)}`}
        </Typography.Paragraph>
      )}
    </>
  );
}
