import type { Customer, CustomerPaymentMethod } from '@fleetdesk/contracts';
import { Button, Descriptions, Flex, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { maskedNumber } from '../../customers/components/customer-payment-methods.card.tsx';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useOrderSiteOptions } from '../api.ts';
import { DiscountTag } from './discount-tag.tsx';
import { type Offer, type PlanOption, usablePaymentMethods } from './new-order.model.ts';

const NOTE_MAX = 500;

/** What staff choose in step 3. */
export interface PlanChoice {
  paymentPlanId?: string;
  paymentMethodId?: string;
  rentSiteId?: string;
  note?: string;
}

/** "Visa •••• 4242 · Credit card"; wallets and mandates without a brand or a number show what they have. */
export function usePaymentMethodLabel() {
  const { t } = useTranslation('customers');
  return (m: CustomerPaymentMethod) => {
    const brand = m.brand ? m.brand.charAt(0).toUpperCase() + m.brand.slice(1) : null;
    const card = [brand, m.last4 ? maskedNumber(m.last4) : null].filter(Boolean).join(' ');
    return [card, t(`payment.kind.${m.type}`)].filter(Boolean).join(' · ');
  };
}

/** One plan as a choice: how often it is charged, the price per unit today, its discount and the first payment. */
function PlanLabel({ plan, offer }: { plan: PlanOption; offer: Offer }) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  return (
    <Flex vertical gap={2} data-testid={`plan-${plan.id}`}>
      <Space size={8} wrap>
        <Typography.Text strong>{price.plan(plan)}</Typography.Text>
        <span>{price.unitPrice(plan.unitPrice, offer.currency, offer.priceUnit)}</span>
        <DiscountTag discount={plan.discount} />
      </Space>
      <Typography.Text type="secondary">
        {t('plan.periodRent', { amount: price.money(plan.periodRent, offer.currency) })}
        {plan.discount?.endTime ? ` · ${t('plan.discountUntil', { time: formatDateTime(plan.discount.endTime) })}` : ''}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Step 3: the plan (with its price today and any discount), the deposit the partner asks, the payment method to
 * charge (valid ones only), and optionally the rent site and a note.
 */
export function PlanStep({
  customer,
  offer,
  partnerId,
  choice,
  onChange,
  onNext,
  onBack,
}: {
  customer: Customer;
  offer: Offer;
  partnerId: string;
  choice: PlanChoice;
  onChange: (choice: PlanChoice) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  const methodLabel = usePaymentMethodLabel();
  const sites = useOrderSiteOptions();
  const [form] = Form.useForm<PlanChoice>();
  const siteOptions = (sites.data ?? [])
    .filter((s) => s.partnerId === partnerId)
    .map((s) => ({ value: s.id, label: s.name }));

  return (
    <Form
      form={form}
      layout="vertical"
      name="order-plan"
      initialValues={choice}
      onValuesChange={(_, all) => onChange(all)}
      onFinish={onNext}
      style={{ maxWidth: 760 }}
    >
      <Form.Item name="paymentPlanId" label={t('plan.label')} rules={[{ required: true, message: t('plan.required') }]}>
        <Radio.Group style={{ width: '100%' }}>
          <Flex vertical gap={8}>
            {offer.plans.map((plan) => (
              <Radio key={plan.id} value={plan.id}>
                <PlanLabel plan={plan} offer={offer} />
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginBottom: 24 }}
        items={[
          {
            key: 'deposit',
            label: t('field.deposit'),
            children: offer.deposit.required ? (
              <Space size={4} wrap>
                <span data-testid="offer-deposit">{price.money(offer.deposit.amount, offer.currency)}</span>
                <Typography.Text type="secondary">{t('plan.depositHeld')}</Typography.Text>
              </Space>
            ) : (
              t('plan.noDeposit')
            ),
          },
        ]}
      />
      <Form.Item
        name="paymentMethodId"
        label={t('plan.paymentMethod')}
        rules={[{ required: true, message: t('plan.paymentMethodRequired') }]}
      >
        <Select
          placeholder={t('plan.paymentMethodPlaceholder')}
          options={usablePaymentMethods(customer).map((m) => ({ value: m.id, label: methodLabel(m) }))}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      <Form.Item name="rentSiteId" label={t('field.rentSite')} extra={t('plan.rentSiteHint')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('plan.rentSitePlaceholder')}
          loading={sites.isPending}
          options={siteOptions}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      <Form.Item name="note" label={t('field.note')}>
        <Input.TextArea rows={2} maxLength={NOTE_MAX} showCount />
      </Form.Item>
      <Flex gap={8}>
        <Button onClick={onBack}>{t('action.back')}</Button>
        <Button type="primary" htmlType="submit">
          {t('action.next')}
        </Button>
      </Flex>
    </Form>
  );
}
