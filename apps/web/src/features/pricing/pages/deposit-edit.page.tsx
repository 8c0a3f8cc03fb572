import { Col, Form, Input, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { usePart, useSavePart } from '../api.ts';
import { DepositFields } from '../components/deposit-fields.tsx';
import { PartDeleteButton } from '../components/part-delete.button.tsx';
import { PartnerConfigAlert } from '../components/partner-config.alert.tsx';
import { depositBodyOf, depositForm, depositValuesOf, isPartnerConfigIncomplete } from '../components/pricing.model.ts';
import { pricingUrls } from '../urls.ts';

/** /marketing/deposit/partner/:partnerId/category/:assetCategoryId/edit: amount and notice; the currency is the partner's. */
export default function DepositEditPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const { partnerId = '', assetCategoryId = '' } = useParams();
  const key = { partnerId, assetCategoryId };
  const part = usePart('depositPart', key);
  const save = useSavePart('depositPart', 'replace');
  const [incomplete, setIncomplete] = useState(false);
  const initialValues = useMemo(() => part.data && depositValuesOf(part.data), [part.data]);
  const title = part.data
    ? t('edit.depositPart', { partner: part.data.partner.name, category: part.data.assetCategory.name })
    : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={depositForm}
      loading={part.isPending}
      loadError={part.error}
      initialValues={initialValues}
      onSubmit={(values) => {
        setIncomplete(false);
        return save.mutateAsync({ key, body: depositBodyOf(values) }).catch((error) => {
          setIncomplete(isPartnerConfigIncomplete(error));
          throw error;
        });
      }}
      onDone={() => navigate(pricingUrls.depositList())}
      onCancel={() => navigate(pricingUrls.depositList())}
      extra={
        part.data && (
          <PartDeleteButton
            kind="depositPart"
            part={part.data}
            onDeleted={() => navigate(pricingUrls.depositList(), { replace: true })}
          />
        )
      }
    >
      {incomplete && <PartnerConfigAlert kind="incomplete" />}
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
      <DepositFields currency={part.data?.currency} />
    </FormPage>
  );
}
