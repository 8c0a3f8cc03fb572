import { depositEndpoints, type Order } from '@fleetdesk/contracts';
import { Alert, App, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useEndOrder } from '../api.ts';
import { useResetOnOpen } from './reset-on-open.ts';

const REASON_MAX = 500;

interface EndValues {
  reason?: string;
  refundDeposit?: boolean;
}

/**
 * Ends an open order (document 1 §2.5 "end-order modal"): its lease is returned, the asset is free again and the
 * device is told to lock. The reason is optional and kept on the order. What happens to the deposit is said before
 * confirming; when it would only be kept, staff who may refund deposits can give it back at once.
 */
export function OrderEndModal({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const price = usePriceLabels();
  const end = useEndOrder(order.id);
  const canRefundDeposit = useCan(requirementOf(depositEndpoints.refund));
  const [form] = Form.useForm<EndValues>();
  const [problem, setProblem] = useState<string | null>(null);
  useResetOnOpen(open, () => {
    form.resetFields();
    setProblem(null);
  });
  const deposit = order.depositAtEnd;
  const offerRefund = canRefundDeposit && deposit?.refundOffered === true;

  const submit = async ({ reason, refundDeposit }: EndValues) => {
    setProblem(null);
    const refund = offerRefund && refundDeposit === true;
    try {
      await end.mutateAsync({
        ...(reason?.trim() ? { reason: reason.trim() } : {}),
        ...(refund ? { refundDeposit } : {}),
      });
      void message.success(
        t(refund || deposit?.outcome === 'refunded' ? 'end.doneRefunded' : 'end.done', { orderNo: order.orderNo }),
      );
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = error.fieldErrors;
      if (fields?.reason) form.setFields([{ name: 'reason', errors: [fields.reason] }]);
      else if (error.status > 0 && error.status < 500)
        setProblem(error.code === 'OrderNotOpen' ? t('end.notOpen') : error.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('end.title', { orderNo: order.orderNo })}
      okText={t('end.confirm')}
      okButtonProps={{ danger: true, loading: end.isPending }}
      cancelText={t('action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="order-end" onFinish={submit}>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph>{t('end.explain', { assetNo: order.assetNo ?? '—' })}</Typography.Paragraph>
        <DepositAtEndAlert order={order} />
        {offerRefund && (
          <Form.Item name="refundDeposit" valuePropName="checked" extra={t('end.refundDepositHint')}>
            <Checkbox>{t('end.refundDeposit', { amount: price.money(deposit.amount, order.currency) })}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('end.reason')} extra={t('end.reasonHint')}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** What closing the order does to its deposit (held, kept until the refund application, or refunded now). */
export function DepositAtEndAlert({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  const deposit = order.depositAtEnd;
  return (
    <Alert
      type={deposit?.outcome === 'held' ? 'warning' : 'info'}
      showIcon
      data-testid="end-deposit"
      data-outcome={deposit?.outcome ?? 'none'}
      title={
        deposit
          ? t(`end.deposit.${deposit.outcome}`, { amount: price.money(deposit.amount, order.currency) })
          : t('end.deposit.none')
      }
      style={{ marginBottom: 16 }}
    />
  );
}
