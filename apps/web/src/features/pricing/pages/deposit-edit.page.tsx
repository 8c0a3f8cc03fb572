import { useState } from 'react';
import { useSavePart } from '../api.ts';
import { DepositFields } from '../components/deposit-fields.tsx';
import { PartEditPage } from '../components/part-pages.tsx';
import { PartnerConfigAlert } from '../components/partner-config.alert.tsx';
import { depositBodyOf, depositForm, depositValuesOf, isPartnerConfigIncomplete } from '../components/pricing.model.ts';

/** /marketing/deposit/partner/:partnerId/category/:assetCategoryId/edit: amount and notice; the currency is the partner's. */
export default function DepositEditPage() {
  const save = useSavePart('depositPart', 'replace');
  const [incomplete, setIncomplete] = useState(false);
  return (
    <PartEditPage
      kind="depositPart"
      schema={depositForm}
      valuesOf={depositValuesOf}
      submit={(key, values) => {
        setIncomplete(false);
        return save.mutateAsync({ key, body: depositBodyOf(values) }).catch((error) => {
          setIncomplete(isPartnerConfigIncomplete(error));
          throw error;
        });
      }}
      alert={incomplete && <PartnerConfigAlert kind="incomplete" />}
    >
      {(part) => <DepositFields currency={part?.currency} />}
    </PartEditPage>
  );
}
