import type { Order } from '@fleetdesk/contracts';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useEndOrder } from '../api.ts';

const REASON_MAX = 500;

/**
 * Ends an open order (document 1 §2.5 "end-order modal"): its lease is returned, the asset is free again and the
 * device is told to lock. The reason is optional and kept on the order.
 */
export function OrderEndModal({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const end = useEndOrder(order.id);
  const [form] = Form.useForm<{ reason?: string }>();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async ({ reason }: { reason?: string }) => {
    setProblem(null);
    try {
      await end.mutateAsync(reason?.trim() || undefined);
      void message.success(t('end.done', { orderNo: order.orderNo }));
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
        <Form.Item name="reason" label={t('end.reason')} extra={t('end.reasonHint')}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
