import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { newWorkItemValues } from '../components/work-item-form.model.ts';
import { WorkItemForm } from '../components/work-item-form.tsx';
import { workItemUrls } from '../urls.ts';

/** /checklist/work-item/new: a work item with its options and images; it opens on its detail page once saved. */
export default function WorkItemNewPage() {
  const { t } = useTranslation('work-items');
  const navigate = useNavigate();
  const initialValues = useMemo(() => newWorkItemValues(), []);
  return (
    <PageContainer title={t('new.title')} documentTitle={t('new.title')}>
      <WorkItemForm
        initialValues={initialValues}
        onSaved={(item) => navigate(workItemUrls.detail(item.id))}
        onCancel={() => navigate(workItemUrls.list())}
      />
    </PageContainer>
  );
}
