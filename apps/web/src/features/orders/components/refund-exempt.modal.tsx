import type { Order } from '@fleetdesk/contracts';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useRefundOrExempt } from '../api.ts';
import { checkRefundOrExempt, type RefundOrExemptValues, refundOrExemptMax } from './refund-exempt.model.ts';
import { useResetOnOpen } from './reset-on-open.ts';

const REASON_MAX = 500;
/** Refusals that concern the amount asked: shown under the amount. */
const amountCodes = new Set(['RefundExceedsPaid', 'ExemptExceedsOwed']);

/**
 * Refunds part of what was paid or exempts part of what is owed (document 1 §2.5 "refund-and-exempt modal"). The
 * maximum of the chosen type is shown and checked before sending; the server checks again, and its refusal (another
 * refund ran in the meantime) lands on the amount.
 */
export function RefundExemptModal({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const price = usePriceLabels();
  const mutation = useRefundOrExempt(order.id);
  // Untyped: field errors from the contract come with paths, not with this form's keys.
  const [form] = Form.useForm();
  const [problem, setProblem] = useState<string | null>(null);
  // Each opening starts empty: the last refund's amount and reason are not offered again.
  useResetOnOpen(open, () => {
    form.resetFields();
    setProblem(null);
  });
  const type: RefundOrExemptValues['type'] = Form.useWatch('type', form) ?? 'refund';
  const max = refundOrExemptMax(type, order.fees);
  const money = (amount: number) => price.money(amount, order.currency);

  const submit = async () => {
    setProblem(null);
    const values = form.getFieldsValue(true) as RefundOrExemptValues;
    const checked = checkRefundOrExempt(values, order.fees, (most) =>
      t(values.type === 'refund' ? 'refund.tooMuchRefund' : 'refund.tooMuchExempt', { max: money(most) }),
    );
    if (!checked.body) {
      form.setFields(checked.errors);
      return;
    }
    try {
      await mutation.mutateAsync(checked.body);
      void message.success(
        t(checked.body.type === 'refund' ? 'refund.refunded' : 'refund.exempted', {
          amount: money(checked.body.amount),
        }),
      );
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = error.fieldErrors;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields));
      else if (amountCodes.has(error.code)) form.setFields([{ name: 'amount', errors: [error.message] }]);
      else if (error.status > 0 && error.status < 500) setProblem(error.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('refund.title', { orderNo: order.orderNo })}
      okText={t(type === 'refund' ? 'refund.confirmRefund' : 'refund.confirmExempt')}
      okButtonProps={{ loading: mutation.isPending, disabled: max <= 0 }}
      cancelText={t('action.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="order-refund-exempt"
        initialValues={{ type: 'refund' }}
        onFinish={() => void submit()}
        onValuesChange={(changed: Partial<RefundOrExemptValues>) => {
          // A corrected field drops its old error at once; the rest are checked again on confirm.
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
          if ('type' in changed) form.setFields([{ name: 'amount', errors: [] }]);
        }}
      >
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Form.Item name="type" label={t('refund.type')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'refund', label: t('refund.typeRefund') },
              { value: 'exempt', label: t('refund.typeExempt') },
            ]}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="refund-max">
          {t(type === 'refund' ? 'refund.maxRefund' : 'refund.maxExempt', { max: money(max) })}
        </Typography.Paragraph>
        <Form.Item name="amount" label={t('refund.amount')} required>
          <InputNumber<number>
            min={0}
            step={1}
            precision={2}
            prefix={order.currency}
            disabled={max <= 0}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('refund.reason')} required>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
