import { Col, Form, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreateDiscount, usePartList } from '../api.ts';
import { DiscountPriceFields, DiscountTextFields } from '../components/discount-fields.tsx';
import { asOverlapError, discountBodyOf, discountForm } from '../components/pricing.model.ts';
import { CategorySelect, PartnerSelect } from '../components/program-pickers.tsx';
import { ScheduleFields } from '../components/schedule-fields.tsx';
import { pricingUrls } from '../urls.ts';

/** Partner, category and plan: only categories with an original price can be discounted. */
function ProgramFields() {
  const { t } = useTranslation('pricing');
  const form = Form.useFormInstance();
  const partnerId = Form.useWatch('partnerId', form) as string | undefined;
  const assetCategoryId = Form.useWatch('assetCategoryId', form) as string | undefined;
  const priced = usePartList('pricingPart', { partnerId, pageSize: 100 }, { enabled: Boolean(partnerId) });
  const withPrice = useMemo(
    () => new Set((priced.data?.data ?? []).map((part) => part.assetCategory.id)),
    [priced.data],
  );
  const unavailable = (id: string) =>
    partnerId && priced.data && !withPrice.has(id) ? t('taken.noOriginalPrice') : undefined;

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="partnerId" label={t('field.partner')} required>
            <PartnerSelect
              onChange={() => form.setFieldsValue({ assetCategoryId: undefined, paymentPlanId: undefined })}
            />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="assetCategoryId" label={t('field.category')} required>
            <CategorySelect
              unavailable={unavailable}
              disabled={!partnerId}
              onChange={() => form.setFieldValue('paymentPlanId', undefined)}
            />
          </FormField>
        </Col>
      </Row>
      <DiscountPriceFields program={{ partnerId, assetCategoryId }} />
    </>
  );
}

/** /marketing/discount-price/new: a lower price for one payment plan, from a start more than 10 minutes ahead. */
export default function DiscountNewPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const create = useCreateDiscount();
  const schema = useMemo(() => discountForm(), []);
  const initialValues = useMemo(
    () => ({
      untilCancelled: false,
      endTime: null,
      ...(search.get('partnerId') ? { partnerId: search.get('partnerId') as string } : {}),
      ...(search.get('assetCategoryId') ? { assetCategoryId: search.get('assetCategoryId') as string } : {}),
    }),
    [search],
  );

  return (
    <FormPage
      schema={schema}
      initialValues={initialValues}
      submitText={t('action.create')}
      onSubmit={(values) =>
        create.mutateAsync(discountBodyOf(values)).catch((error: unknown) => {
          throw asOverlapError(error, (name) => t('refusal.overlaps', { name }));
        })
      }
      onDone={() => navigate(pricingUrls.discountList())}
      onCancel={() => navigate(pricingUrls.discountList())}
    >
      <DiscountTextFields />
      <ProgramFields />
      <ScheduleFields />
    </FormPage>
  );
}
