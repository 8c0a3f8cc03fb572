import { Alert, Card, Flex, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useWorkItem } from '../api.ts';
import { WorkItemArchiveButton } from '../components/work-item-archive.button.tsx';
import { workItemToValues } from '../components/work-item-form.model.ts';
import { WorkItemForm } from '../components/work-item-form.tsx';
import { workItemUrls } from '../urls.ts';

/** /checklist/work-item/:workItemId/edit: the item's fields, image and options; records keep their own copy. */
export default function WorkItemEditPage() {
  const { t } = useTranslation('work-items');
  const navigate = useNavigate();
  const { workItemId = '' } = useParams();
  const item = useWorkItem(workItemId);
  const initialValues = useMemo(() => (item.data ? workItemToValues(item.data) : undefined), [item.data]);
  const title = item.data ? t('edit.title', { name: item.data.name }) : t('edit.loading');

  if (item.error) {
    if (isApiError(item.error) && item.error.status === 404) return <DataMissing />;
    return <Alert type="error" showIcon title={item.error.message} />;
  }
  return (
    <PageContainer
      title={title}
      documentTitle={title}
      extra={
        item.data && (
          <WorkItemArchiveButton item={item.data} onArchived={() => navigate(workItemUrls.list(), { replace: true })} />
        )
      }
    >
      {item.data && initialValues ? (
        <WorkItemForm
          // A new form when the stored item changes (after a save), so the diff starts from what is stored.
          key={item.data.updatedAt}
          stored={item.data}
          initialValues={initialValues}
          onSaved={(saved) => navigate(workItemUrls.detail(saved.id))}
          onCancel={() => navigate(workItemUrls.detail(workItemId))}
        />
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
