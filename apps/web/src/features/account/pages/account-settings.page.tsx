import { type Account, accountEndpoints } from '@fleetdesk/contracts';
import { App, Col, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCan, useCanChangeAccountWide } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useAccount, useUpdateAccount } from '../api.ts';
import { AccountBinding } from '../components/account-binding.tsx';
import { accountBasicForm, accountToFormValues } from '../components/account-form.values.ts';
import { AccountLogo } from '../components/account-logo.tsx';
import { AccountNotification } from '../components/account-notification.tsx';
import { currencyOptions, offsetLabel, timezoneOptions } from '../components/account-options.ts';
import { AccountSecurity } from '../components/account-security.tsx';

/**
 * /setting/general/account (any signed-in user): the basic part (name, timezone, currency, registry, logo) is editable with
 * config.write and read-only otherwise; security shows the signed-in user's own login details; binding changes
 * the sign-in e-mail or phone and links a third-party sign-in; notification holds the user's own choices of what to
 * be told and how.
 */
export default function AccountSettingsPage() {
  const { t, i18n } = useTranslation('account');
  const { message } = App.useApp();
  const profile = useSignedInProfile();
  // Everyone reaches their own security, binding and notification parts; the account itself needs config.read.
  const canRead = useCan(requirementOf(accountEndpoints.get));
  const account = useAccount(canRead);
  const update = useUpdateAccount();
  const canWrite = useCanChangeAccountWide(requirementOf(accountEndpoints.update));
  const initialValues = useMemo(() => (account.data ? accountToFormValues(account.data) : undefined), [account.data]);
  const timezones = useMemo(() => timezoneOptions(account.data?.timezone), [account.data?.timezone]);
  const currencies = useMemo(
    () => currencyOptions(i18n.language, account.data?.currency),
    [i18n.language, account.data?.currency],
  );

  return (
    <Flex vertical gap={16}>
      {canWrite ? (
        <FormPage
          title={t('title')}
          schema={accountBasicForm}
          loading={account.isPending}
          loadError={account.error}
          initialValues={initialValues}
          onSubmit={(values) => update.mutateAsync(values)}
          // Stay on the page: the saved values are now the form's starting point.
          onDone={() => void message.success(t('saved'))}
          onCancel={() => window.history.back()}
        >
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('section.basic')}
          </Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <FormField name="name" label={t('field.name')} required>
                <Input maxLength={100} data-testid="account-name" />
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('field.logo')}>
                <AccountLogo logoImgUrl={account.data?.logoImgUrl ?? null} canWrite />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <FormField name="timezone" label={t('field.timezone')} extra={t('field.timezoneHint')} required>
                <Select showSearch={{ optionFilterProp: 'label' }} options={timezones} data-testid="account-timezone" />
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField name="currency" label={t('field.currency')} required>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={currencies}
                  placeholder={t('field.currencyPlaceholder')}
                  data-testid="account-currency"
                />
              </FormField>
            </Col>
            <Col xs={24}>
              <FormField
                name="isRegistryEnabled"
                label={t('field.isRegistryEnabled')}
                extra={t('field.isRegistryEnabledHint')}
                valuePropName="checked"
              >
                <Switch data-testid="account-registry" />
              </FormField>
            </Col>
          </Row>
        </FormPage>
      ) : canRead ? (
        <DetailPage
          title={t('title')}
          loading={account.isPending}
          error={account.error}
          sections={account.data ? [readOnlyBasic(account.data, t)] : []}
        >
          <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>
        </DetailPage>
      ) : (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      )}

      {profile && <AccountSecurity profile={profile} />}
      {profile && <AccountBinding profile={profile} />}

      <AccountNotification />
    </Flex>
  );
}

function readOnlyBasic(account: Account, t: (key: string) => string) {
  return {
    key: 'basic',
    title: t('section.basic'),
    column: { xs: 1, sm: 1, md: 2 },
    items: [
      { key: 'name', label: t('field.name'), children: account.name },
      {
        key: 'logo',
        label: t('field.logo'),
        children: <AccountLogo logoImgUrl={account.logoImgUrl} canWrite={false} />,
      },
      { key: 'timezone', label: t('field.timezone'), children: offsetLabel(account.timezone) },
      { key: 'currency', label: t('field.currency'), children: account.currency ?? '—' },
      {
        key: 'isRegistryEnabled',
        label: t('field.isRegistryEnabled'),
        children: account.isRegistryEnabled ? t('value.on') : t('value.off'),
      },
    ],
  };
}
