import {
  PAGE_SIZE_OPTIONS,
  SETTINGS_CONFIG_LIMITS,
  type SettingsConfig,
  type SettingsConfigInput,
  settingsConfigInput,
} from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Flex, Form, InputNumber, Select, Tag, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useSaveSettingsConfig } from '../api.ts';

type LimitKey = keyof typeof SETTINGS_CONFIG_LIMITS;
const limitKeys = Object.keys(SETTINGS_CONFIG_LIMITS) as LimitKey[];
const valuesOf = (c: SettingsConfig): SettingsConfigInput => ({
  bulkActionMaxSelection: c.bulkActionMaxSelection,
  assetSearchCooldownSeconds: c.assetSearchCooldownSeconds,
  verificationCodeResendSeconds: c.verificationCodeResendSeconds,
  defaultPageSize: c.defaultPageSize,
});

/**
 * The console limits document 2 §9 leaves configurable. Values are checked with the contract's schema as they
 * are typed; the messages are this screen's own, one per field, in the user's language.
 */
export function ConsoleLimitsCard({
  config,
  canWrite,
  onDirtyChange,
}: {
  config: SettingsConfig;
  canWrite: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('customization');
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsConfigInput>();
  const save = useSaveSettingsConfig();
  const initial = useMemo(() => valuesOf(config), [config]);
  const watched = Form.useWatch([], form) as Partial<SettingsConfigInput> | undefined;
  const dirty =
    watched !== undefined &&
    (Object.keys(initial) as (keyof SettingsConfigInput)[]).some((k) => watched[k] !== initial[k]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => form.setFieldsValue(initial), [form, initial]);

  const messageFor = (key: keyof SettingsConfigInput) => {
    if (key === 'defaultPageSize') return t('limits.pageSizeInvalid', { sizes: PAGE_SIZE_OPTIONS.join(', ') });
    return t('limits.range', SETTINGS_CONFIG_LIMITS[key]);
  };
  const ruleFor = (key: keyof SettingsConfigInput) => ({
    validator: async (_: unknown, value: unknown) => {
      if (value === null || value === undefined) throw new Error(t('limits.required'));
      if (!settingsConfigInput.shape[key].safeParse(value).success) throw new Error(messageFor(key));
    },
  });

  const submit = async (values: SettingsConfigInput) => {
    try {
      await save.mutateAsync({ values, stored: !config.isDefault });
      message.success(t('limits.saved'));
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) {
        form.setFields(
          Object.keys(fields).map((name) => ({
            name: name as keyof SettingsConfigInput,
            errors: [messageFor(name as keyof SettingsConfigInput)],
          })),
        );
      }
    }
  };

  return (
    <Card
      title={t('limits.title')}
      extra={config.isDefault && <Tag>{t('defaults')}</Tag>}
      data-testid="console-limits-card"
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('limits.description')}
        </Typography.Paragraph>
        {!canWrite && <Alert type="info" showIcon title={t('readOnly')} />}
        <Form<SettingsConfigInput>
          form={form}
          layout="vertical"
          initialValues={initial}
          disabled={!canWrite}
          onFinish={submit}
          style={{ maxWidth: 560 }}
        >
          {limitKeys.map((key) => (
            <Form.Item
              key={key}
              name={key}
              label={t(`limits.${key}`)}
              extra={t(`limits.${key}Hint`, SETTINGS_CONFIG_LIMITS[key])}
              rules={[ruleFor(key)]}
              required
            >
              <InputNumber<number>
                style={{ width: 200 }}
                suffix={key === 'bulkActionMaxSelection' ? t('limits.assets') : t('limits.seconds')}
              />
            </Form.Item>
          ))}
          <Form.Item
            name="defaultPageSize"
            label={t('limits.defaultPageSize')}
            extra={t('limits.defaultPageSizeHint')}
            rules={[ruleFor('defaultPageSize')]}
            required
          >
            <Select
              style={{ width: 200 }}
              options={PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: t('limits.perPage', { count: size }) }))}
            />
          </Form.Item>
          {canWrite && (
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" disabled={!dirty} loading={save.isPending}>
                {t('action.save')}
              </Button>
              <Button htmlType="button" disabled={!dirty} onClick={() => form.setFieldsValue(initial)}>
                {t('action.discard')}
              </Button>
            </Flex>
          )}
        </Form>
      </Flex>
    </Card>
  );
}
