import { RENTING_INTENT_MESSAGES, type RentingIntent } from '@fleetdesk/contracts';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldsToFieldErrors, translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useUpdateRentingIntent } from '../api.ts';
import { intentRefusalOf, isOpen } from './intent-list.model.ts';

const REASON_MAX = 500;

/**
 * Cancels an open intent after asking; the reason is required (the server refuses a cancellation without one) and
 * stays on the intent.
 */
export function IntentCancelModal({
  intent,
  appointment,
  onClose,
}: {
  intent: RentingIntent | null;
  /** The appointment window as the list shows it. */
  appointment: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('renting-intents');
  const { message } = App.useApp();
  // Untyped: the server's field errors come with paths, not with this form's keys.
  const [form] = Form.useForm();
  const update = useUpdateRentingIntent();
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRequired = translateValidationMessage(RENTING_INTENT_MESSAGES.cancelReason);

  const submit = async ({ cancelReason }: { cancelReason: string }) => {
    if (!intent) return;
    setProblem(null);
    try {
      await update.mutateAsync({ id: intent.id, body: { status: 'Canceled', cancelReason: cancelReason.trim() } });
      void message.success(t('cancel.done', { name: intent.customer.name }));
      onClose();
    } catch (error) {
      const refusal = intentRefusalOf(error);
      if (refusal.fields) form.setFields(serverFieldsToFieldErrors(refusal.fields));
      setProblem(refusal.problem);
    }
  };

  const cancelable = intent !== null && isOpen(intent);
  return (
    <Modal
      open={intent !== null}
      title={t('cancel.title')}
      okText={t('cancel.ok')}
      cancelText={t('action.close')}
      okButtonProps={{ danger: true, loading: update.isPending, disabled: !cancelable }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setProblem(null)}
      destroyOnHidden
    >
      {(problem || (intent && !cancelable)) && (
        <Alert
          type="error"
          showIcon
          title={problem ?? translateValidationMessage(RENTING_INTENT_MESSAGES.notOpen)}
          style={{ marginBottom: 16 }}
        />
      )}
      {intent && (
        <Typography.Paragraph>
          {t('cancel.question', {
            name: intent.customer.name,
            category: intent.assetCategory.name,
            partner: intent.partner.name,
            window: appointment,
          })}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        name="renting-intent-cancel"
        onFinish={(values: { cancelReason: string }) => void submit(values)}
      >
        <Form.Item
          name="cancelReason"
          label={t('cancel.reason')}
          extra={t('cancel.reasonHint')}
          rules={[
            { required: true, whitespace: true, message: reasonRequired },
            { max: REASON_MAX, message: t('cancel.reasonTooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
