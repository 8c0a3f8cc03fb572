import { type OrderFees, type RefundOrExemptBody, refundOrExemptBody } from '@fleetdesk/contracts';
import { type FieldError, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';

export type RefundOrExemptType = RefundOrExemptBody['type'];

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The most a refund or an exemption may be (the server's rule, checked here first): a refund gives back what was
 * paid and not yet refunded, an exemption forgives what is owed.
 */
export function refundOrExemptMax(type: RefundOrExemptType, fees: Pick<OrderFees, 'paid' | 'refunded' | 'owe'>) {
  const max = type === 'refund' ? cents(fees.paid) - cents(fees.refunded) : cents(fees.owe);
  return Math.max(0, max) / 100;
}

export interface RefundOrExemptValues {
  type: RefundOrExemptType;
  amount?: number | null;
  reason?: string;
}

/**
 * The form's values checked with the contract, then against the maximum; answers the body to send, or the errors
 * to show on the fields. `tooMuch` is the message for an amount above the maximum.
 */
export function checkRefundOrExempt(
  values: RefundOrExemptValues,
  fees: Pick<OrderFees, 'paid' | 'refunded' | 'owe'>,
  tooMuch: (max: number) => string,
): { body: RefundOrExemptBody; errors: [] } | { body: null; errors: FieldError[] } {
  const parsed = refundOrExemptBody.safeParse({
    type: values.type,
    amount: values.amount ?? undefined,
    reason: values.reason ?? '',
  });
  if (!parsed.success) return { body: null, errors: zodIssuesToFieldErrors(parsed.error.issues).fields };
  const max = refundOrExemptMax(parsed.data.type, fees);
  if (cents(parsed.data.amount) > cents(max))
    return { body: null, errors: [{ name: ['amount'], errors: [tooMuch(max)] }] };
  return { body: parsed.data, errors: [] };
}
