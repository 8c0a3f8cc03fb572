import type { CheckoutStepStatus, Order, OrderCheckout } from '@fleetdesk/contracts';

/** How often the console reads an order again while its checkout runs. */
export const CHECKOUT_POLL_MS = 1000;

/**
 * What the payment progress tells staff (document 2 §8 "Payment progress: success, failed, partial"): partial when
 * a step had gone through before a later one failed and it was undone (a refund, the lease released).
 */
export type CheckoutOutcome = 'inProgress' | 'success' | 'failed' | 'partial';

export function checkoutOutcome(checkout: Pick<OrderCheckout, 'state' | 'steps'>): CheckoutOutcome {
  if (checkout.state === 'InProgress') return 'inProgress';
  if (checkout.state === 'Completed') return 'success';
  return checkout.steps.some((s) => s.status === 'undone') ? 'partial' : 'failed';
}

/**
 * Whether the order still changes on its own: its checkout runs, or an aborted checkout's refunds wait for the
 * provider's answer. Only then is it worth reading again.
 */
export function isSettling(order: Pick<Order, 'checkout' | 'payments'>): boolean {
  if (order.checkout.state === 'InProgress') return true;
  return order.checkout.state === 'Aborted' && order.payments.some((p) => p.status === 'Pending');
}

/** A checkout step's status as antd Steps shows it: skipped and waiting steps wait, pending runs, undone is done. */
export function stepDisplayStatus(status: CheckoutStepStatus): 'wait' | 'process' | 'finish' | 'error' {
  switch (status) {
    case 'pending':
      return 'process';
    case 'succeeded':
    case 'undone':
      return 'finish';
    case 'failed':
      return 'error';
    default:
      return 'wait';
  }
}
