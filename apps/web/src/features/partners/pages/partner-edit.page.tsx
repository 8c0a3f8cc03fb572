import { partnerInput } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { usePartner, useUpdatePartner } from '../api.ts';
import { PartnerDeleteButton } from '../components/partner-delete.button.tsx';
import { PartnerFields } from '../components/partner-fields.tsx';
import { partnerToInput } from '../components/partner-form.values.ts';
import { partnerUrls } from '../urls.ts';

export default function PartnerEditPage() {
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const { partnerId = '' } = useParams();
  const partner = usePartner(partnerId);
  const update = useUpdatePartner(partnerId);
  const initialValues = useMemo(() => (partner.data ? partnerToInput(partner.data) : undefined), [partner.data]);
  const title = partner.data ? t('edit.title', { name: partner.data.name }) : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={partnerInput}
      loading={partner.isPending}
      loadError={partner.error}
      initialValues={initialValues}
      onSubmit={(values) => update.mutateAsync(values)}
      onDone={() => navigate(partnerUrls.list())}
      onCancel={() => navigate(partnerUrls.list())}
      extra={
        partner.data && (
          <PartnerDeleteButton
            partner={partner.data}
            onDeleted={() => navigate(partnerUrls.list(), { replace: true })}
          />
        )
      }
    >
      <PartnerFields />
    </FormPage>
  );
}
