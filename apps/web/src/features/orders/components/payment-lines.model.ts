import type { OrderPayment } from '@fleetdesk/contracts';

/**
 * One line of an order's payments as Stripe's dashboard reads: a refund is a negative line right under the charge it
 * gives back, and a charge some of which came back says so instead of plain Succeeded.
 */
export interface PaymentLine {
  id: string;
  payment: OrderPayment;
  /** Money in is positive, money given back negative. */
  signedAmount: number;
  /** The refund lines sit under their charge. */
  isRefund: boolean;
  /** The word the status column shows: the ledger status, or what the refunds made of a succeeded charge. */
  display: OrderPayment['status'] | 'PartiallyRefunded' | 'Refunded';
}

const lineOf = (payment: OrderPayment): PaymentLine => {
  const isRefund = payment.purpose === 'refund';
  return {
    id: payment.id,
    payment,
    signedAmount: isRefund ? -payment.amount : payment.amount,
    isRefund,
    display: payment.refundState ?? payment.status,
  };
};

/** The order's ledger (oldest first) as lines: each charge followed by its refunds, oldest first. */
export function paymentLines(payments: readonly OrderPayment[]): PaymentLine[] {
  const charges = new Set(payments.filter((p) => p.purpose !== 'refund').map((p) => p.id));
  const refundsOf = new Map<string, OrderPayment[]>();
  for (const p of payments)
    if (p.refundOf && charges.has(p.refundOf)) refundsOf.set(p.refundOf, [...(refundsOf.get(p.refundOf) ?? []), p]);
  return payments.flatMap((p) => {
    // A refund placed under its charge is not listed again; one whose charge is not on the order stays in place.
    if (p.refundOf && charges.has(p.refundOf)) return [];
    return [lineOf(p), ...(refundsOf.get(p.id) ?? []).map(lineOf)];
  });
}
