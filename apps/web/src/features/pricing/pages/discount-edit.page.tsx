import { CalendarOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Descriptions, Flex, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { useCancelDiscount, useDiscount, useUpdateDiscount } from '../api.ts';
import { DiscountPriceFields, DiscountTextFields } from '../components/discount-fields.tsx';
import { DiscountRescheduleModal } from '../components/discount-reschedule.modal.tsx';
import { DiscountStatusTag } from '../components/discount-status-tag.tsx';
import { usePriceLabels } from '../components/price-labels.ts';
import {
  asOverlapError,
  discountEditForm,
  discountEditsFor,
  discountEditValuesOf,
  discountUpdateBodyOf,
} from '../components/pricing.model.ts';
import { discountEditScreen, pricingUrls } from '../urls.ts';

/**
 * /marketing/discount-price/:id/edit. What can change follows the status (document 2 §4): an open discount
 * changes its percent and plan and can be rescheduled or cancelled; an ended or cancelled one only its name and
 * description.
 */
export default function DiscountEditPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const discount = useDiscount(id);
  const update = useUpdateDiscount(id);
  const cancel = useCancelDiscount(id);
  const labels = usePriceLabels();
  const [{ dialog }, setScreen] = useUrlState(discountEditScreen);
  const initialValues = useMemo(() => discount.data && discountEditValuesOf(discount.data), [discount.data]);
  const data = discount.data;
  const edits = data ? discountEditsFor(data.status) : undefined;
  const title = data ? t('edit.discount', { name: data.name }) : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={discountEditForm}
      loading={discount.isPending}
      loadError={discount.error}
      initialValues={initialValues}
      onSubmit={(values) =>
        data
          ? update.mutateAsync(discountUpdateBodyOf(values, data)).catch((error: unknown) => {
              throw asOverlapError(error, (name) => t('refusal.overlaps', { name }), 'paymentPlanId');
            })
          : Promise.resolve()
      }
      onDone={() => navigate(pricingUrls.discountList())}
      onCancel={() => navigate(pricingUrls.discountList())}
      extra={
        data &&
        edits?.reschedule && (
          <Flex gap={8}>
            <Button icon={<CalendarOutlined />} onClick={() => setScreen({ dialog: 'reschedule' })}>
              {t('action.reschedule')}
            </Button>
            <ConfirmButton
              mode="modal"
              danger
              icon={<StopOutlined />}
              title={t('cancelDiscount.confirm', { name: data.name })}
              description={t('cancelDiscount.consequence')}
              okText={t('cancelDiscount.ok')}
              onConfirm={() => cancel.mutateAsync()}
            >
              {t('action.cancelDiscount')}
            </ConfirmButton>
          </Flex>
        )
      }
      after={
        data &&
        edits?.reschedule && (
          <DiscountRescheduleModal
            discount={data}
            open={dialog === 'reschedule'}
            onClose={() => setScreen({ dialog: undefined }, { replace: true })}
          />
        )
      }
    >
      {data && edits && (
        <>
          {!edits.discountPercent && (
            <Alert
              type="info"
              showIcon
              data-testid="discount-closed"
              title={t(`discount.closed.${data.status}`)}
              style={{ marginBottom: 16 }}
            />
          )}
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'status', label: t('field.status'), children: <DiscountStatusTag status={data.status} /> },
              {
                key: 'price',
                label: t('field.price'),
                children: `${labels.money(data.unitPrice, data.currency)} → ${labels.unitPrice(
                  data.discountedUnitPrice,
                  data.currency,
                  data.priceUnit,
                )}`,
              },
              { key: 'start', label: t('field.startTime'), children: formatDateTime(data.startTime) },
              {
                key: 'end',
                label: t('field.endTime'),
                children: data.endTime ? formatDateTime(data.endTime) : t('discount.untilCancelled'),
              },
              ...(data.cancelledAt
                ? [{ key: 'cancelledAt', label: t('field.cancelledAt'), children: formatDateTime(data.cancelledAt) }]
                : []),
            ]}
          />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={t('field.partner')}>
                <Input value={data.partner.name} disabled />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('field.category')}>
                <Input value={data.assetCategory.name} disabled />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      <DiscountTextFields />
      {data && (
        <DiscountPriceFields
          program={{ partnerId: data.partner.id, assetCategoryId: data.assetCategory.id }}
          disabled={edits?.discountPercent ? undefined : t(`discount.closedHint.${data.status}`)}
          planDisabled={edits?.paymentPlan ? undefined : t(`discount.closedHint.${data.status}`)}
        />
      )}
    </FormPage>
  );
}
