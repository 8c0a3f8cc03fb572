import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useSavePart } from '../api.ts';
import { newRuleValues, ruleNewForm } from '../components/pricing.model.ts';
import { NewPartKeyFields } from '../components/program-pickers.tsx';
import { RuleFields } from '../components/rule-fields.tsx';
import { pricingUrls } from '../urls.ts';

/** /setting/partner/collect-return-rule/new: the rules of a partner and category that has none yet. */
export default function CollectReturnRuleNewPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const create = useSavePart('rulePart', 'create');
  const initialValues = useMemo(
    () => ({
      ...newRuleValues,
      ...(search.get('partnerId') ? { partnerId: search.get('partnerId') as string } : {}),
      ...(search.get('assetCategoryId') ? { assetCategoryId: search.get('assetCategoryId') as string } : {}),
    }),
    [search],
  );

  return (
    <FormPage
      schema={ruleNewForm}
      initialValues={initialValues}
      submitText={t('action.create')}
      onSubmit={({ partnerId, assetCategoryId, ...body }) =>
        create.mutateAsync({ key: { partnerId, assetCategoryId }, body })
      }
      onDone={() => navigate(pricingUrls.ruleList())}
      onCancel={() => navigate(pricingUrls.ruleList())}
    >
      <NewPartKeyFields kind="rulePart" />
      <RuleFields />
    </FormPage>
  );
}
