import { type SmsServiceInput, smsServiceInput } from '@fleetdesk/contracts';
import { Alert, App, Button, Drawer, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useGuardedClose } from '../../../shared/ui/leave-guard.ts';
import { fieldsOf, useDeleteSmsService, usePutSmsService, useSmsService } from '../api.ts';
import { fieldEntries, toFieldErrors } from './operation-messages.ts';

const FIELDS = ['accountSid', 'authToken', 'pathServiceSid'] as const;

/** Document 2 "SMS service" of one partner: account SID, auth token (sealed, shown masked), service SID. */
export function SmsServiceDrawer({
  partnerId,
  partnerName,
  canWrite,
  onClose,
}: {
  partnerId: string;
  partnerName: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('operations');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [dirty, setDirty] = useState(false);
  const sms = useSmsService(partnerId);
  const put = usePutSmsService(partnerId);
  const remove = useDeleteSmsService(partnerId);
  const close = useGuardedClose(dirty, onClose);

  const save = async () => {
    const values = form.getFieldsValue(true) as Partial<SmsServiceInput>;
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    const body = Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? '']));
    const parsed = smsServiceInput.safeParse(body);
    if (!parsed.success) {
      form.setFields(toFieldErrors(parsed.error.issues));
      return;
    }
    try {
      await put.mutateAsync(parsed.data);
      void message.success(t('saved.sms', { partner: partnerName }));
      setDirty(false);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? fieldsOf(error) : null;
      if (fields) form.setFields(toFieldErrors(fieldEntries(fields)));
    }
  };

  const body = () => {
    if (sms.isPending) return <Skeleton active />;
    if (sms.error) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('sms.loadFailed')}
          description={sms.error.message}
          action={
            <Button size="small" onClick={() => sms.refetch()}>
              {t('action.retry', { ns: 'common' })}
            </Button>
          }
        />
      );
    }
    return (
      <Flex vertical gap={12}>
        {canWrite && <Alert type="info" showIcon title={sms.data ? t('sms.hintExisting') : t('sms.hintNew')} />}
        <Form
          form={form}
          layout="vertical"
          initialValues={sms.data ?? {}}
          disabled={!canWrite}
          onValuesChange={() => setDirty(true)}
          onFinish={save}
        >
          <Form.Item name="accountSid" label={t('sms.accountSid')} required>
            <Input autoComplete="off" spellCheck={false} placeholder="AC…" />
          </Form.Item>
          <Form.Item
            name="authToken"
            label={t('sms.authToken')}
            required
            extra={canWrite && sms.data ? t('keys.secretHint') : undefined}
          >
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item name="pathServiceSid" label={t('sms.pathServiceSid')} required>
            <Input autoComplete="off" spellCheck={false} placeholder="VA…" />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
        {!canWrite && <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>}
      </Flex>
    );
  };

  return (
    <Drawer
      open
      size="default"
      title={t('sms.title', { partner: partnerName })}
      onClose={close}
      extra={
        canWrite &&
        !sms.isPending &&
        !sms.error && (
          <Flex gap={8}>
            {sms.data && (
              <ConfirmButton
                danger
                title={t('sms.confirmDelete', { partner: partnerName })}
                okText={t('action.delete')}
                onConfirm={async () => {
                  await remove.mutateAsync();
                  void message.success(t('saved.smsDeleted'));
                  setDirty(false);
                  onClose();
                }}
              >
                {t('action.delete')}
              </ConfirmButton>
            )}
            <Button type="primary" loading={put.isPending} onClick={save}>
              {t('action.save', { ns: 'common' })}
            </Button>
          </Flex>
        )
      }
    >
      {body()}
    </Drawer>
  );
}
