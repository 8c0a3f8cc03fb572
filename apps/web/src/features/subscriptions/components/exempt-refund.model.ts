import {
  type ExemptRefundInput,
  exemptRefundInput,
  type SubscriptionOrder,
  type SubscriptionTrade,
  type SubscriptionTradeState,
} from '@fleetdesk/contracts';
import type { FormIssue } from './order-form.model.ts';

export type TradeAdjustment = 'exempt' | 'refund';

const owedStates: ReadonlySet<SubscriptionTradeState> = new Set(['Pending', 'Claimable', 'Failed']);

type TradeAmounts = Pick<SubscriptionTrade, 'state' | 'amount' | 'exempted' | 'refunded'>;

/**
 * What can be done to a trade (docs/decisions.md "Actions"): exempt part of what is still to pay (Pending, Claimable,
 * Failed), refund part of what was paid (Succeeded); a trade being charged or canceled takes neither.
 */
export function adjustmentOf(trade: Pick<SubscriptionTrade, 'state'>): TradeAdjustment | null {
  if (owedStates.has(trade.state)) return 'exempt';
  if (trade.state === 'Succeeded') return 'refund';
  return null;
}

const cents = (amount: number) => Math.round(amount * 100);

/** The most that can be exempted (still to pay) or refunded (paid and not yet given back), in whole cents. */
export function adjustmentMax(trade: TradeAmounts): number {
  const adjustment = adjustmentOf(trade);
  if (adjustment === 'exempt') return Math.max(0, cents(trade.amount) - cents(trade.exempted)) / 100;
  if (adjustment === 'refund')
    return Math.max(0, cents(trade.amount) - cents(trade.exempted) - cents(trade.refunded)) / 100;
  return 0;
}

/** Trades the dialog offers: those with something left to exempt or refund. */
export function adjustableTrades<T extends TradeAmounts>(trades: readonly T[]): T[] {
  return trades.filter((trade) => adjustmentOf(trade) !== null && adjustmentMax(trade) > 0);
}

export interface ExemptRefundValues {
  tradeId?: string;
  amount?: number | null;
  reason?: string;
}

/**
 * The dialog's request: the amount goes to exemptAmount or refundAmount by the trade's state. The contract's issues
 * and the amount above the maximum land on the dialog's own fields (`amount`, `reason`, `tradeId`).
 */
export function exemptRefundBodyOf(
  values: ExemptRefundValues,
  trade: TradeAmounts | undefined,
  tooMuch: (max: number) => string,
): { ok: true; body: ExemptRefundInput } | { ok: false; issues: FormIssue[] } {
  const adjustment = trade ? adjustmentOf(trade) : null;
  const amount = values.amount ?? undefined;
  const parsed = exemptRefundInput.safeParse({
    tradeId: values.tradeId,
    ...(adjustment === 'refund' ? { refundAmount: amount } : { exemptAmount: amount }),
    reason: values.reason?.trim() ?? '',
  });
  const issues: FormIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const head = String(issue.path[0] ?? '');
        return { path: [head === 'exemptAmount' || head === 'refundAmount' ? 'amount' : head], message: issue.message };
      });
  if (trade && amount !== undefined && cents(amount) > cents(adjustmentMax(trade)))
    issues.push({ path: ['amount'], message: tooMuch(adjustmentMax(trade)) });
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, body: parsed.data };
}

/** The order's fee amounts in display order (document 2 §3). */
export const feeKeys = [
  'total',
  'pending',
  'processing',
  'paid',
  'owe',
  'refunded',
  'exempted',
  'deducted',
] as const satisfies readonly (keyof SubscriptionOrder['fees'])[];
