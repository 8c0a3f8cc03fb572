import type { SubscriptionPackage } from '@fleetdesk/contracts';
import { Col, Divider, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { CategorySelect } from '../../pricing/components/program-pickers.tsx';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { usePartnerCurrency } from '../api.ts';
import { planOrderCounts } from './package-form.model.ts';
import { PlanFields } from './plan-fields.tsx';

/**
 * The package form of the new and edit pages: name, description, partner (fixed once created), category (fixed
 * once an order uses the package) and the plans.
 */
export function PackageFields({ stored }: { stored?: SubscriptionPackage }) {
  const { t } = useTranslation('subscription-packages');
  const partnerId = Form.useWatch<string | undefined>('partnerId');
  const currency = usePartnerCurrency(partnerId);
  const categoryLocked = (stored?.orderCount ?? 0) > 0;
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <FormField name="name" label={t('field.name')} required>
            <Input maxLength={100} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="partnerId" label={t('field.partner')} required extra={stored && t('field.partnerLocked')}>
            <PartnerSelect disabled={Boolean(stored)} aria-label={t('field.partner')} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField
            name="categoryId"
            label={t('field.category')}
            required
            extra={categoryLocked ? t('field.categoryLocked') : undefined}
          >
            <CategorySelect disabled={categoryLocked} aria-label={t('field.category')} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="description" label={t('field.description')}>
            <Input.TextArea maxLength={1000} rows={2} showCount />
          </FormField>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('section.plans')}</Divider>
      <Typography.Paragraph type="secondary">{t('plan.intro')}</Typography.Paragraph>
      <PlanFields orderCounts={planOrderCounts(stored)} currency={currency} />
    </>
  );
}
