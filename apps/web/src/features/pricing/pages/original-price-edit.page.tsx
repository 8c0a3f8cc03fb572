import { pricingPartInput } from '@fleetdesk/contracts';
import { Col, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { usePart } from '../api.ts';
import { PartDeleteButton } from '../components/part-delete.button.tsx';
import { PartnerConfigAlert } from '../components/partner-config.alert.tsx';
import { pricingValuesOf } from '../components/pricing.model.ts';
import { PricingFields, usePricingSubmit } from '../components/pricing-fields.tsx';
import { pricingUrls } from '../urls.ts';

/**
 * /marketing/original-price/partner/:partnerId/category/:assetCategoryId/edit. Partner and category are fixed; a
 * new unit price or a removed plan deletes the discounts that lower it, after the user saw which.
 */
export default function OriginalPriceEditPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const { partnerId = '', assetCategoryId = '' } = useParams();
  const key = { partnerId, assetCategoryId };
  const part = usePart('pricingPart', key);
  const { submit, refusal } = usePricingSubmit('replace');
  const initialValues = useMemo(() => part.data && pricingValuesOf(part.data), [part.data]);
  const title = part.data
    ? t('edit.pricingPart', { partner: part.data.partner.name, category: part.data.assetCategory.name })
    : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={pricingPartInput}
      loading={part.isPending}
      loadError={part.error}
      initialValues={initialValues}
      onSubmit={(values) => submit(key, values)}
      onDone={() => navigate(pricingUrls.originalPriceList())}
      onCancel={() => navigate(pricingUrls.originalPriceList())}
      extra={
        part.data && (
          <PartDeleteButton
            kind="pricingPart"
            part={part.data}
            onDeleted={() => navigate(pricingUrls.originalPriceList(), { replace: true })}
          />
        )
      }
    >
      {refusal && <PartnerConfigAlert kind={refusal} />}
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
      <PricingFields currency={part.data?.currency} />
    </FormPage>
  );
}
