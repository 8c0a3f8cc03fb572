import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { PartnerConfigAlert } from '../components/partner-config.alert.tsx';
import { newPricingValues, pricingNewForm } from '../components/pricing.model.ts';
import { PricingFields, usePricingSubmit } from '../components/pricing-fields.tsx';
import { NewPartKeyFields } from '../components/program-pickers.tsx';
import { pricingUrls } from '../urls.ts';

/** /marketing/original-price/new: the original price of a partner and category that has none yet. */
export default function OriginalPriceNewPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { submit, refusal } = usePricingSubmit('create');
  const initialValues = useMemo(
    () => ({
      ...newPricingValues,
      ...(search.get('partnerId') ? { partnerId: search.get('partnerId') as string } : {}),
      ...(search.get('assetCategoryId') ? { assetCategoryId: search.get('assetCategoryId') as string } : {}),
    }),
    [search],
  );

  return (
    <FormPage
      schema={pricingNewForm}
      initialValues={initialValues}
      submitText={t('action.create')}
      onSubmit={({ partnerId, assetCategoryId, ...values }) => submit({ partnerId, assetCategoryId }, values)}
      onDone={() => navigate(pricingUrls.originalPriceList())}
      onCancel={() => navigate(pricingUrls.originalPriceList())}
    >
      {refusal && <PartnerConfigAlert kind={refusal} />}
      <NewPartKeyFields kind="pricingPart" />
      <PricingFields />
    </FormPage>
  );
}
