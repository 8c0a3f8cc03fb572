import { rulePartInput } from '@fleetdesk/contracts';
import { Col, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { usePart, useSavePart } from '../api.ts';
import { PartDeleteButton } from '../components/part-delete.button.tsx';
import { ruleValuesOf } from '../components/pricing.model.ts';
import { RuleFields } from '../components/rule-fields.tsx';
import { pricingUrls } from '../urls.ts';

/** /setting/partner/collect-return-rule/partner/:partnerId/category/:assetCategoryId/edit */
export default function CollectReturnRuleEditPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const { partnerId = '', assetCategoryId = '' } = useParams();
  const key = { partnerId, assetCategoryId };
  const part = usePart('rulePart', key);
  const save = useSavePart('rulePart', 'replace');
  const initialValues = useMemo(() => part.data && ruleValuesOf(part.data), [part.data]);
  const title = part.data
    ? t('edit.rulePart', { partner: part.data.partner.name, category: part.data.assetCategory.name })
    : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={rulePartInput}
      loading={part.isPending}
      loadError={part.error}
      initialValues={initialValues}
      onSubmit={(body) => save.mutateAsync({ key, body })}
      onDone={() => navigate(pricingUrls.ruleList())}
      onCancel={() => navigate(pricingUrls.ruleList())}
      extra={
        part.data && (
          <PartDeleteButton
            kind="rulePart"
            part={part.data}
            onDeleted={() => navigate(pricingUrls.ruleList(), { replace: true })}
          />
        )
      }
    >
      {part.data && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('field.partner')}>
              <Input value={part.data.partner.name} disabled />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('field.category')}>
              <Input value={part.data.assetCategory.name} disabled />
            </Form.Item>
          </Col>
        </Row>
      )}
      <RuleFields />
    </FormPage>
  );
}
