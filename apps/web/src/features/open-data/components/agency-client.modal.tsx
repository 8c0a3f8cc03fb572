import { AGENCY_CLIENT_NAME_MAX, type AgencyClientInput, agencyClientInput } from '@fleetdesk/contracts';
import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { scopeAllows } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { DateTimeField } from '../../../shared/ui/date-time.field.tsx';
import { serverFieldsToFieldErrors, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useGuardedClose } from '../../../shared/ui/leave-guard.ts';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { useCreateAgencyClient } from '../api.ts';

interface ClientValues {
  name: string;
  scope: 'all' | 'some';
  partnerIds: string[];
  expiresAt: string | null;
}

/**
 * "New client": a name, the partners the agency may read (all of them only for a caller whose own scope is
 * all) and an optional expiry. `onCreated` receives the token, which the answer carries this once.
 */
export function AgencyClientModal({ onClose, onCreated }: { onClose: () => void; onCreated: (token: string) => void }) {
  const { t } = useTranslation('open-data');
  const profile = useSignedInProfile();
  const mayChooseAll = scopeAllows(profile?.partnerScope, '*');
  const create = useCreateAgencyClient();
  const [form] = Form.useForm();
  const [dirty, setDirty] = useState(false);
  const close = useGuardedClose(dirty, onClose);
  const scope = Form.useWatch('scope', form);

  const submit = async () => {
    const values = form.getFieldsValue(true) as ClientValues;
    const body: AgencyClientInput = {
      name: values.name ?? '',
      partnerScope: values.scope === 'all' ? '*' : (values.partnerIds ?? []),
      ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
    };
    const checked = agencyClientInput.safeParse(body);
    const renamed = (name: (string | number)[]) => (name[0] === 'partnerScope' ? ['partnerIds'] : name);
    if (!checked.success) {
      form.setFields(zodIssuesToFieldErrors(checked.error.issues).fields.map((f) => ({ ...f, name: renamed(f.name) })));
      return;
    }
    try {
      const created = await create.mutateAsync(checked.data);
      onCreated(created.token);
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields).map((f) => ({ ...f, name: renamed(f.name) })));
    }
  };

  return (
    <Modal
      open
      title={t('clients.new')}
      okText={t('clients.create')}
      cancelText={t('action.cancel', { ns: 'common' })}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ scope: mayChooseAll ? 'all' : 'some', partnerIds: [], expiresAt: null }}
        onValuesChange={() => setDirty(true)}
        onFinish={submit}
      >
        <Form.Item name="name" label={t('clients.name')} required>
          <Input maxLength={AGENCY_CLIENT_NAME_MAX} placeholder={t('clients.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="scope" label={t('clients.partners')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('clients.allPartners'), disabled: !mayChooseAll },
              { value: 'some', label: t('clients.somePartners') },
            ]}
          />
        </Form.Item>
        {scope === 'some' && (
          <Form.Item name="partnerIds" label={t('clients.partnerList')} required>
            <PartnerSelect mode="multiple" allowClear />
          </Form.Item>
        )}
        <DateTimeField
          name="expiresAt"
          label={t('clients.expiresAt')}
          ariaLabel={t('clients.expiresAt')}
          placeholder={t('clients.never')}
        />
        <Typography.Paragraph type="secondary">{t('clients.tokenNote')}</Typography.Paragraph>
      </Form>
    </Modal>
  );
}

/** The new client's token, shown once: copy it now, it cannot be shown again (only its hash is stored). */
export function AgencyTokenModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation('open-data');
  return (
    <Modal
      open
      title={t('token.title')}
      okText={t('token.done')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert type="warning" showIcon title={t('token.warning')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: token }}>
        <Typography.Text code data-testid="agency-token" style={{ wordBreak: 'break-all' }}>
          {token}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('token.usage')}</Typography.Paragraph>
    </Modal>
  );
}
