import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { PARTNER_OPERATIONS_NOTE_MAX, type SignUpConfig, type SignUpConfigInput } from '@fleetdesk/contracts';
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Form, Input, Row, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useCreateSignUpConfig, useSignUpConfig, useUpdateSignUpConfig } from '../api.ts';

type Values = Required<Omit<SignUpConfigInput, 'regenerateToken' | 'welcomeNote'>> & { welcomeNote: string };

const switches = ['isEnabled', 'requireEmailVerification', 'requireIdVerification', 'isReferralEnabled'] as const;

const valuesOf = (config: SignUpConfig): Values => ({
  isEnabled: config.isEnabled,
  requireEmailVerification: config.requireEmailVerification,
  requireIdVerification: config.requireIdVerification,
  isReferralEnabled: config.isReferralEnabled,
  welcomeNote: config.welcomeNote ?? '',
});

/**
 * The partner's customer sign-up: created on demand (disabled, with a fresh token), then its switches and
 * welcome note saved together, its token and link copied, or the token replaced (old links stop working).
 */
export function SignUpConfigCard({ partner }: { partner: { id: string; name: string } }) {
  const { t } = useTranslation('partner-operations');
  const config = useSignUpConfig(partner.id);
  const create = useCreateSignUpConfig(partner.id);
  const missing = isApiError(config.error) && config.error.status === 404;

  return (
    <Card title={t('signUp.title')} loading={config.isPending} data-testid="sign-up-card">
      {missing ? (
        <Empty description={t('signUp.missing')}>
          <ConfirmButton
            type="primary"
            icon={<PlusOutlined />}
            title={t('signUp.createConfirm', { name: partner.name })}
            okText={t('action.create')}
            onConfirm={() => create.mutateAsync()}
          >
            {t('signUp.create')}
          </ConfirmButton>
        </Empty>
      ) : config.error ? (
        <Alert
          type="error"
          showIcon
          title={config.error.message}
          action={<Button onClick={() => config.refetch()}>{t('action.retry')}</Button>}
        />
      ) : (
        config.data && <SignUpConfigForm partnerId={partner.id} config={config.data} />
      )}
    </Card>
  );
}

function SignUpConfigForm({ partnerId, config }: { partnerId: string; config: SignUpConfig }) {
  const { t } = useTranslation('partner-operations');
  const [form] = Form.useForm<Values>();
  const update = useUpdateSignUpConfig(partnerId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    form.setFieldsValue(valuesOf(config));
    setDirty(false);
  }, [config, form]);

  const save = async (values: Values) => {
    setRefusal(null);
    try {
      await update.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.code === 'PartnerNotOpenToJoin') setRefusal(t('signUp.notOpenToJoin'));
      else if (isApiError(error) && error.fieldErrors) {
        form.setFields(serverFieldsToFieldErrors(error.fieldErrors) as Parameters<typeof form.setFields>[0]);
      }
    }
  };

  return (
    <Flex vertical gap={16}>
      {refusal && <Alert type="warning" showIcon title={refusal} closable onClose={() => setRefusal(null)} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={valuesOf(config)}
        onFinish={save}
        onValuesChange={() => setDirty(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            form.submit();
          }
        }}
        style={{ maxWidth: 880 }}
      >
        <Row gutter={16}>
          {switches.map((name) => (
            <Col key={name} xs={24} md={12}>
              <Form.Item
                name={name}
                label={t(`signUp.${name}`)}
                extra={t(`signUp.${name}Hint`)}
                valuePropName="checked"
              >
                <Switch data-testid={`sign-up-${name}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="welcomeNote" label={t('signUp.welcomeNote')}>
          <Input.TextArea maxLength={PARTNER_OPERATIONS_NOTE_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
          {t('signUp.save')}
        </Button>
      </Form>
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 880 }}>
        <Descriptions.Item label={t('signUp.token')}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text code copyable={{ text: config.token }} data-testid="sign-up-token">
              {config.token}
            </Typography.Text>
            <ConfirmButton
              size="small"
              icon={<ReloadOutlined />}
              title={t('signUp.regenerateConfirm')}
              description={t('signUp.regenerateDescription')}
              okText={t('signUp.regenerate')}
              onConfirm={() => update.mutateAsync({ regenerateToken: true })}
            >
              {t('signUp.regenerate')}
            </ConfirmButton>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('signUp.link')}>
          {config.signUpLink ? (
            <Typography.Text copyable={{ text: config.signUpLink }} data-testid="sign-up-link">
              {config.signUpLink}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('signUp.noClientLink')}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
