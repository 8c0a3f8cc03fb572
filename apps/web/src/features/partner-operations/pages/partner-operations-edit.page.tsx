import { partnerOperationsInput } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { usePartnerOperations, useUpdatePartnerOperations } from '../api.ts';
import { formValuesOf } from '../components/partner-operations.defaults.ts';
import { PartnerOperationsDeleteButton } from '../components/partner-operations-delete.button.tsx';
import { PartnerOperationsFields } from '../components/partner-operations-fields.tsx';
import { SignUpConfigCard } from '../components/sign-up-config.card.tsx';
import { partnerOperationsUrls } from '../urls.ts';

/** A partner's operations, saved together; below them the partner's sign-up config, saved on its own. */
export default function PartnerOperationsEditPage() {
  const { t } = useTranslation('partner-operations');
  const navigate = useNavigate();
  const { partnerId = '' } = useParams();
  const operations = usePartnerOperations(partnerId);
  const update = useUpdatePartnerOperations(partnerId);
  const initialValues = useMemo(() => operations.data && formValuesOf(operations.data), [operations.data]);
  const title = operations.data ? t('edit.title', { name: operations.data.partner.name }) : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={partnerOperationsInput}
      loading={operations.isPending}
      loadError={operations.error}
      initialValues={initialValues}
      onSubmit={(values) => update.mutateAsync(values)}
      onDone={() => navigate(partnerOperationsUrls.list())}
      onCancel={() => navigate(partnerOperationsUrls.list())}
      extra={
        operations.data && (
          <PartnerOperationsDeleteButton
            partner={operations.data.partner}
            onDeleted={() => navigate(partnerOperationsUrls.list(), { replace: true })}
          />
        )
      }
      after={operations.data && <SignUpConfigCard partner={operations.data.partner} />}
    >
      <PartnerOperationsFields
        hasStoredPasscode={operations.data?.webChannel.passcode != null}
        currentCurrency={operations.data?.currency}
        currentTimezone={operations.data?.timezone}
      />
    </FormPage>
  );
}
