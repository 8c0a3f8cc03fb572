import type { CustomerDeposit } from '@fleetdesk/contracts';

/**
 * What refunding `quantity` deposits gives back: the server takes the average of what was paid (the deposit setting
 * may have changed between payments), in cents, so the dialog shows the same amount the refund will carry.
 */
export function refundAmountOf(
  deposit: Pick<CustomerDeposit, 'paidAmount' | 'paidQuantity'>,
  quantity: number,
): number {
  if (deposit.paidQuantity <= 0 || quantity <= 0) return 0;
  return Math.round((Math.round(deposit.paidAmount * 100) * quantity) / deposit.paidQuantity) / 100;
}
