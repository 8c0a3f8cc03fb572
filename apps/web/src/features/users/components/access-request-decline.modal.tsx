import type { AccessRequest } from '@fleetdesk/contracts';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeclineAccessRequest } from '../api.ts';

/** Declines an access request after confirmation; the reason, when given, is mailed to the requester. */
export function AccessRequestDeclineModal({
  request,
  onClose,
}: {
  request: AccessRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const decline = useDeclineAccessRequest();

  const submit = async ({ reason }: { reason?: string }) => {
    if (!request) return;
    try {
      await decline.mutateAsync({ id: request.id, body: reason?.trim() ? { reason: reason.trim() } : {} });
      void message.success(t('accessRequest.declined', { name: request.name }));
    } finally {
      // A refusal (decided meanwhile) was told by the http layer; the list refreshes either way.
      onClose();
    }
  };

  return (
    <Modal
      open={request !== null}
      title={t('accessRequest.declineTitle', { name: request?.name ?? '' })}
      okText={t('accessRequest.decline')}
      okButtonProps={{ danger: true, loading: decline.isPending }}
      cancelText={t('accessRequest.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('accessRequest.declineDescription', { email: request?.email ?? '' })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="access-request-decline" onFinish={(v) => void submit(v)}>
        <Form.Item name="reason" label={t('accessRequest.reason')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
