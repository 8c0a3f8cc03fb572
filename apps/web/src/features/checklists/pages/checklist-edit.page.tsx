import { Alert, Card, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useChecklist } from '../api.ts';
import { ChecklistArchiveButton } from '../components/checklist-archive.button.tsx';
import { ChecklistForm } from '../components/checklist-form.tsx';
import { checklistUrls } from '../urls.ts';

/** /checklist/management/:managementId/edit: records already made from it keep their snapshot. */
export default function ChecklistEditPage() {
  const { t } = useTranslation('checklists');
  const navigate = useNavigate();
  const { managementId = '' } = useParams();
  const checklist = useChecklist(managementId);
  const title = checklist.data ? t('edit.title', { name: checklist.data.name }) : t('edit.loading');

  if (checklist.error) {
    if (isApiError(checklist.error) && checklist.error.status === 404) return <DataMissing />;
    return <Alert type="error" showIcon title={checklist.error.message} />;
  }
  return (
    <PageContainer
      title={title}
      documentTitle={title}
      extra={
        checklist.data && (
          <ChecklistArchiveButton
            checklist={checklist.data}
            onArchived={() => navigate(checklistUrls.list(), { replace: true })}
          />
        )
      }
    >
      {checklist.data ? (
        <>
          <Alert type="info" showIcon title={t('edit.snapshotNote')} style={{ marginBottom: 16 }} />
          <ChecklistForm
            key={checklist.data.updatedAt}
            stored={checklist.data}
            onSaved={(saved) => navigate(checklistUrls.detail(saved.id))}
            onCancel={() => navigate(checklistUrls.detail(managementId))}
          />
        </>
      ) : (
        <Card>
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        </Card>
      )}
    </PageContainer>
  );
}
