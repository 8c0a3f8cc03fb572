import { subscriptionEndpoints, subscriptionPackageInput } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { usePackage, useSavePackage } from '../api.ts';
import { PackageDeleteButton } from '../components/package-delete.button.tsx';
import { PackageFields } from '../components/package-fields.tsx';
import { packageToValues } from '../components/package-form.model.ts';
import { packageUrls } from '../urls.ts';

/** /subscription/package/:packageId/edit: the package and its plans; plans keep their ids, orders their terms. */
export default function PackageEditPage() {
  const { t } = useTranslation('subscription-packages');
  const navigate = useNavigate();
  const { packageId = '' } = useParams();
  const pkg = usePackage(packageId);
  const save = useSavePackage(packageId);
  const canDelete = useCan(requirementOf(subscriptionEndpoints.deletePackage));
  const initialValues = useMemo(() => (pkg.data ? packageToValues(pkg.data) : undefined), [pkg.data]);
  const title = pkg.data ? t('edit.title', { name: pkg.data.name }) : undefined;
  return (
    <FormPage
      // A new form once the stored package changes (after a save), so it starts from what is stored.
      key={pkg.data?.updatedAt}
      title={title}
      documentTitle={title}
      schema={subscriptionPackageInput}
      loading={pkg.isPending}
      loadError={pkg.error}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync(values)}
      onDone={() => navigate(packageUrls.list())}
      onCancel={() => navigate(packageUrls.list())}
      extra={
        pkg.data &&
        canDelete && (
          <PackageDeleteButton pkg={pkg.data} onDeleted={() => navigate(packageUrls.list(), { replace: true })} />
        )
      }
    >
      <PackageFields stored={pkg.data} />
    </FormPage>
  );
}
