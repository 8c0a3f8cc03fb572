import { SUBSCRIPTION_MESSAGES, type SubscriptionOrder } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  assetsChanged,
  checkOrderForm,
  editSequence,
  firstStepOf,
  formValuesOf,
  newOrderValues,
  type OrderFormValues,
  orderInputOf,
  planRefusal,
} from './order-form.model.ts';

const partnerId = '11111111-1111-4111-8111-111111111111';
const packageId = '22222222-2222-4222-8222-222222222222';
const planId = '33333333-3333-4333-8333-333333333333';
const siteId = '44444444-4444-4444-8444-444444444444';
const now = Date.parse('2026-11-28T10:00:00.000Z');
const plan = {
  cannotBeFirstPlan: false,
  validSince: '2026-01-01T00:00:00.000Z',
  validUntil: '2027-01-01T00:00:00.000Z',
  durationUnit: 'months' as const,
};
const filled: OrderFormValues = {
  ...newOrderValues,
  partnerId,
  packageId,
  planId,
  assetQuota: 3,
  assetTransferSiteId: siteId,
  payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
  assetNos: ['A1', 'A2'],
};
const paths = (check: ReturnType<typeof checkOrderForm>) =>
  check.ok ? [] : check.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('new order form', () => {
  it('maps the form to the request: no start means now, rolling has no pattern, the note is trimmed', () => {
    const check = checkOrderForm({ ...filled, note: ' corner shop ' }, { mode: 'new', plan, now });
    expect(check).toEqual({
      ok: true,
      assetNos: ['A1', 'A2'],
      body: {
        partnerId,
        packageId,
        planId,
        usagePeriodMode: 'rolling',
        billingCycleFixedPattern: null,
        assetQuota: 3,
        assetTransferSiteId: siteId,
        renewStrategy: 'auto-renew',
        terminateTime: null,
        note: 'corner shop',
        payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
        assetNos: ['A1', 'A2'],
      },
    });
  });

  it('sends the day of a fixed cycle, and says on the day field when it is missing', () => {
    const fixed = { ...filled, usagePeriodMode: 'fixed' as const, billingCycleFixedPattern: { dayOfMonth: 5 } };
    expect(orderInputOf(fixed).billingCycleFixedPattern).toEqual({ dayOfMonth: 5 });
    expect(
      paths(checkOrderForm({ ...fixed, billingCycleFixedPattern: { dayOfMonth: null } }, { mode: 'new', plan, now })),
    ).toEqual([`billingCycleFixedPattern.dayOfMonth: ${SUBSCRIPTION_MESSAGES.fixedPatternRequired}`]);
    expect(paths(checkOrderForm(fixed, { mode: 'new', plan: { ...plan, durationUnit: 'weeks' }, now }))).toEqual([
      `usagePeriodMode: ${SUBSCRIPTION_MESSAGES.fixedPatternMonths}`,
    ]);
  });

  it('requires the site, a terminate time after the start when ending at term, and a pm_ payment method', () => {
    const check = checkOrderForm(
      {
        ...filled,
        assetTransferSiteId: undefined,
        renewStrategy: 'end-at-term',
        terminateTime: null,
        payment: { type: 'direct-debit', paymentMethod: 'card_123' },
      },
      { mode: 'new', plan, now },
    );
    expect(paths(check)).toEqual([
      `assetTransferSiteId: ${SUBSCRIPTION_MESSAGES.siteRequired}`,
      `payment.paymentMethod: ${SUBSCRIPTION_MESSAGES.paymentMethodFormat}`,
      `terminateTime: ${SUBSCRIPTION_MESSAGES.terminateRequired}`,
    ]);
    expect(
      paths(
        checkOrderForm(
          { ...filled, renewStrategy: 'end-at-term', terminateTime: '2026-11-01T00:00:00.000Z' },
          { mode: 'new', plan, now },
        ),
      ),
    ).toEqual([`terminateTime: ${SUBSCRIPTION_MESSAGES.terminateAfterStart}`]);
  });

  it('refuses more assets than the quota, a start in the past and a plan that cannot be first', () => {
    expect(paths(checkOrderForm({ ...filled, assetQuota: 1 }, { mode: 'new', plan, now }))).toEqual([
      `assetNos: ${SUBSCRIPTION_MESSAGES.assetsAboveQuota}`,
    ]);
    expect(
      paths(checkOrderForm({ ...filled, startTime: '2026-11-27T00:00:00.000Z' }, { mode: 'new', plan, now })),
    ).toEqual([`startTime: ${SUBSCRIPTION_MESSAGES.startInFuture}`]);
    expect(paths(checkOrderForm(filled, { mode: 'new', plan: { ...plan, cannotBeFirstPlan: true }, now }))).toEqual([
      `planId: ${SUBSCRIPTION_MESSAGES.cannotBeFirstPlan}`,
    ]);
  });

  it('tells a plan that is not valid at the start', () => {
    expect(planRefusal(plan, Date.parse('2027-02-01T00:00:00.000Z'))).toBe(SUBSCRIPTION_MESSAGES.planNotValid);
    expect(planRefusal(plan, now)).toBeNull();
  });

  it('goes back to the first step holding a refused field', () => {
    expect(firstStepOf([['assetNos'], ['payment', 'paymentMethod']])).toBe('payment');
    expect(firstStepOf([['billingCycleFixedPattern', 'dayOfMonth']])).toBe('plan');
    expect(firstStepOf([])).toBeNull();
  });
});

describe('edit order form', () => {
  const order = {
    partner: { id: partnerId, name: 'Acme' },
    package: { id: packageId, name: 'City' },
    plan: { id: planId, name: 'Monthly' },
    startTime: '2026-11-01T00:00:00.000Z',
    usagePeriodMode: 'rolling',
    billingCycleFixedPattern: null,
    assetQuota: 2,
    assetTransferSite: { id: siteId, name: 'Depot' },
    renewStrategy: 'auto-renew',
    terminateTime: null,
    note: '',
    payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
  } as unknown as SubscriptionOrder;

  it('starts from the order and sends only its terms', () => {
    const values = formValuesOf(order, ['A1', 'A2']);
    expect(checkOrderForm({ ...values, assetQuota: 4 }, { mode: 'edit', now })).toEqual({
      ok: true,
      assetNos: ['A1', 'A2'],
      body: {
        assetQuota: 4,
        assetTransferSiteId: siteId,
        renewStrategy: 'auto-renew',
        terminateTime: null,
        note: '',
        payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
      },
    });
  });

  it('keeps the quota from going below the assets listed', () => {
    expect(
      paths(checkOrderForm({ ...formValuesOf(order, ['A1', 'A2']), assetQuota: 1 }, { mode: 'edit', now })),
    ).toEqual([`assetQuota: ${SUBSCRIPTION_MESSAGES.quotaBelowAssets}`]);
  });

  it('saves a smaller set of assets before a quota below the assets listed, and the terms first otherwise', () => {
    expect(editSequence(3, ['A1', 'A2'], ['A1', 'A2'])).toEqual(['terms']);
    expect(editSequence(4, ['A1', 'A2'], ['A1', 'A2', 'A3'])).toEqual(['terms', 'assets']);
    expect(editSequence(1, ['A1', 'A2'], ['A1'])).toEqual(['assets', 'terms']);
  });

  it('calls a change of assets only when the set changed', () => {
    expect(assetsChanged(['A1', 'A2'], ['A2', 'A1'])).toBe(false);
    expect(assetsChanged(['A1', 'A2'], ['A1'])).toBe(true);
    expect(assetsChanged(['A1'], ['A1', 'A3'])).toBe(true);
  });
});
