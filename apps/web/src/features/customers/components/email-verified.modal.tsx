import type { Customer } from '@fleetdesk/contracts';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useMarkEmailVerified } from '../api.ts';

const REASON_MAX = 300;

/**
 * "Mark e-mail verified" at the counter: staff who have seen the customer's ID vouch for the address without the
 * verification mail; the reason is required and kept in the field log with who and when.
 */
export function EmailVerifiedModal({
  customer,
  open,
  onClose,
}: {
  customer: Customer;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const mark = useMarkEmailVerified(customer.id);
  const [form] = Form.useForm<{ reason: string }>();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async ({ reason }: { reason: string }) => {
    setProblem(null);
    try {
      await mark.mutateAsync(reason.trim());
      void message.success(t('verifyEmail.done', { email: customer.email }));
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      const field = error.fieldErrors?.reason;
      if (field) form.setFields([{ name: 'reason', errors: [translateValidationMessage(field)] }]);
      else if (error.status > 0 && error.status < 500) setProblem(translateValidationMessage(error.message));
    }
  };

  return (
    <Modal
      open={open}
      title={t('verifyEmail.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('verifyEmail.ok')}
      confirmLoading={mark.isPending}
      destroyOnHidden
      data-testid="verify-email"
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph>{t('verifyEmail.description', { email: customer.email })}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="verify-email" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="reason"
          label={t('verifyEmail.reason')}
          extra={t('verifyEmail.reasonHint')}
          rules={[{ required: true, whitespace: true, message: t('verifyEmail.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
