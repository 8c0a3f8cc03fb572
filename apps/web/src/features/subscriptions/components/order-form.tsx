import {
  billingPaymentTypes,
  type PackagePlan,
  renewStrategies,
  SUBSCRIPTION_QUOTA_MAX,
  type SubscriptionOrder,
  type SubscriptionPackage,
  usagePeriodModes,
} from '@fleetdesk/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Steps,
  Tooltip,
  Typography,
} from 'antd';
import type { RuleObject } from 'antd/es/form';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError, refusalFields } from '../../../shared/http.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { DateTimeField } from '../../../shared/ui/date-time.field.tsx';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { usePartnerPackages, useSiteOptions } from '../api.ts';
import { AssetPicker, useAssetRefusalText } from './asset-picker.tsx';
import {
  checkOrderForm,
  firstStepOf,
  type OrderCheck,
  type OrderFormMode,
  type OrderFormValues,
  type OrderStep,
  orderSteps,
  planRefusal,
} from './order-form.model.ts';

/** Stripe's test payment methods, which the local provider knows (docs/decisions.md "Payment"). */
const TEST_PAYMENT_METHODS = ['pm_card_visa', 'pm_sepa_debit', 'pm_card_chargeDeclined'] as const;

type Name = (string | number)[];
/** The fields each step validates on Next (the last step validates every one). */
const stepNames: Record<OrderStep, Name[]> = {
  plan: [
    ['partnerId'],
    ['packageId'],
    ['planId'],
    ['startTime'],
    ['usagePeriodMode'],
    ['billingCycleFixedPattern', 'dayOfMonth'],
    ['assetQuota'],
    ['assetTransferSiteId'],
    ['renewStrategy'],
    ['terminateTime'],
    ['note'],
  ],
  payment: [
    ['payment', 'type'],
    ['payment', 'paymentMethod'],
  ],
  asset: [['assetNos']],
};

export interface OrderFormProps<M extends OrderFormMode> {
  mode: M;
  initialValues: OrderFormValues;
  /** Edit: the order as it stands (its plan and package are shown, not chosen). */
  order?: SubscriptionOrder;
  /** Sends the checked request; reject with the ApiError so its field errors land on their fields. */
  onSubmit: (check: Extract<OrderCheck<M>, { ok: true }>, values: OrderFormValues) => Promise<unknown>;
  /** After a successful submit, with the leave guard released. */
  onDone: () => void;
  onCancel: () => void;
  submitText: string;
}

/**
 * New and edit in three steps (document 1 §2.5): plan, payment, asset. One form holds every step (the other steps
 * are hidden, not unmounted), so Back and Next keep what was typed. Each field is checked live with the contract's
 * schema and the rules that need the plan or the clock (order-form.model.ts); Next checks the step's fields, Submit
 * all of them; a refusal of the server lands on its field and goes back to the step showing it. Leaving with
 * unsaved changes asks first.
 */
export function OrderForm<M extends OrderFormMode>({
  mode,
  initialValues,
  order,
  onSubmit,
  onDone,
  onCancel,
  submitText,
}: OrderFormProps<M>) {
  const { t } = useTranslation('subscriptions');
  const assetRefusalText = useAssetRefusalText();
  const [form] = Form.useForm<OrderFormValues>();
  const [step, setStep] = useState<OrderStep>('plan');
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  useLeaveGuard(dirty, dirtyRef);

  const partnerId = Form.useWatch('partnerId', form);
  const packageId = Form.useWatch('packageId', form);
  const planId = Form.useWatch('planId', form);
  const quota = Form.useWatch('assetQuota', form);
  const packages = usePartnerPackages(mode === 'new' ? partnerId : undefined);
  const pkg: SubscriptionPackage | undefined = packages.data?.find((p) => p.id === packageId);
  const plan: PackagePlan | undefined = pkg?.plans.find((p) => p.id === planId);
  const index = orderSteps.indexOf(step);
  const last = index === orderSteps.length - 1;

  const check = (values: OrderFormValues) => checkOrderForm(values, { mode, plan, now: Date.now() });
  /** Every field's live rule: the whole form is checked and only this field's issues are shown. */
  const rule = ({ getFieldsValue }: { getFieldsValue: (all: true) => unknown }) => ({
    validator: async (r: RuleObject) => {
      const field = (r as RuleObject & { field?: string }).field;
      if (!field) return;
      const result = check(getFieldsValue(true) as OrderFormValues);
      const errors = result.ok
        ? []
        : result.issues.filter((i) => i.path.join('.') === field).map((i) => translateValidationMessage(i.message));
      if (errors.length) throw new Error([...new Set(errors)].join(' '));
    },
  });
  const rules = [rule];

  const markDirty = () => {
    dirtyRef.current = true;
    setDirty(true);
  };

  const next = async () => {
    setProblem(null);
    try {
      await form.validateFields(stepNames[step]);
    } catch {
      return;
    }
    setStep(orderSteps[index + 1] ?? step);
  };

  const goToFirstError = (names: Name[]) => {
    const first = firstStepOf(names);
    if (first) setStep(first);
  };

  const submit = async () => {
    setProblem(null);
    try {
      await form.validateFields();
    } catch (error) {
      goToFirstError(((error as { errorFields?: { name: Name }[] }).errorFields ?? []).map((f) => f.name));
      return;
    }
    const values = form.getFieldsValue(true) as OrderFormValues;
    const result = check(values);
    if (!result.ok) return;
    setSubmitting(true);
    try {
      await onSubmit(result as Extract<OrderCheck<M>, { ok: true }>, values);
      dirtyRef.current = false;
      setDirty(false);
      onDone();
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = refusalFields(error);
      if (fields) {
        const mapped = Object.entries(fields).map(([path, text]) => ({
          name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
          errors: [path === 'assetNos' ? assetRefusalText(error, text) : translateValidationMessage(text)],
        }));
        form.setFields(mapped as never);
        goToFirstError(mapped.map((f) => f.name));
      } else if (error.status > 0 && error.status < 500) {
        setProblem(translateValidationMessage(error.message));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const advance = () => void (last ? submit() : next());
  // The primary button is not a submit button: a form submit would validate every step, hidden ones included.
  // Enter in a plain field goes on as the button would; Ctrl/Cmd+Enter from anywhere (a select, the note).
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || isPlainField(event.target)) {
      event.preventDefault();
      advance();
    }
  };

  const pane = (s: OrderStep, children: ReactNode) => (
    <div hidden={step !== s} data-testid={`step-${s}`}>
      {children}
    </div>
  );

  return (
    <Card>
      <Steps
        current={index}
        style={{ marginBottom: 24 }}
        // A step already passed can be gone back to; forward only through Next, which checks.
        onChange={(target) => target < index && setStep(orderSteps[target] ?? step)}
        items={orderSteps.map((s) => ({ key: s, title: t(`form.step.${s}`) }))}
      />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={markDirty}
        onKeyDown={onKeyDown}
        scrollToFirstError={{ block: 'center', behavior: 'smooth', focus: true }}
        style={{ maxWidth: step === 'asset' ? undefined : 880 }}
      >
        {pane(
          'plan',
          mode === 'new' ? (
            <NewPlanFields rules={rules} packages={packages.data} loadingPackages={packages.isFetching} plan={plan} />
          ) : (
            order && <EditPlanFields order={order} />
          ),
        )}
        {pane('plan', <TermFields rules={rules} partnerId={partnerId ?? order?.partner.id} />)}
        {pane('payment', <PaymentFields rules={rules} />)}
        {pane(
          'asset',
          <AssetField
            rules={rules}
            partnerId={partnerId ?? order?.partner.id}
            categoryId={pkg?.category.id ?? order?.category.id}
            orderId={order?.id}
            quota={typeof quota === 'number' ? quota : 0}
          />,
        )}
        <Flex gap={8} wrap style={{ marginTop: 24 }}>
          {index > 0 && <Button onClick={() => setStep(orderSteps[index - 1] ?? step)}>{t('form.back')}</Button>}
          <Button type="primary" loading={submitting} title={t('form.submitHint')} onClick={advance}>
            {last ? submitText : t('form.next')}
          </Button>
          <Button onClick={onCancel}>{t('action.cancel')}</Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** A text or number field of its own (not a select's search, a date picker's input, a checkbox or a radio). */
function isPlainField(target: EventTarget): boolean {
  return (
    target instanceof HTMLInputElement &&
    (target.type === 'text' || target.type === 'number') &&
    !target.closest('.ant-select, .ant-picker')
  );
}

type Rules = ((form: { getFieldsValue: (all: true) => unknown }) => RuleObject)[];

/** New: partner, then a package of that partner, then one of its plans (its quota becomes the default). */
function NewPlanFields({
  rules,
  packages,
  loadingPackages,
  plan,
}: {
  rules: Rules;
  packages: SubscriptionPackage[] | undefined;
  loadingPackages: boolean;
  plan: PackagePlan | undefined;
}) {
  const { t } = useTranslation('subscriptions');
  const form = Form.useFormInstance<OrderFormValues>();
  const partners = usePartnerOptions();
  const amount = useAmount();
  const partnerId = Form.useWatch('partnerId', form);
  const packageId = Form.useWatch('packageId', form);
  const startTime = Form.useWatch('startTime', form);
  const pkg = packages?.find((p) => p.id === packageId);
  const startAt = startTime ? Date.parse(startTime) : Date.now();

  return (
    <>
      <Form.Item name="partnerId" label={t('field.partner')} rules={rules} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={partners.isPending}
          placeholder={t('form.choosePartner')}
          options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={() =>
            form.setFieldsValue({
              packageId: undefined,
              planId: undefined,
              assetTransferSiteId: undefined,
              assetNos: [],
            })
          }
        />
      </Form.Item>
      <Form.Item
        name="packageId"
        label={t('field.package')}
        rules={rules}
        required
        extra={partnerId && !loadingPackages && packages?.length === 0 ? t('form.noPackages') : undefined}
      >
        <Select
          disabled={!partnerId}
          loading={loadingPackages}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={partnerId ? t('form.choosePackage') : t('form.partnerFirst')}
          // The title is the name alone: what a tooltip and a search by name show.
          options={(packages ?? []).map((p) => ({
            value: p.id,
            label: `${p.name} · ${p.category.name}`,
            title: p.name,
          }))}
          onChange={() => form.setFieldsValue({ planId: undefined, assetNos: [] })}
        />
      </Form.Item>
      <Form.Item name="planId" label={t('field.plan')} rules={rules} required>
        <Select
          disabled={!pkg}
          placeholder={pkg ? t('form.choosePlan') : t('form.packageFirst')}
          optionRender={(option) => {
            const reason = option.data.reason as string | undefined;
            return reason ? (
              <Tooltip title={translateValidationMessage(reason)} placement="right">
                <span>{option.label}</span>
              </Tooltip>
            ) : (
              option.label
            );
          }}
          options={(pkg?.plans ?? []).map((p) => {
            const reason = planRefusal(p, startAt);
            return {
              value: p.id,
              title: p.name,
              label: `${p.name} · ${amount(p.basicFee)} / ${t(`duration.${p.durationUnit}`, { count: p.durationQuantity })}`,
              disabled: reason !== null,
              reason: reason ?? undefined,
            };
          })}
          onChange={(id: string) => {
            const chosen = pkg?.plans.find((p) => p.id === id);
            if (chosen) form.setFieldsValue({ assetQuota: chosen.initialAvailability });
          }}
        />
      </Form.Item>
      {plan && <PlanSummary plan={plan} />}
      <DateTimeField
        name="startTime"
        label={t('field.startTime')}
        ariaLabel={t('field.startTime')}
        placeholder={t('form.startNow')}
        rules={rules}
        extra={t('form.startHint')}
      />
      <Form.Item name="usagePeriodMode" label={t('field.usagePeriodMode')} rules={rules} dependencies={['planId']}>
        <Radio.Group
          optionType="button"
          options={usagePeriodModes.map((m) => ({ value: m, label: t(`periodMode.${m}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['usagePeriodMode']}>
        {({ getFieldValue }) =>
          getFieldValue('usagePeriodMode') === 'fixed' && (
            <Form.Item
              name={['billingCycleFixedPattern', 'dayOfMonth']}
              label={t('field.dayOfMonth')}
              rules={rules}
              required
              extra={t('form.dayOfMonthHint')}
            >
              <InputNumber<number> min={1} max={28} precision={0} style={{ width: 120 }} />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}

/** A plan's amount: a package has no currency of its own (the order takes the partner's), so none is shown. */
function useAmount() {
  const { i18n } = useTranslation();
  return (value: number) => value.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The plan's terms under the choice, so the operator sees what the quota and fees will be. */
function PlanSummary({ plan }: { plan: PackagePlan }) {
  const { t } = useTranslation('subscriptions');
  const amount = useAmount();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 3 }}
      style={{ marginTop: -8, marginBottom: 16 }}
      items={[
        { key: 'usageFee', label: t('field.usageFee'), children: `${amount(plan.usageFee)} / ${t('unit.hour')}` },
        { key: 'deductible', label: t('field.deductible'), children: `${plan.deductible} ${t('unit.hours')}` },
        { key: 'upperLimit', label: t('field.usageFeeUpperLimit'), children: amount(plan.usageFeeUpperLimit) },
        { key: 'initialAvailability', label: t('field.initialAvailability'), children: plan.initialAvailability },
        {
          key: 'valid',
          label: t('field.valid'),
          children: `${formatDateTime(plan.validSince)} – ${formatDateTime(plan.validUntil)}`,
        },
      ]}
    />
  );
}

/** Edit: what the order subscribes to is shown, not changed here (a plan changes through Change plan). */
function EditPlanFields({ order }: { order: SubscriptionOrder }) {
  const { t } = useTranslation('subscriptions');
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'partner', label: t('field.partner'), children: order.partner.name },
          { key: 'package', label: t('field.package'), children: order.package.name },
          { key: 'plan', label: t('field.plan'), children: order.plan.name },
          { key: 'nextPlan', label: t('field.nextPlan'), children: order.nextPlan?.name ?? t('detail.noChange') },
          { key: 'startTime', label: t('field.startTime'), children: formatDateTime(order.startTime) },
          {
            key: 'usagePeriodMode',
            label: t('field.usagePeriodMode'),
            children:
              order.usagePeriodMode === 'fixed' && order.billingCycleFixedPattern
                ? t('periodMode.fixedOn', { day: order.billingCycleFixedPattern.dayOfMonth })
                : t(`periodMode.${order.usagePeriodMode}`),
          },
        ]}
      />
      <Alert type="info" showIcon title={t('form.planReadOnly')} style={{ marginBottom: 16 }} />
    </>
  );
}

/** The terms both new and edit set: quota, transfer site, renewal, note. */
function TermFields({ rules, partnerId }: { rules: Rules; partnerId: string | undefined }) {
  const { t } = useTranslation('subscriptions');
  const sites = useSiteOptions();
  const options = (sites.data ?? [])
    .filter((s) => s.partnerId === partnerId)
    .map((s) => ({ value: s.id, label: s.name }));
  return (
    <>
      <Form.Item name="assetQuota" label={t('field.assetQuota')} rules={rules} required extra={t('form.quotaHint')}>
        <InputNumber<number> min={1} max={SUBSCRIPTION_QUOTA_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="assetTransferSiteId"
        label={t('field.assetTransferSite')}
        rules={rules}
        required
        extra={t('form.siteHint')}
      >
        <Select
          disabled={!partnerId}
          loading={sites.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={partnerId ? t('form.chooseSite') : t('form.partnerFirst')}
          options={options}
        />
      </Form.Item>
      <Form.Item name="renewStrategy" label={t('field.renewStrategy')} rules={rules}>
        <Radio.Group optionType="button" options={renewStrategies.map((r) => ({ value: r, label: t(`renew.${r}`) }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['renewStrategy']}>
        {({ getFieldValue }) =>
          getFieldValue('renewStrategy') === 'end-at-term' && (
            <DateTimeField
              name="terminateTime"
              label={t('field.terminateTime')}
              ariaLabel={t('field.terminateTime')}
              rules={rules}
              required
              dependencies={['startTime']}
            />
          )
        }
      </Form.Item>
      <Form.Item name="note" label={t('field.note')} rules={rules}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}

/** How the partner pays: card or SEPA direct debit, by the provider's payment method id. */
function PaymentFields({ rules }: { rules: Rules }) {
  const { t } = useTranslation('subscriptions');
  const form = Form.useFormInstance<OrderFormValues>();
  return (
    <>
      <Form.Item name={['payment', 'type']} label={t('field.paymentType')} rules={rules} required>
        <Radio.Group
          optionType="button"
          options={billingPaymentTypes.map((p) => ({ value: p, label: t(`paymentType.${p}`) }))}
        />
      </Form.Item>
      <Form.Item
        name={['payment', 'paymentMethod']}
        label={t('field.paymentMethod')}
        rules={rules}
        required
        extra={
          <span data-testid="payment-method-hint">
            {t('form.paymentMethodHint')}{' '}
            {TEST_PAYMENT_METHODS.map((pm, i) => (
              <span key={pm}>
                {i > 0 && ', '}
                <Typography.Link
                  code
                  onClick={() => {
                    form.setFields([{ name: ['payment', 'paymentMethod'], value: pm, errors: [] }]);
                  }}
                >
                  {pm}
                </Typography.Link>
              </span>
            ))}
          </span>
        }
      >
        <Input placeholder="pm_…" maxLength={203} spellCheck={false} autoComplete="off" style={{ maxWidth: 360 }} />
      </Form.Item>
    </>
  );
}

/** The assets of the subscription, picked among those the partner can subscribe, never above the quota. */
function AssetField({
  rules,
  partnerId,
  categoryId,
  orderId,
  quota,
}: {
  rules: Rules;
  partnerId: string | undefined;
  categoryId: string | undefined;
  orderId: string | undefined;
  quota: number;
}) {
  const { t } = useTranslation('subscriptions');
  if (!partnerId || !categoryId) return <Alert type="info" showIcon title={t('form.packageFirst')} />;
  return (
    <Form.Item
      name="assetNos"
      label={t('field.assets')}
      rules={rules}
      extra={t('form.assetsHint')}
      // The error is said below the picker; without this every input inside it (the search, the pager, the paste
      // box) would turn red as well.
      validateStatus=""
    >
      <AssetPicker partnerId={partnerId} categoryId={categoryId} orderId={orderId} quota={quota} />
    </Form.Item>
  );
}
