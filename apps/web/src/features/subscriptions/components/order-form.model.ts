import {
  type BillingPaymentType,
  type PackagePlan,
  type RenewStrategy,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionOrder,
  type SubscriptionOrderInput,
  type SubscriptionOrderUpdate,
  subscriptionOrderInput,
  subscriptionOrderUpdate,
  type UsagePeriodMode,
} from '@fleetdesk/contracts';
import type { z } from 'zod';

/** Document 1 §2.5: new and edit in 3 steps. */
export const orderSteps = ['plan', 'payment', 'asset'] as const;
export type OrderStep = (typeof orderSteps)[number];
export type OrderFormMode = 'new' | 'edit';

/**
 * The form's values, named as the request's fields so the contract's issue paths and the server's field errors land
 * on the fields as they are. Times are ISO instants; an empty start means now.
 */
export interface OrderFormValues {
  partnerId?: string;
  packageId?: string;
  planId?: string;
  startTime?: string | null;
  usagePeriodMode: UsagePeriodMode;
  billingCycleFixedPattern?: { dayOfMonth?: number | null } | null;
  assetQuota?: number | null;
  assetTransferSiteId?: string | null;
  renewStrategy: RenewStrategy;
  terminateTime?: string | null;
  note?: string;
  payment?: { type?: BillingPaymentType; paymentMethod?: string };
  assetNos: string[];
}

/** What a new order's form starts with: periods roll from now, renew automatically, no assets yet. */
export const newOrderValues: OrderFormValues = {
  usagePeriodMode: 'rolling',
  renewStrategy: 'auto-renew',
  terminateTime: null,
  note: '',
  payment: { type: 'credit-card' },
  assetNos: [],
};

/** Which step shows a field (by the first part of its path): a refusal jumps back to the step that can fix it. */
const stepFields: Record<OrderStep, readonly string[]> = {
  plan: [
    'partnerId',
    'packageId',
    'planId',
    'startTime',
    'usagePeriodMode',
    'billingCycleFixedPattern',
    'assetQuota',
    'assetTransferSiteId',
    'renewStrategy',
    'terminateTime',
    'note',
  ],
  payment: ['payment'],
  asset: ['assetNos'],
};

export function stepOfField(path: readonly (string | number)[]): OrderStep {
  const head = String(path[0] ?? '');
  return orderSteps.find((step) => stepFields[step].includes(head)) ?? 'plan';
}

/** The first step holding one of these fields, or null when none does. */
export function firstStepOf(paths: readonly (readonly (string | number)[])[]): OrderStep | null {
  const steps = new Set(paths.map(stepOfField));
  return orderSteps.find((step) => steps.has(step)) ?? null;
}

const blankToNull = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);

/** The terms both requests carry; a time left empty is null, a blank note is sent as ''. */
function termsOf(values: OrderFormValues) {
  return {
    assetQuota: values.assetQuota ?? undefined,
    assetTransferSiteId: blankToNull(values.assetTransferSiteId),
    renewStrategy: values.renewStrategy,
    // A terminate time only means something when the order ends at term.
    terminateTime: values.renewStrategy === 'end-at-term' ? blankToNull(values.terminateTime) : null,
    note: values.note?.trim() ?? '',
    payment: { type: values.payment?.type, paymentMethod: values.payment?.paymentMethod?.trim() ?? '' },
  };
}

/**
 * The new order's request as the form holds it, before the contract checks it: a rolling order has no fixed pattern,
 * and a fixed one without a day has none either (so the contract says the day is required, on the day's field).
 */
export function orderInputOf(values: OrderFormValues): Record<keyof SubscriptionOrderInput, unknown> {
  const day = values.billingCycleFixedPattern?.dayOfMonth;
  return {
    partnerId: values.partnerId,
    packageId: values.packageId,
    planId: values.planId,
    startTime: values.startTime || undefined,
    usagePeriodMode: values.usagePeriodMode,
    billingCycleFixedPattern:
      values.usagePeriodMode === 'fixed' && typeof day === 'number' ? { dayOfMonth: day } : null,
    ...termsOf(values),
    assetNos: values.assetNos,
  };
}

/** The edit's request: the order's terms only (plan and assets change through their own actions). */
export function orderUpdateOf(values: OrderFormValues): Record<keyof SubscriptionOrderUpdate, unknown> {
  return termsOf(values);
}

/** The edit form's values from the order as it stands and the assets its changes go to. */
export function formValuesOf(order: SubscriptionOrder, assetNos: readonly string[]): OrderFormValues {
  return {
    partnerId: order.partner.id,
    packageId: order.package.id,
    planId: order.plan.id,
    startTime: order.startTime,
    usagePeriodMode: order.usagePeriodMode,
    billingCycleFixedPattern: order.billingCycleFixedPattern,
    assetQuota: order.assetQuota,
    assetTransferSiteId: order.assetTransferSite.id,
    renewStrategy: order.renewStrategy,
    terminateTime: order.terminateTime,
    note: order.note,
    payment: { ...order.payment },
    assetNos: [...assetNos],
  };
}

/** Whether the edit changed the asset set (order does not matter): only then is changeAssets called. */
export function assetsChanged(before: readonly string[], after: readonly string[]): boolean {
  const a = new Set(before);
  const b = new Set(after);
  return a.size !== b.size || [...a].some((no) => !b.has(no));
}

export interface FormIssue {
  path: (string | number)[];
  message: string;
}

/** Whether a plan is on offer at an instant (from its Since, before its Until). */
export function planValidAt(plan: Pick<PackagePlan, 'validSince' | 'validUntil'>, at: number): boolean {
  return at >= Date.parse(plan.validSince) && at < Date.parse(plan.validUntil);
}

/** Why a plan cannot start a subscription at `startAt` (null: it can). */
export function planRefusal(
  plan: Pick<PackagePlan, 'cannotBeFirstPlan' | 'validSince' | 'validUntil'>,
  startAt: number,
): string | null {
  if (plan.cannotBeFirstPlan) return SUBSCRIPTION_MESSAGES.cannotBeFirstPlan;
  if (!planValidAt(plan, startAt)) return SUBSCRIPTION_MESSAGES.planNotValid;
  return null;
}

export interface OrderCheckContext {
  mode: OrderFormMode;
  /** The chosen plan (new) or the order's plan (edit), once known. */
  plan?: Pick<PackagePlan, 'cannotBeFirstPlan' | 'validSince' | 'validUntil' | 'durationUnit'>;
  now: number;
}

export type OrderCheck<M extends OrderFormMode> =
  | { ok: true; body: M extends 'new' ? SubscriptionOrderInput : SubscriptionOrderUpdate; assetNos: string[] }
  | { ok: false; issues: FormIssue[] };

const issueOf = (issue: z.core.$ZodIssue): FormIssue => ({
  path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
  message: issue.message,
});

/**
 * Every rule the console can check before sending: the contract's (the same schema the server parses) and those of
 * document 2 §5 that need the plan or the clock (a first plan, its validity at the start, a fixed cycle needing a
 * plan counted in months, a start in the future, a terminate time after the start, a quota not below the assets).
 * The server checks them again; its refusals land on the same fields.
 */
export function checkOrderForm<M extends OrderFormMode>(
  values: OrderFormValues,
  context: OrderCheckContext & { mode: M },
): OrderCheck<M> {
  const issues: FormIssue[] = [];
  const parsed =
    context.mode === 'new'
      ? subscriptionOrderInput.safeParse(orderInputOf(values))
      : subscriptionOrderUpdate.safeParse(orderUpdateOf(values));
  if (!parsed.success) issues.push(...parsed.error.issues.map(issueOf));

  const start = values.startTime ? Date.parse(values.startTime) : context.now;
  if (context.mode === 'new') {
    if (values.startTime && start <= context.now)
      issues.push({ path: ['startTime'], message: SUBSCRIPTION_MESSAGES.startInFuture });
    const refusal = context.plan ? planRefusal(context.plan, start) : null;
    if (refusal) issues.push({ path: ['planId'], message: refusal });
    if (values.usagePeriodMode === 'fixed' && context.plan && context.plan.durationUnit !== 'months')
      issues.push({ path: ['usagePeriodMode'], message: SUBSCRIPTION_MESSAGES.fixedPatternMonths });
  }
  if (values.renewStrategy === 'end-at-term' && values.terminateTime && Date.parse(values.terminateTime) <= start)
    issues.push({ path: ['terminateTime'], message: SUBSCRIPTION_MESSAGES.terminateAfterStart });
  if (context.mode === 'edit' && typeof values.assetQuota === 'number' && values.assetNos.length > values.assetQuota)
    issues.push({ path: ['assetQuota'], message: SUBSCRIPTION_MESSAGES.quotaBelowAssets });

  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, body: parsed.data as never, assetNos: values.assetNos };
}

/** The issues of one step (Next checks only what the step shows; the last step checks everything). */
export function issuesOfStep(issues: readonly FormIssue[], step: OrderStep): FormIssue[] {
  return issues.filter((issue) => stepOfField(issue.path) === step);
}

/**
 * The calls an edit makes, in order: the terms, and the assets when their set changed. The server checks each call
 * against the order as it then stands, so when the quota goes below the assets listed now the smaller set goes first;
 * otherwise the terms go first (a larger quota must be saved before more assets).
 */
export function editSequence(
  newQuota: number,
  before: readonly string[],
  after: readonly string[],
): ('terms' | 'assets')[] {
  if (!assetsChanged(before, after)) return ['terms'];
  return newQuota < before.length ? ['assets', 'terms'] : ['terms', 'assets'];
}
