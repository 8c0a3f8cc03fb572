import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { ChecklistForm } from '../components/checklist-form.tsx';
import { checklistUrls } from '../urls.ts';

/** /checklist/management/new: basic, groups, review; the checklist opens on its detail page once saved. */
export default function ChecklistNewPage() {
  const { t } = useTranslation('checklists');
  const navigate = useNavigate();
  return (
    <PageContainer title={t('new.title')} documentTitle={t('new.title')}>
      <ChecklistForm
        onSaved={(checklist) => navigate(checklistUrls.detail(checklist.id))}
        onCancel={() => navigate(checklistUrls.list())}
      />
    </PageContainer>
  );
}
