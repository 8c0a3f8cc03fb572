import type { SubscriptionOrder } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { availableActions } from './order-actions.model.ts';

const fees = { total: 100, pending: 0, processing: 0, paid: 100, owe: 0, refunded: 0, exempted: 0, deducted: 0 };
const order: Pick<SubscriptionOrder, 'status' | 'fees' | 'changesFrom'> = {
  status: 'subscribed',
  fees,
  changesFrom: '2026-12-01T00:00:00.000Z',
};
const every = new Set([
  'asset_subscription.order.read_detail',
  'asset_subscription.order.update',
  'asset_subscription.order.change_plan',
  'asset_subscription.order.change_asset',
  'asset_subscription.order.unsubscribe',
  'asset_subscription.order.payoff',
  'asset_subscription.order.force_close',
  'asset_subscription.order.exempt_refund',
]);

describe('order actions', () => {
  it('offers a subscribed order every action its permissions allow, payoff only when something is owed or to pay', () => {
    expect(availableActions(order, every, '*')).toEqual([
      'trades',
      'edit',
      'changePlan',
      'changeAssets',
      'exemptRefund',
      'unsubscribe',
      'forceClose',
    ]);
    expect(availableActions({ ...order, fees: { ...fees, owe: 5 } }, every, '*')).toContain('payoff');
    expect(availableActions({ ...order, fees: { ...fees, pending: 5 } }, every, '*')).toContain('payoff');
  });

  it('shows nothing the user does not hold; base:admin holds all', () => {
    expect(availableActions(order, new Set(['asset_subscription.order.read_detail']), '*')).toEqual(['trades']);
    expect(availableActions(order, new Set(['asset_subscription.order.unsubscribe']), '*')).toEqual(['unsubscribe']);
    expect(availableActions(order, new Set(['base:admin']), '*')).toHaveLength(7);
  });

  it('keeps edit (a management screen) from partner-scoped users', () => {
    expect(availableActions(order, every, ['7c9e6679-7425-40de-944b-e07fc1f90ae7'])).not.toContain('edit');
  });

  it('changes nothing ahead of an ending order, and only refunds and payoff once finished', () => {
    expect(availableActions({ ...order, status: 'unsubscribing' }, every, '*')).toEqual([
      'trades',
      'edit',
      'exemptRefund',
      'forceClose',
    ]);
    expect(availableActions({ ...order, status: 'finished', fees: { ...fees, owe: 3 } }, every, '*')).toEqual([
      'trades',
      'payoff',
      'exemptRefund',
    ]);
    expect(availableActions({ ...order, changesFrom: null }, every, '*')).not.toContain('changePlan');
  });
});
