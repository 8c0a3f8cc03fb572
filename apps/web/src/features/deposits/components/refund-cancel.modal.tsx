import type { DepositRefundApplication } from '@fleetdesk/contracts';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelApplication } from '../api.ts';
import { type DepositRefusal, depositRefusalOf } from './deposit-refusal.model.ts';
import { RefusalAlert } from './refund-approve.modal.tsx';

const NOTE_MAX = 500;

/** Cancels a waiting application; the reason is required because the customer is told it. */
export function RefundCancelModal({
  application,
  onClose,
}: {
  application: DepositRefundApplication | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('deposits');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const cancel = useCancelApplication();
  const [refusal, setRefusal] = useState<DepositRefusal | null>(null);

  const submit = async ({ note }: { note: string }) => {
    if (!application) return;
    setRefusal(null);
    try {
      await cancel.mutateAsync({ id: application.id, note: note.trim() });
      void message.success(t('cancel.done', { name: application.customer.name }));
      onClose();
    } catch (error) {
      setRefusal(depositRefusalOf(error));
    }
  };

  return (
    <Modal
      open={application !== null}
      title={t('cancel.title')}
      onCancel={onClose}
      afterClose={() => setRefusal(null)}
      destroyOnHidden
      okText={t('cancel.ok')}
      cancelText={t('action.close')}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      onOk={() => form.submit()}
    >
      {refusal && (
        <div style={{ marginBottom: 16 }}>
          {/* The question below names the customer: the alert need not repeat it. */}
          <RefusalAlert refusal={refusal} names={[]} />
        </div>
      )}
      {application && (
        <Typography.Paragraph>
          {t('cancel.question', {
            name: application.customer.name,
            quantity: application.quantity,
            category: application.assetCategory.name,
          })}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" name="deposit-refund-cancel" onFinish={submit}>
        <Form.Item
          name="note"
          label={t('cancel.reason')}
          extra={t('cancel.reasonHint')}
          rules={[
            { required: true, whitespace: true, message: t('cancel.reasonRequired') },
            { max: NOTE_MAX, message: t('cancel.reasonTooLong', { max: NOTE_MAX }) },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
