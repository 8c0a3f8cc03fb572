import {
  type OperationServiceName,
  type OperationSetting,
  operationServiceFields,
  operationServiceNames,
  operationServicesInput,
} from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Drawer, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useGuardedClose } from '../../../shared/ui/leave-guard.ts';
import { fieldsOf, useUpdateOperationSetting } from '../api.ts';
import { fieldEntries, toFieldErrors } from './operation-messages.ts';

type Values = { services: Record<OperationServiceName, Record<string, string>> };

/** The form starts from what the API shows: public fields in full, secrets masked, unset services empty. */
function initialValues(setting: OperationSetting): Values {
  const services = {} as Values['services'];
  for (const service of operationServiceNames) {
    const current = setting.services[service] as Record<string, string> | null;
    services[service] = Object.fromEntries(
      operationServiceFields[service].map((f) => [f.name, current?.[f.name] ?? '']),
    );
  }
  return { services };
}

/**
 * The service keys of one setting (captcha, SMS, payment channel, image service). Secrets arrive masked and
 * a mask sent back keeps the stored key, so an operator changes only what they retype.
 */
export function ServiceKeysDrawer({
  setting,
  canWrite,
  onClose,
}: {
  setting: OperationSetting;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('operations');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [dirty, setDirty] = useState(false);
  const update = useUpdateOperationSetting();
  const close = useGuardedClose(dirty, onClose);

  const save = async () => {
    const values = form.getFieldsValue(true) as Values;
    const all = operationServiceNames.flatMap((s) => operationServiceFields[s].map((f) => ['services', s, f.name]));
    form.setFields(all.map((name) => ({ name, errors: [] })));
    const parsed = operationServicesInput.safeParse(values.services);
    if (!parsed.success) {
      form.setFields(toFieldErrors(parsed.error.issues, ['services']));
      return;
    }
    try {
      await update.mutateAsync({ id: setting.id, body: { services: parsed.data } });
      void message.success(t('saved.keys', { partner: setting.partnerName }));
      setDirty(false);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? fieldsOf(error) : null;
      if (fields) form.setFields(toFieldErrors(fieldEntries(fields)));
    }
  };

  const clear = (service: OperationServiceName) => {
    form.setFields(
      operationServiceFields[service].map((f) => ({ name: ['services', service, f.name], value: '', errors: [] })),
    );
    setDirty(true);
  };

  return (
    <Drawer
      open
      size="large"
      title={t('keys.title', { partner: setting.partnerName })}
      onClose={close}
      extra={
        canWrite && (
          <Flex gap={8}>
            <Button onClick={close}>{t('action.cancel', { ns: 'common' })}</Button>
            <Button type="primary" loading={update.isPending} onClick={save}>
              {t('action.save', { ns: 'common' })}
            </Button>
          </Flex>
        )
      }
    >
      <Flex vertical gap={12}>
        {canWrite && <Alert type="info" showIcon title={t('keys.hint')} />}
        <Form
          form={form}
          layout="vertical"
          initialValues={initialValues(setting)}
          disabled={!canWrite}
          onValuesChange={() => setDirty(true)}
          onFinish={save}
        >
          {operationServiceNames.map((service) => (
            <Card
              key={service}
              size="small"
              title={t(`service.${service}`)}
              style={{ marginBottom: 12 }}
              extra={
                canWrite && (
                  <Button size="small" type="link" onClick={() => clear(service)}>
                    {t('keys.clear')}
                  </Button>
                )
              }
            >
              {operationServiceFields[service].map((f) => (
                <Form.Item
                  key={f.name}
                  name={['services', service, f.name]}
                  label={t(`serviceField.${service}.${f.name}`)}
                  extra={canWrite && f.secret && setting.services[service] ? t('keys.secretHint') : undefined}
                >
                  <Input autoComplete="off" spellCheck={false} />
                </Form.Item>
              ))}
            </Card>
          ))}
          {/* Enter in any field saves, like the other forms. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
        {!canWrite && <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>}
      </Flex>
    </Drawer>
  );
}
