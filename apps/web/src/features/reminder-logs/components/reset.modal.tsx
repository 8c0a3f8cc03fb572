import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useResetAssetTimers } from '../api.ts';

/** The contract's limit of a manual reset's note (manualResetBody.note). */
const NOTE_MAX = 500;

/**
 * Resets the selected asset timers by hand: each starts its next cycle now, and the log keeps the note with the
 * user's name. Only a refusal of the note stays in the dialog; anything else was told by the http layer.
 */
export function ResetModal({
  assetTimerIds,
  open,
  onClose,
  onDone,
}: {
  assetTimerIds: string[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('reminder-logs');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const reset = useResetAssetTimers();

  const submit = async ({ note }: { note: string }) => {
    try {
      const count = await reset.mutateAsync({ assetTimerIds, note: note.trim() });
      void message.success(t('reset.done', { count }));
      onDone();
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields?.note) form.setFields(serverFieldsToFieldErrors({ note: fields.note }) as never);
      else onClose();
    }
  };

  return (
    <Modal
      open={open}
      title={t('reset.title', { count: assetTimerIds.length })}
      okText={t('reset.ok')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: reset.isPending, danger: true }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('reset.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="asset-timer-reset" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="note"
          label={t('reset.note')}
          rules={[{ required: true, whitespace: true, message: t('reset.noteRequired') }]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={NOTE_MAX} showCount placeholder={t('reset.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
