import {
  type DepositRefundApplication,
  type depositEndpoints,
  id as idSchema,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import type { refundApplicationList } from '../urls.ts';

export type RefundApplicationQuery = QueryInputOf<typeof depositEndpoints.applications>;
type RefundApplicationListState = UrlStateOf<typeof refundApplicationList.shape>;
type RefundApplicationFilterState = Omit<RefundApplicationListState, 'pageNo' | 'pageSize' | 'sort'>;

const validInstant = (value: string | undefined): value is string =>
  value !== undefined && !Number.isNaN(Date.parse(value));

/**
 * The list's URL filters as the API's: a partner that is not an id and a range whose ends are not both readable
 * instants are left out, so a hand-edited URL shows the unfiltered list rather than a failed one.
 */
export function refundApplicationFilterOf(
  state: RefundApplicationFilterState,
): Omit<RefundApplicationQuery, 'pageNo' | 'pageSize'> {
  const [from, to] = state.applied;
  return {
    ...(state.status ? { status: state.status } : {}),
    ...(state.refundStatus ? { refundStatus: state.refundStatus } : {}),
    ...(state.partnerId && idSchema.safeParse(state.partnerId).success ? { partnerId: state.partnerId } : {}),
    ...(validInstant(from) && validInstant(to)
      ? { appliedFrom: new Date(from).toISOString(), appliedTo: new Date(to).toISOString() }
      : {}),
  };
}

/** One page of the list, as the URL describes it (the server decides the order: waiting first, newest first). */
export function refundApplicationQueryOf(state: RefundApplicationListState): RefundApplicationQuery {
  return { pageNo: state.pageNo, pageSize: state.pageSize, ...refundApplicationFilterOf(state) };
}

/** Whether any filter narrows the list (the empty state then says "no match" rather than "none yet"). */
export function isFiltered(state: RefundApplicationFilterState): boolean {
  return Object.keys(refundApplicationFilterOf(state)).length > 0;
}

export interface RefundTotals {
  /** Distinct customers who get money back. */
  customers: number;
  /** Deposits given back over all the applications. */
  quantity: number;
  /** What is given back per currency, summed in cents, by currency code. */
  amounts: { currency: string; amount: number }[];
}

/** What approving these applications gives back: the refund confirmation's summary. */
export function refundTotals(
  applications: readonly Pick<DepositRefundApplication, 'customer' | 'quantity' | 'amount' | 'currency'>[],
): RefundTotals {
  const cents = new Map<string, number>();
  for (const a of applications) cents.set(a.currency, (cents.get(a.currency) ?? 0) + Math.round(a.amount * 100));
  return {
    customers: new Set(applications.map((a) => a.customer.id)).size,
    quantity: applications.reduce((sum, a) => sum + a.quantity, 0),
    amounts: [...cents]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => ({ currency, amount: amount / 100 })),
  };
}

/** Only a waiting application can be approved or canceled, so only waiting rows can be selected. */
export const isWaiting = (application: Pick<DepositRefundApplication, 'status'>) => application.status === 'Waiting';

/**
 * The selection after a new page of rows arrived: rows shown again are refreshed, and a row that is no longer
 * waiting (someone else approved or canceled it) leaves the selection.
 */
export function refreshSelection(
  selected: ReadonlyMap<string, DepositRefundApplication>,
  rows: readonly DepositRefundApplication[],
): ReadonlyMap<string, DepositRefundApplication> {
  if (selected.size === 0) return selected;
  let changed = false;
  const next = new Map(selected);
  for (const row of rows) {
    if (!next.has(row.id)) continue;
    changed = true;
    if (isWaiting(row)) next.set(row.id, row);
    else next.delete(row.id);
  }
  return changed ? next : selected;
}
