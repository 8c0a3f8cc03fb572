import { subscriptionPackageInput } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useSavePackage } from '../api.ts';
import { PackageFields } from '../components/package-fields.tsx';
import { newPackageValues } from '../components/package-form.model.ts';
import { packageUrls } from '../urls.ts';

/** /subscription/package/new: a package of a partner in scope, with its first plans. */
export default function PackageNewPage() {
  const { t } = useTranslation('subscription-packages');
  const navigate = useNavigate();
  const save = useSavePackage();
  const initialValues = useMemo(() => newPackageValues(), []);
  return (
    <FormPage
      title={t('new.title')}
      documentTitle={t('new.title')}
      schema={subscriptionPackageInput}
      initialValues={initialValues}
      submitText={t('action.create')}
      onSubmit={(values) => save.mutateAsync(values)}
      onDone={() => navigate(packageUrls.list())}
      onCancel={() => navigate(packageUrls.list())}
    >
      <PackageFields />
    </FormPage>
  );
}
