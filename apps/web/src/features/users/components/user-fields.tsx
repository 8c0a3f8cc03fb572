import type { PartnerScope } from '@fleetdesk/contracts';
import { Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { useRoleOptions } from '../api.ts';

export interface UserFieldsProps {
  /** 'edit' shows the username read-only: the login account is fixed once set. */
  mode: 'create' | 'edit';
  /** Shown read-only on edit. */
  username?: string;
  /** The signed-in user's scope: a partner user can neither pick "All partners" nor partners outside it. */
  callerScope: PartnerScope | undefined;
}

/** The fields of the team user form: login, contacts, partner scope (all / selected) and roles. */
export function UserFields({ mode, username, callerScope }: UserFieldsProps) {
  const { t } = useTranslation('users');

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {mode === 'create' ? (
            <FormField name="username" label={t('field.username')} extra={t('field.usernameHint')} required>
              <Input autoFocus autoComplete="off" maxLength={64} data-testid="user-username" />
            </FormField>
          ) : (
            <Form.Item label={t('field.username')} extra={t('field.usernameFixed')}>
              <Input value={username} readOnly disabled data-testid="user-username" />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <FormField name="name" label={t('field.name')} required>
            <Input autoFocus={mode === 'edit'} maxLength={100} data-testid="user-name" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="email" label={t('field.email')}>
            <Input type="email" maxLength={254} autoComplete="off" data-testid="user-email" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="phoneNo" label={t('field.phoneNo')} extra={t('field.phoneNoHint')}>
            <Input type="tel" placeholder="+393331234567" maxLength={16} data-testid="user-phone" />
          </FormField>
        </Col>
        {mode === 'create' && (
          <Col xs={24} md={12}>
            <FormField name="password" label={t('field.password')} extra={t('field.passwordHint')}>
              <Input.Password autoComplete="new-password" maxLength={256} data-testid="user-password" />
            </FormField>
          </Col>
        )}
      </Row>

      <UserGrantFields callerScope={callerScope} />
    </>
  );
}

/**
 * What a staff member is granted: partner scope (all / selected) and roles. The user form and the approval of an
 * access request show the same fields.
 */
export function UserGrantFields({ callerScope }: Pick<UserFieldsProps, 'callerScope'>) {
  const { t } = useTranslation('users');
  const partners = usePartnerOptions();
  const roles = useRoleOptions();
  const scopeMode = Form.useWatch('scopeMode');
  const isPartnerCaller = callerScope !== undefined && callerScope !== '*';

  return (
    <>
      <FormField name="scopeMode" label={t('field.partnerScope')} required>
        <Radio.Group
          data-testid="user-scope"
          options={[
            { value: 'all', label: t('scope.all'), disabled: isPartnerCaller },
            { value: 'selected', label: t('scope.selected') },
          ]}
        />
      </FormField>
      {isPartnerCaller && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
          {t('scope.partnerCallerHint')}
        </Typography.Paragraph>
      )}
      {scopeMode === 'selected' && (
        <FormField name="partnerIds" label={t('field.partners')} required>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={partners.isPending}
            placeholder={t('field.partnersPlaceholder')}
            options={(partners.data ?? []).map((partner) => ({ value: partner.id, label: partner.name }))}
            notFoundContent={partners.isError ? t('field.optionsFailed') : undefined}
            data-testid="user-partners"
          />
        </FormField>
      )}

      <FormField name="roleIds" label={t('field.roles')}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={roles.isPending && roles.fetchStatus !== 'idle'}
          placeholder={t('field.rolesPlaceholder')}
          options={roles.data ?? []}
          notFoundContent={roles.isError ? t('field.optionsFailed') : undefined}
          data-testid="user-roles"
        />
      </FormField>
    </>
  );
}
