import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PAYMENT_PLANS_MAX, paymentPlanUnits } from '@fleetdesk/contracts';
import { Button, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { nextPlanRow } from './pricing.model.ts';

/**
 * The payment plans of an original price: every row a frequency, a unit and a priority; no two rows with the same
 * frequency and unit, nor the same priority. Removing a plan that a discount lowers deletes that discount, which
 * the server asks about when the form is saved.
 */
export function PaymentPlansField() {
  const { t } = useTranslation('pricing');
  const form = Form.useFormInstance();
  return (
    <Form.Item label={t('field.paymentPlans')} required tooltip={t('field.paymentPlansHint')}>
      <Form.List name="paymentPlans">
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row, index) => (
              <Row key={row.key} gutter={8} align="top" data-testid="payment-plan-row">
                <Col flex="140px">
                  <FormField name={[row.name, 'frequency']}>
                    <InputNumber<number>
                      min={1}
                      max={365}
                      precision={0}
                      placeholder={t('plan.frequency')}
                      aria-label={t('plan.frequencyOf', { index: index + 1 })}
                      prefix={t('plan.every')}
                      style={{ width: '100%' }}
                    />
                  </FormField>
                </Col>
                <Col flex="150px">
                  <FormField name={[row.name, 'unit']}>
                    <Select
                      aria-label={t('plan.unitOf', { index: index + 1 })}
                      options={paymentPlanUnits.map((unit) => ({ value: unit, label: t(`planUnit.${unit}`) }))}
                    />
                  </FormField>
                </Col>
                <Col flex="150px">
                  <FormField name={[row.name, 'priority']}>
                    <InputNumber<number>
                      min={1}
                      max={99}
                      precision={0}
                      prefix={t('plan.priority')}
                      aria-label={t('plan.priorityOf', { index: index + 1 })}
                      style={{ width: '100%' }}
                    />
                  </FormField>
                </Col>
                <Col flex="none">
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('plan.remove', { index: index + 1 })}
                    disabled={rows.length <= 1}
                    onClick={() => remove(row.name)}
                  />
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= PAYMENT_PLANS_MAX}
              onClick={() => add(nextPlanRow(form.getFieldValue('paymentPlans') ?? []))}
            >
              {t('plan.add')}
            </Button>
            <Form.ErrorList errors={errors} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('plan.priorityHint')}
            </Typography.Paragraph>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
