import { CheckOutlined } from '@ant-design/icons';
import type { Customer, Inspection } from '@fleetdesk/contracts';
import { Alert, Button, Card, Descriptions, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useOrderSiteOptions } from '../api.ts';
import { dueNow, isCheckoutRefusal, isInspectionOutcome, type PlanOption, type Refusal } from './new-order.model.ts';
import { type PlanChoice, usePaymentMethodLabel } from './plan.step.tsx';

/** A refusal in the user's words: the console's own for the codes it knows, else the server's (translated when known). */
export function useRefusalMessage() {
  const { t } = useTranslation('orders');
  return (refusal: Refusal) => {
    if (isInspectionOutcome(refusal.code)) {
      const missing = refusal.missing.map((m) => t(`missing.${m}`, { defaultValue: m })).join(', ');
      return `${t(`inspection.${refusal.code}`)}${missing ? ` ${t('inspection.missing')} ${missing}` : ''}`;
    }
    if (isCheckoutRefusal(refusal.code)) return t(`refusal.${refusal.code}`);
    return refusal.message || t('refusal.unknown');
  };
}

/**
 * Step 4: what will be charged now (deposit and first rent) and to which payment method; Confirm opens the order
 * and starts the checkout. A refusal is explained here, with a way back to the step that can fix it.
 */
export function CheckoutStep({
  customer,
  inspection,
  plan,
  choice,
  refusal,
  confirming,
  onConfirm,
  onBack,
  onGoTo,
}: {
  customer: Customer;
  inspection: Inspection & { offer: NonNullable<Inspection['offer']> };
  plan: PlanOption;
  choice: PlanChoice;
  refusal: Refusal | null;
  confirming: boolean;
  onConfirm: () => void;
  onBack: () => void;
  onGoTo: (step: Refusal['step']) => void;
}) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  const methodLabel = usePaymentMethodLabel();
  const refusalMessage = useRefusalMessage();
  const sites = useOrderSiteOptions();
  const { offer, asset } = inspection;
  const due = dueNow(offer, plan);
  const money = (amount: number) => price.money(amount, offer.currency);
  const method = customer.paymentMethods.find((m) => m.id === choice.paymentMethodId);
  const site = sites.data?.find((s) => s.id === choice.rentSiteId);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 860 }}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          data-testid="checkout-refusal"
          title={t('refusal.title')}
          description={refusalMessage(refusal)}
          action={
            refusal.step !== 'checkout' && (
              <Button size="small" onClick={() => onGoTo(refusal.step)}>
                {t(`refusal.backTo.${refusal.step}`)}
              </Button>
            )
          }
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        data-testid="checkout-summary"
        items={[
          {
            key: 'customer',
            label: t('field.customer'),
            children: `${customer.name.first} ${customer.name.last} · ${customer.phoneNo}`,
          },
          { key: 'asset', label: t('field.asset'), children: asset.no },
          { key: 'partner', label: t('field.partner'), children: asset.partner.name },
          { key: 'category', label: t('field.category'), children: asset.assetCategory.name },
          {
            key: 'plan',
            label: t('field.plan'),
            children: `${price.plan(plan)} · ${price.unitPrice(plan.unitPrice, offer.currency, offer.priceUnit)}`,
          },
          { key: 'paymentMethod', label: t('plan.paymentMethod'), children: method ? methodLabel(method) : '—' },
          ...(site ? [{ key: 'rentSite', label: t('field.rentSite'), children: site.name }] : []),
          ...(choice.note?.trim() ? [{ key: 'note', label: t('field.note'), children: choice.note.trim() }] : []),
        ]}
      />
      <Card size="small" title={t('checkout.dueNow')}>
        <Flex gap={32} wrap>
          <Statistic title={t('checkout.deposit')} value={money(due.deposit)} />
          <Statistic title={t('checkout.firstRent')} value={money(due.firstRent)} />
          <Statistic
            title={t('checkout.total')}
            value={money(due.total)}
            styles={{ content: { fontWeight: 600 } }}
            data-testid="checkout-total"
          />
        </Flex>
        {due.deposit > 0 && <Alert type="info" title={t('plan.depositHeld')} style={{ marginTop: 12 }} />}
      </Card>
      <Flex gap={8}>
        <Button onClick={onBack} disabled={confirming}>
          {t('action.back')}
        </Button>
        <Button type="primary" icon={<CheckOutlined />} loading={confirming} onClick={onConfirm} autoFocus>
          {t('checkout.confirm')}
        </Button>
      </Flex>
    </Flex>
  );
}
