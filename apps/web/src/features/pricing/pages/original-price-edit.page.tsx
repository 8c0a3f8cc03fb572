import { pricingPartInput } from '@fleetdesk/contracts';
import { PartEditPage } from '../components/part-pages.tsx';
import { PartnerConfigAlert } from '../components/partner-config.alert.tsx';
import { pricingValuesOf } from '../components/pricing.model.ts';
import { PricingFields, usePricingSubmit } from '../components/pricing-fields.tsx';

/**
 * /marketing/original-price/partner/:partnerId/category/:assetCategoryId/edit. Partner and category are fixed; a
 * new unit price or a removed plan deletes the discounts that lower it, after the user saw which.
 */
export default function OriginalPriceEditPage() {
  const { submit, refusal } = usePricingSubmit('replace');
  return (
    <PartEditPage
      kind="pricingPart"
      schema={pricingPartInput}
      valuesOf={pricingValuesOf}
      submit={submit}
      alert={refusal && <PartnerConfigAlert kind={refusal} />}
    >
      {(part) => <PricingFields currency={part?.currency} />}
    </PartEditPage>
  );
}
