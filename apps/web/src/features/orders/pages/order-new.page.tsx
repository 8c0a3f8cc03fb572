import { type Customer, type Inspection, id as idSchema } from '@fleetdesk/contracts';
import { Alert, Card, Steps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { useRentingIntent } from '../../renting-intents/api.ts';
import { IntentBanner } from '../../renting-intents/components/intent-banner.tsx';
import { useCreateOrder } from '../api.ts';
import { AssetStep } from '../components/asset.step.tsx';
import type { CheckoutOutcome } from '../components/checkout.model.ts';
import { CheckoutStep, useRefusalMessage } from '../components/checkout.step.tsx';
import { CustomerStep } from '../components/customer.step.tsx';
import {
  initialChoice,
  intentMismatches,
  type NewOrderStep,
  newOrderSteps,
  type Refusal,
  refusalOf,
} from '../components/new-order.model.ts';
import { PaymentProgress } from '../components/payment-progress.tsx';
import { type PlanChoice, PlanStep } from '../components/plan.step.tsx';
import { newOrderScreen } from '../urls.ts';

/** The wizard's last step follows the checkout: running, done, or failed (partly undone or not). */
const progressStatus = { inProgress: 'process', success: 'finish', failed: 'error', partial: 'error' } as const;

type Offered = Inspection & { offer: NonNullable<Inspection['offer']> };
const offered = (inspection: Inspection | null): inspection is Offered =>
  inspection?.outcome === 'Leasable' && inspection.offer !== null;

/**
 * /renting/order/new (document 1 §2.5 "New order flow"): customer, asset id, plan, checkout, payment progress.
 * Each step checks what it can before going on; Confirm opens the order, whose id then goes into the URL so the
 * payment progress survives a reload. `?customerId=` and `?assetNo=` start the flow with those filled in;
 * `?intentId=` (from the intent list's "Create order") names the renting intent the order fulfils, shown above the
 * flow and sent with the order.
 */
export default function OrderNewPage() {
  const { t } = useTranslation('orders');
  const [screen, setScreen] = useUrlState(newOrderScreen);
  const followed = screen.orderId && idSchema.safeParse(screen.orderId).success ? screen.orderId : undefined;
  const intentId = screen.intentId && idSchema.safeParse(screen.intentId).success ? screen.intentId : undefined;
  const [step, setStep] = useState<NewOrderStep>('customer');
  const [customerId, setCustomerId] = useState(screen.customerId);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [assetNo, setAssetNo] = useState(screen.assetNo ?? '');
  const [inspection, setInspection] = useState<Inspection | null>(null);
  const [choice, setChoice] = useState<PlanChoice>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CheckoutOutcome>('inProgress');
  const refusalMessage = useRefusalMessage();
  const create = useCreateOrder();
  const intent = useRentingIntent(intentId);
  const mismatches = intent.data ? intentMismatches(intent.data, { customerId, asset: inspection?.asset }) : [];

  // Choices made and not yet confirmed ask before leaving; the blocker reads the ref, cleared in the tick of Confirm.
  const dirty = !followed && Boolean(customerId);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useLeaveGuard(dirty, dirtyRef);

  const current: NewOrderStep = followed ? 'progress' : step;
  const plan = offered(inspection) ? inspection.offer.plans.find((p) => p.id === choice.paymentPlanId) : undefined;

  const go = (next: NewOrderStep) => {
    setNotice(null);
    setRefusal(null);
    setStep(next);
  };

  const confirm = async () => {
    if (!customer || !offered(inspection) || !plan || !choice.paymentMethodId) return;
    setRefusal(null);
    try {
      const order = await create.mutateAsync({
        customerId: customer.id,
        assetNo: inspection.asset.no,
        paymentPlanId: plan.id,
        paymentMethodId: choice.paymentMethodId,
        quotedUnitPrice: plan.unitPrice,
        ...(choice.rentSiteId ? { rentSiteId: choice.rentSiteId } : {}),
        ...(choice.note?.trim() ? { note: choice.note.trim() } : {}),
        ...(intentId ? { intentId } : {}),
      });
      dirtyRef.current = false;
      setScreen({ orderId: order.id, customerId: undefined, assetNo: undefined });
    } catch (error) {
      setRefusal(refusalOf(error, mismatches));
    }
  };

  /**
   * From a refusal back to the step that can fix it, saying why there: the asset is inspected again, and the plans
   * on offer now replace the stale ones (a plan that is gone must be chosen again).
   */
  const backTo = (target: NewOrderStep) => {
    if (!refusal) return;
    setNotice(refusalMessage(refusal));
    if (target === 'asset') setInspection(null);
    const plans = refusal.plans;
    if (plans && offered(inspection)) {
      setInspection({ ...inspection, offer: { ...inspection.offer, plans } });
      if (!plans.some((p) => p.id === choice.paymentPlanId)) setChoice({ ...choice, paymentPlanId: undefined });
    }
    setRefusal(null);
    setStep(target);
  };

  /** Goes on without the intent (it was canceled or fulfilled meanwhile); the choices made stay. */
  const unlinkIntent = () => {
    dirtyRef.current = false;
    setScreen({ intentId: undefined }, { replace: true });
  };

  const startAgain = () => {
    setScreen({ orderId: undefined, customerId: undefined, assetNo: undefined, intentId: undefined });
    setCustomerId(undefined);
    setCustomer(null);
    setAssetNo('');
    setInspection(null);
    setChoice({});
    setRefusal(null);
    setNotice(null);
    setStep('customer');
  };

  return (
    <PageContainer title={t('new.title')}>
      {intentId && (
        <IntentBanner
          intentId={intentId}
          mismatches={mismatches}
          settled={current === 'progress' && outcome !== 'inProgress'}
          onUnlink={followed ? undefined : unlinkIntent}
        />
      )}
      <Card>
        <Steps
          current={newOrderSteps.indexOf(current)}
          status={current === 'progress' ? progressStatus[outcome] : 'process'}
          style={{ marginBottom: 24 }}
          items={newOrderSteps.map((s) => ({ key: s, title: t(`new.step.${s}`) }))}
        />
        {notice && current !== 'progress' && (
          <Alert
            type="warning"
            showIcon
            title={notice}
            closable={{ onClose: () => setNotice(null) }}
            style={{ marginBottom: 16 }}
          />
        )}
        {current === 'customer' && (
          <CustomerStep
            customerId={customerId}
            onChange={(id) => {
              setCustomerId(id);
              setCustomer(null);
              // Another customer: the inspection (limits, membership) and the payment method no longer hold.
              setInspection(null);
              setChoice({});
            }}
            onNext={(chosen) => {
              setCustomer(chosen);
              // Their only saved payment method is chosen already (a card just taken included).
              setChoice((current) => ({
                ...current,
                paymentMethodId: current.paymentMethodId ?? initialChoice(chosen).paymentMethodId,
              }));
              go('asset');
            }}
          />
        )}
        {current === 'asset' && customer && (
          <AssetStep
            customer={customer}
            assetNo={assetNo}
            inspection={inspection}
            onInspected={(no, result) => {
              if (no !== inspection?.asset.no) setChoice(initialChoice(customer));
              setAssetNo(no);
              setInspection(result);
            }}
            onNext={() => go('plan')}
            onBack={() => go('customer')}
          />
        )}
        {current === 'plan' && customer && offered(inspection) && (
          <PlanStep
            customer={customer}
            offer={inspection.offer}
            partnerId={inspection.asset.partner.id}
            choice={choice}
            onChange={setChoice}
            onNext={() => go('checkout')}
            onBack={() => go('asset')}
          />
        )}
        {current === 'checkout' && customer && offered(inspection) && plan && (
          <CheckoutStep
            customer={customer}
            inspection={inspection}
            plan={plan}
            choice={choice}
            refusal={refusal}
            confirming={create.isPending}
            onConfirm={() => void confirm()}
            onBack={() => go('plan')}
            onGoTo={backTo}
          />
        )}
        {current === 'progress' && followed && (
          <PaymentProgress orderId={followed} onStartAgain={startAgain} onOutcome={setOutcome} />
        )}
      </Card>
    </PageContainer>
  );
}
