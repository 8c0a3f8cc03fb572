import {
  customerSelfJoinPolicies,
  devicePolicies,
  devicePolicyKeys,
  PARTNER_OPERATIONS_NOTE_MAX,
  PASSCODE_MAX,
  PASSCODE_REQUIRED_MESSAGE,
  SIGN_UP_EMAIL_DOMAINS_MAX,
  signUpEmailDomain,
  webChannelTypes,
} from '@fleetdesk/contracts';
import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Tag } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { currencyOptions, timezoneOptions } from '../../account/components/account-options.ts';

// Registers this feature's contract messages in the validation namespace before any field validates.

const isDomain = (value: string) => signUpEmailDomain.safeParse(value).success;

/**
 * The tags input holds the whole list, so the contract's per-entry issues ("signUpEmailDomains.3") have no
 * field of their own: this rule names each refused entry on the tags field itself.
 */
const domainsRule = {
  validator: async (_rule: RuleObject, value: unknown) => {
    if (!Array.isArray(value)) return;
    const refused = (value as string[]).flatMap((domain) => {
      const result = signUpEmailDomain.safeParse(domain);
      return result.success
        ? []
        : [`“${domain}”: ${translateValidationMessage(result.error.issues[0]?.message ?? '')}`];
    });
    if (refused.length) throw new Error(refused.join(' '));
  },
};

/** Trimmed, lower-cased and without duplicates, as the server will store them. */
const normalizeDomains = (values: unknown) =>
  Array.isArray(values) ? [...new Set((values as string[]).map((v) => v.trim().toLowerCase()).filter(Boolean))] : [];

/**
 * The fields of partner operations in sections, shared by the new and the edit form. `hasStoredPasscode`
 * tells whether leaving the passcode empty keeps one (edit of a secret link) or leaves it missing.
 */
export function PartnerOperationsFields({
  hasStoredPasscode,
  currentCurrency,
  currentTimezone,
}: {
  hasStoredPasscode: boolean;
  currentCurrency?: string | undefined;
  currentTimezone?: string | undefined;
}) {
  const { t, i18n } = useTranslation('partner-operations');
  const currencies = useMemo(() => currencyOptions(i18n.language, currentCurrency), [i18n.language, currentCurrency]);
  const timezones = useMemo(() => timezoneOptions(currentTimezone), [currentTimezone]);
  const webChannel = Form.useWatch(['webChannel', 'type']);

  return (
    <>
      <Divider titlePlacement="start">{t('section.money')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <FormField name="currency" label={t('field.currency')} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={currencies}
              placeholder={t('placeholder.currency')}
              data-testid="po-currency"
            />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField name="timezone" label={t('field.timezone')} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={timezones}
              placeholder={t('placeholder.timezone')}
              data-testid="po-timezone"
            />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField
            name="customerMaxPaymentAmount"
            label={t('field.customerMaxPaymentAmount')}
            tooltip={t('field.customerMaxPaymentAmountHint')}
          >
            <InputNumber<number>
              min={0}
              step={10}
              precision={2}
              style={{ width: '100%' }}
              placeholder={t('placeholder.noCap')}
              data-testid="po-max-amount"
            />
          </FormField>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.devicePolicies')}</Divider>
      <Row gutter={16}>
        {devicePolicyKeys.map((key) => (
          <Col key={key} xs={24} md={12} lg={8}>
            <FormField name={key} label={t(`field.${key}`)} tooltip={t(`field.${key}Hint`)} required>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={devicePolicies.map((policy) => ({ value: policy, label: t(`devicePolicy.${policy}`) }))}
              />
            </FormField>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start">{t('section.customers')}</Divider>
      <FormField
        name="customerSelfJoinPolicy"
        label={t('field.customerSelfJoinPolicy')}
        extra={t('field.customerSelfJoinPolicyHint')}
        required
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={customerSelfJoinPolicies.map((policy) => ({ value: policy, label: t(`selfJoin.${policy}`) }))}
          data-testid="po-self-join"
        />
      </FormField>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="customerSelfJoinNote" label={t('field.customerSelfJoinNote')}>
            <Input.TextArea maxLength={PARTNER_OPERATIONS_NOTE_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="unavailableNote" label={t('field.unavailableNote')} tooltip={t('field.unavailableNoteHint')}>
            <Input.TextArea maxLength={PARTNER_OPERATIONS_NOTE_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </FormField>
        </Col>
      </Row>
      <FormField
        name="signUpEmailDomains"
        label={t('field.signUpEmailDomains')}
        extra={t('field.signUpEmailDomainsHint', { max: SIGN_UP_EMAIL_DOMAINS_MAX })}
        normalize={normalizeDomains}
        rules={[domainsRule]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ', ';']}
          placeholder={t('placeholder.signUpEmailDomains')}
          data-testid="po-domains"
          tagRender={({ label, value, closable, onClose }) => (
            <Tag
              color={isDomain(String(value)) ? undefined : 'error'}
              closable={closable}
              onClose={onClose}
              style={{ marginInlineEnd: 4 }}
            >
              {label}
            </Tag>
          )}
        />
      </FormField>

      <Divider titlePlacement="start">{t('section.contact')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="contactPhone" label={t('field.contactPhone')} tooltip={t('field.contactPhoneHint')}>
            <Input maxLength={16} placeholder="+390212345678" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="contactEmail" label={t('field.contactEmail')}>
            <Input maxLength={254} type="email" placeholder="help@example.com" />
          </FormField>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.webChannel')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField
            name={['webChannel', 'type']}
            label={t('field.webChannel')}
            extra={webChannel ? t(`webChannel.${webChannel}Hint`) : undefined}
            required
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={webChannelTypes.map((type) => ({ value: type, label: t(`webChannel.${type}`) }))}
              data-testid="po-web-channel"
            />
          </FormField>
        </Col>
        {webChannel === 'secret-link' && (
          <Col xs={24} md={12}>
            <FormField
              name={['webChannel', 'passcode']}
              label={t('field.passcode')}
              extra={hasStoredPasscode ? t('field.passcodeKeepHint') : t('field.passcodeHint')}
              // Dropped from the values when the channel changes, so a public link never carries a passcode.
              preserve={false}
              required={!hasStoredPasscode}
              rules={[
                {
                  validator: async (_rule: RuleObject, value: unknown) => {
                    if (!hasStoredPasscode && (value === undefined || value === null || value === '')) {
                      throw new Error(translateValidationMessage(PASSCODE_REQUIRED_MESSAGE));
                    }
                  },
                },
              ]}
            >
              <Input maxLength={PASSCODE_MAX} autoComplete="off" data-testid="po-passcode" />
            </FormField>
          </Col>
        )}
      </Row>
    </>
  );
}
