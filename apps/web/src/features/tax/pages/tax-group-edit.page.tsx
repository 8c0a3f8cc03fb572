import { taxGroupEndpoints, taxGroupPatch } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { requirementOf, useCanChangeAccountWide } from '../../../shared/permissions.ts';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useTaxGroup, useUpdateTaxGroup } from '../api.ts';
import { TaxGroupDeleteButton } from '../components/tax-group-delete.button.tsx';
import { TaxGroupFields } from '../components/tax-group-fields.tsx';
import { TaxRatesCard } from '../components/tax-rates.card.tsx';
import { taxGroupUrls } from '../urls.ts';

/** The group's fields, saved together; below them each subject's history, where new rates are scheduled one by one. */
export default function TaxGroupEditPage() {
  const { t } = useTranslation('tax');
  const navigate = useNavigate();
  const { taxGroupId = '' } = useParams();
  const group = useTaxGroup(taxGroupId);
  const update = useUpdateTaxGroup(taxGroupId);
  const canWrite = useCanChangeAccountWide(requirementOf(taxGroupEndpoints.update));
  const initialValues = useMemo(
    () =>
      group.data && {
        name: group.data.name,
        displayName: group.data.displayName,
        country: group.data.country,
        note: group.data.note ?? undefined,
      },
    [group.data],
  );
  const title = group.data ? t('edit.title', { name: group.data.name }) : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={taxGroupPatch}
      loading={group.isPending}
      loadError={group.error}
      initialValues={initialValues}
      onSubmit={(values) => update.mutateAsync(values)}
      onDone={() => navigate(taxGroupUrls.list())}
      onCancel={() => navigate(taxGroupUrls.list())}
      extra={
        group.data &&
        canWrite && (
          <TaxGroupDeleteButton group={group.data} onDeleted={() => navigate(taxGroupUrls.list(), { replace: true })} />
        )
      }
      after={group.data && <TaxRatesCard group={group.data} canWrite={canWrite} />}
    >
      <TaxGroupFields />
    </FormPage>
  );
}
