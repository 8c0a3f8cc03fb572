import { documentEndpoints, documentInput } from '@fleetdesk/contracts';
import { Alert, App, Card, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { requirementOf, scopeAllows, useCan } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useAccountDocuments, useDeleteAccountDocument, useSaveAccountDocument } from '../api.ts';
import { DocumentLanguageFields, DocumentLanguagesView } from '../components/document-languages.tsx';
import { DocumentDeleteButton } from '../components/document-parts.tsx';
import { accountTypeOfPath, documentUrls } from '../urls.ts';

/**
 * /setting/general/customer-communication/{terms,privacy-policies,help-centers}: the editor of one account
 * document. Saving creates it the first time (PUT); readers see it read-only.
 */
export default function AccountDocumentEditPage() {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const type = accountTypeOfPath(useLocation().pathname);
  const documents = useAccountDocuments();
  const save = useSaveAccountDocument(type ?? 'terms');
  const remove = useDeleteAccountDocument();
  const profile = useSignedInProfile();
  const canWrite = useCan(requirementOf(documentEndpoints.accountSave)) && scopeAllows(profile?.partnerScope, '*');
  const document = documents.data?.data.find((d) => d.type === type);
  const initialValues = useMemo(() => ({ content: document?.content ?? {} }), [document]);

  if (!type) return <DataMissing />;
  const name = t(`type.${type}`);
  const backToList = () => navigate(documentUrls.accountList());

  if (!canWrite) {
    return (
      <PageContainer title={name}>
        <Card loading={documents.isPending}>
          {documents.error && <Alert type="error" showIcon title={documents.error.message} />}
          {document ? (
            <DocumentLanguagesView type={type} content={document.content} />
          ) : (
            !documents.isPending && <Empty description={t('status.notWritten')} />
          )}
        </Card>
      </PageContainer>
    );
  }

  return (
    <FormPage
      title={name}
      schema={documentInput}
      loading={documents.isPending}
      loadError={documents.error}
      initialValues={initialValues}
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        void message.success(t('saved', { name }));
      }}
      onDone={backToList}
      onCancel={backToList}
      extra={
        document && (
          <DocumentDeleteButton
            name={name}
            onConfirm={async () => {
              await remove.mutateAsync(type);
              navigate(documentUrls.accountList(), { replace: true });
            }}
          />
        )
      }
    >
      <DocumentLanguageFields type={type} />
    </FormPage>
  );
}
