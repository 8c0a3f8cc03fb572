import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useSavePart } from '../api.ts';
import { DepositFields } from '../components/deposit-fields.tsx';
import { PartnerConfigAlert } from '../components/partner-config.alert.tsx';
import {
  depositBodyOf,
  depositNewForm,
  isPartnerConfigIncomplete,
  newDepositValues,
} from '../components/pricing.model.ts';
import { NewPartKeyFields } from '../components/program-pickers.tsx';
import { pricingUrls } from '../urls.ts';

/** /marketing/deposit/new: the deposit of a partner and category that has none yet. */
export default function DepositNewPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const create = useSavePart('depositPart', 'create');
  const [incomplete, setIncomplete] = useState(false);
  const initialValues = useMemo(
    () => ({
      ...newDepositValues,
      ...(search.get('partnerId') ? { partnerId: search.get('partnerId') as string } : {}),
      ...(search.get('assetCategoryId') ? { assetCategoryId: search.get('assetCategoryId') as string } : {}),
    }),
    [search],
  );

  return (
    <FormPage
      schema={depositNewForm}
      initialValues={initialValues}
      submitText={t('action.create')}
      onSubmit={({ partnerId, assetCategoryId, ...values }) => {
        setIncomplete(false);
        return create
          .mutateAsync({ key: { partnerId, assetCategoryId }, body: depositBodyOf(values) })
          .catch((error) => {
            setIncomplete(isPartnerConfigIncomplete(error));
            throw error;
          });
      }}
      onDone={() => navigate(pricingUrls.depositList())}
      onCancel={() => navigate(pricingUrls.depositList())}
    >
      {incomplete && <PartnerConfigAlert kind="incomplete" />}
      <NewPartKeyFields kind="depositPart" />
      <DepositFields />
    </FormPage>
  );
}
