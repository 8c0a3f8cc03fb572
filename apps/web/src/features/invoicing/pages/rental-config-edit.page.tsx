import { rentalConfigInput } from '@fleetdesk/contracts';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useRentalConfig, useUpdateRentalConfig } from '../api.ts';
import { formValuesOf } from '../components/rental-config.model.ts';
import { RentalConfigDeleteButton } from '../components/rental-config-delete.button.tsx';
import { RentalConfigFields } from '../components/rental-config-fields.tsx';
import { invoicingUrls } from '../urls.ts';

/** A partner's invoicing identity; invoices already issued keep their numbers, the running number goes on. */
export default function RentalConfigEditPage() {
  const { t } = useTranslation('invoicing');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { partnerId = '' } = useParams();
  const config = useRentalConfig(partnerId);
  const update = useUpdateRentalConfig(partnerId);
  const initialValues = useMemo(() => config.data && formValuesOf(config.data), [config.data]);
  const title = config.data ? t('edit.title', { name: config.data.partner.name }) : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={rentalConfigInput}
      loading={config.isPending}
      loadError={config.error}
      initialValues={initialValues}
      onSubmit={async (values) => {
        await update.mutateAsync(values);
        void message.success(t('saved', { name: config.data?.partner.name ?? '' }));
      }}
      onDone={() => navigate(invoicingUrls.list())}
      onCancel={() => navigate(invoicingUrls.list())}
      extra={
        config.data && (
          <RentalConfigDeleteButton
            config={config.data}
            onDeleted={() => navigate(invoicingUrls.list(), { replace: true })}
          />
        )
      }
    >
      <RentalConfigFields issued={config.data?.issued ?? 0} />
    </FormPage>
  );
}
