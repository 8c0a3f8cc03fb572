import { rulePartInput } from '@fleetdesk/contracts';
import { useSavePart } from '../api.ts';
import { PartEditPage } from '../components/part-pages.tsx';
import { ruleValuesOf } from '../components/pricing.model.ts';
import { RuleFields } from '../components/rule-fields.tsx';

/** /setting/partner/collect-return-rule/partner/:partnerId/category/:assetCategoryId/edit */
export default function CollectReturnRuleEditPage() {
  const save = useSavePart('rulePart', 'replace');
  return (
    <PartEditPage
      kind="rulePart"
      schema={rulePartInput}
      valuesOf={ruleValuesOf}
      submit={(key, body) => save.mutateAsync({ key, body })}
    >
      {() => <RuleFields />}
    </PartEditPage>
  );
}
