import { partnerInput } from '@fleetdesk/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreatePartner } from '../api.ts';
import { PartnerFields } from '../components/partner-fields.tsx';
import { partnerUrls } from '../urls.ts';

export default function PartnerNewPage() {
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const create = useCreatePartner();
  return (
    <FormPage
      schema={partnerInput}
      initialValues={{ attachments: [], timezone: 'UTC' }}
      confirmSubmit={(values) => t('create.confirm', { name: values.name })}
      submitText={t('action.create')}
      onSubmit={(values) => create.mutateAsync(values)}
      onDone={() => navigate(partnerUrls.list())}
      onCancel={() => navigate(partnerUrls.list())}
    >
      <PartnerFields />
    </FormPage>
  );
}
