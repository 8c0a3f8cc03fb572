import type { CheckoutStepStatus, OrderCheckout } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { checkoutOutcome, isSettling, stepDisplayStatus } from './checkout.model.ts';

const checkout = (state: OrderCheckout['state'], statuses: CheckoutStepStatus[]): OrderCheckout => ({
  state,
  failureCode: null,
  failureMessage: null,
  steps: statuses.map((status, i) => ({
    step: (['deposit', 'rent', 'unlock'] as const)[i] ?? 'unlock',
    status,
    amount: null,
    message: null,
  })),
});
const payment = (status: 'Pending' | 'Succeeded' | 'Failed') => ({
  id: '00000000-0000-4000-8000-000000000001',
  purpose: 'refund' as const,
  amount: 150,
  currency: 'EUR',
  status,
  failureMessage: null,
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  refundOf: '00000000-0000-4000-8000-000000000002',
  refundedAmount: 0,
  refundState: null,
});

describe('checkout outcome', () => {
  it('is in progress until the checkout ends, and a success once the lease started', () => {
    expect(checkoutOutcome(checkout('InProgress', ['succeeded', 'pending', 'waiting']))).toBe('inProgress');
    expect(checkoutOutcome(checkout('Completed', ['succeeded', 'succeeded', 'skipped']))).toBe('success');
  });

  it('is a failure when nothing had gone through, and partial when a step was undone', () => {
    expect(checkoutOutcome(checkout('Aborted', ['failed', 'waiting', 'waiting']))).toBe('failed');
    expect(checkoutOutcome(checkout('Aborted', ['skipped', 'failed', 'waiting']))).toBe('failed');
    expect(checkoutOutcome(checkout('Aborted', ['undone', 'undone', 'failed']))).toBe('partial');
  });
});

describe('reading an order again', () => {
  it('goes on while the checkout runs or an aborted checkout waits for its refunds', () => {
    expect(isSettling({ checkout: checkout('InProgress', []), payments: [] })).toBe(true);
    expect(isSettling({ checkout: checkout('Aborted', []), payments: [payment('Pending')] })).toBe(true);
  });

  it('stops once the checkout is over and answered', () => {
    expect(isSettling({ checkout: checkout('Aborted', []), payments: [payment('Succeeded')] })).toBe(false);
    expect(isSettling({ checkout: checkout('Completed', []), payments: [payment('Pending')] })).toBe(false);
  });
});

describe('step display', () => {
  it('maps every step status to a Steps status', () => {
    expect(
      (['skipped', 'waiting', 'pending', 'succeeded', 'failed', 'undone'] as const).map(stepDisplayStatus),
    ).toEqual(['wait', 'wait', 'process', 'finish', 'error', 'finish']);
  });
});
