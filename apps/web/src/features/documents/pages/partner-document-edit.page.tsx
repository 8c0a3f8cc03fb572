import { documentEndpoints, documentInput } from '@fleetdesk/contracts';
import { Alert, App, Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useDeletePartnerDocument, usePartnerDocument, useSavePartnerDocument } from '../api.ts';
import { DocumentLanguageFields, DocumentLanguagesView } from '../components/document-languages.tsx';
import { DocumentDeleteButton } from '../components/document-parts.tsx';
import { documentUrls, partnerTypeOfPath } from '../urls.ts';

/** /setting/partner/customer-communication/<type>/partner/{partnerId}/edit: one partner's document. */
export default function PartnerDocumentEditPage() {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { partnerId = '' } = useParams();
  const type = partnerTypeOfPath(useLocation().pathname);
  const document = usePartnerDocument(partnerId, type ?? 'notice');
  const save = useSavePartnerDocument(partnerId, type ?? 'notice');
  const remove = useDeletePartnerDocument();
  const canWrite = useCan(requirementOf(documentEndpoints.partnerSave));
  const initialValues = useMemo(() => document.data && { content: document.data.content }, [document.data]);

  if (!type) return <DataMissing />;
  const typeName = t(`type.${type}`);
  const name = document.data ? t('documentOf', { type: typeName, partner: document.data.partner.name }) : typeName;
  const backToList = () => navigate(documentUrls.partnerTypeList(type));

  if (!canWrite) {
    if (isApiError(document.error) && document.error.status === 404) return <DataMissing />;
    return (
      <PageContainer title={name}>
        <Card loading={document.isPending}>
          {document.error && <Alert type="error" showIcon title={document.error.message} />}
          {document.data && <DocumentLanguagesView type={type} content={document.data.content} />}
        </Card>
      </PageContainer>
    );
  }

  return (
    <FormPage
      title={name}
      documentTitle={name}
      schema={documentInput}
      loading={document.isPending}
      loadError={document.error}
      initialValues={initialValues}
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        void message.success(t('saved', { name }));
      }}
      onDone={backToList}
      onCancel={backToList}
      extra={
        document.data && (
          <DocumentDeleteButton
            name={name}
            onConfirm={async () => {
              await remove.mutateAsync({ partnerId, type });
              navigate(documentUrls.partnerTypeList(type), { replace: true });
            }}
          />
        )
      }
    >
      <DocumentLanguageFields type={type} />
    </FormPage>
  );
}
