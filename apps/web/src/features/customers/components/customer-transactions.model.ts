import { type DepositTransaction, id as idSchema } from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import type { DepositTransactionListQuery } from '../../deposits/api.ts';
import type { customerTransactionList } from '../urls.ts';

type TransactionListState = UrlStateOf<typeof customerTransactionList.shape>;
type TransactionFilterState = Omit<TransactionListState, 'pageNo' | 'pageSize' | 'sort'>;

const validId = (value: string | undefined): value is string =>
  value !== undefined && idSchema.safeParse(value).success;

/** The transactions page's URL filters as the API's; a partner or category that is not an id is left out. */
function transactionFilterOf(state: TransactionFilterState) {
  return {
    ...(validId(state.partnerId) ? { partnerId: state.partnerId } : {}),
    ...(validId(state.assetCategoryId) ? { assetCategoryId: state.assetCategoryId } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}

/** One page of a customer's deposit transactions, as the URL describes it (newest first, the server's order). */
export function customerTransactionQueryOf(
  customerId: string,
  state: TransactionListState,
): DepositTransactionListQuery {
  return { customerId, pageNo: state.pageNo, pageSize: state.pageSize, ...transactionFilterOf(state) };
}

export const isTransactionFiltered = (state: TransactionFilterState) =>
  Object.keys(transactionFilterOf(state)).length > 0;

/**
 * A page of transactions (newest first) with each refund moved right under the deposit payment it gives back, when
 * that payment is on the page: the refund reads as a negative line of it. Other rows keep the server's order.
 */
export function refundsUnderCharges<T extends Pick<DepositTransaction, 'id' | 'refundOf'>>(rows: readonly T[]): T[] {
  const onPage = new Set(rows.map((r) => r.id));
  const placed = (r: T) => r.refundOf !== null && onPage.has(r.refundOf);
  return rows.flatMap((r) => (placed(r) ? [] : [r, ...rows.filter((x) => placed(x) && x.refundOf === r.id)]));
}
