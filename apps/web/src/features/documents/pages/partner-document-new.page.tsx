import { partnerDocumentCreate } from '@fleetdesk/contracts';
import { Alert, App, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreatedPartners, useCreatePartnerDocument } from '../api.ts';
import { DocumentLanguageFields } from '../components/document-languages.tsx';
import { documentUrls, partnerTypeOfPath } from '../urls.ts';

/**
 * /setting/partner/customer-communication/<type>/new: a partner gets at most one document of a type, so the
 * picker offers only the partners without one ($findCreatedPartners); the server refuses a race with 409.
 */
export default function PartnerDocumentNewPage() {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const type = partnerTypeOfPath(useLocation().pathname);
  const partners = usePartnerOptions();
  const created = useCreatedPartners(type ?? 'notice');
  const create = useCreatePartnerDocument();
  const available = useMemo(() => {
    const taken = new Set(created.data ?? []);
    return (partners.data ?? []).filter((p) => !taken.has(p.id));
  }, [partners.data, created.data]);
  const initialValues = useMemo(() => ({ type, content: {} }), [type]);

  if (!type) return <DataMissing />;
  const typeName = t(`type.${type}`);
  const allTaken = !partners.isPending && !created.isPending && available.length === 0;

  return (
    <FormPage
      title={t('action.newOf', { type: typeName })}
      schema={partnerDocumentCreate}
      loading={partners.isPending || created.isPending}
      loadError={created.error}
      initialValues={initialValues}
      onSubmit={async (values) => {
        await create.mutateAsync(values);
        void message.success(t('saved', { name: typeName }));
      }}
      onDone={() => navigate(documentUrls.partnerTypeList(type))}
      onCancel={() => navigate(documentUrls.partnerTypeList(type))}
    >
      {allTaken && (
        <Alert
          type="info"
          showIcon
          title={t('new.allPartnersHaveOne', { type: typeName })}
          style={{ marginBottom: 16 }}
        />
      )}
      <FormField name="partnerId" label={t('column.partner')} required extra={t('new.partnerHint', { type: typeName })}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('new.partnerPlaceholder')}
          disabled={allTaken}
          options={available.map((p) => ({ value: p.id, label: p.name }))}
          style={{ maxWidth: 420 }}
        />
      </FormField>
      <Form.Item name="type" hidden>
        <Input />
      </Form.Item>
      <DocumentLanguageFields type={type} />
    </FormPage>
  );
}
