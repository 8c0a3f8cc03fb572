import { ALARM_NOTE_MAX, ALARM_NOTE_REQUIRED_MESSAGE, type Alarm } from '@fleetdesk/contracts';
import { App, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors, translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useAcknowledgeAlarm } from '../api.ts';
import { AlarmCode } from './alarm-code.tsx';

/** Acknowledges one open alarm with a note saying what was done; who and when are kept by the server. */
export function AlarmAcknowledgeModal({ alarm, onClose }: { alarm: Alarm | null; onClose: () => void }) {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const acknowledge = useAcknowledgeAlarm();

  const submit = async ({ note }: { note: string }) => {
    if (!alarm) return;
    try {
      await acknowledge.mutateAsync({ id: alarm.id, note: note.trim() });
      void message.success(t('acknowledge.done', { asset: alarm.asset.no }));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? (error.data as { fields?: Record<string, string> } | null)?.fields : null;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields).map((f) => ({ ...f, name: ['note'] })));
      // Anything else (already acknowledged, gone) was told by the http layer; the list refreshes.
      else onClose();
    }
  };

  return (
    <Modal
      open={alarm !== null}
      title={t('acknowledge.title')}
      okText={t('acknowledge.ok')}
      cancelText={t('action.close')}
      okButtonProps={{ loading: acknowledge.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {alarm && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'asset', label: t('field.asset'), children: alarm.asset.no },
            { key: 'code', label: t('field.code'), children: <AlarmCode code={alarm.code} /> },
            { key: 'at', label: t('field.occurredAt'), children: formatDateTime(alarm.occurredAt) },
            { key: 'partner', label: t('field.partner'), children: alarm.partner.name },
          ]}
        />
      )}
      <Form form={form} layout="vertical" name="alarm-acknowledge" onFinish={(v: { note: string }) => void submit(v)}>
        <Form.Item
          name="note"
          label={t('acknowledge.note')}
          extra={t('acknowledge.noteHint')}
          rules={[
            { required: true, whitespace: true, message: translateValidationMessage(ALARM_NOTE_REQUIRED_MESSAGE) },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={ALARM_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
