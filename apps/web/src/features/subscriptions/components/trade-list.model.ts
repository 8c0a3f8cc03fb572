import type { QueryInputOf, SubscriptionFeeType, SubscriptionTrade, subscriptionEndpoints } from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import { knownFeeTypes, knownTradeStates, type subscriptionTradeList } from '../urls.ts';

export type SubscriptionTradeQuery = QueryInputOf<typeof subscriptionEndpoints.trades>;
export type SubscriptionTradeExportQuery = QueryInputOf<typeof subscriptionEndpoints.exportTrades>;
type TradeListState = UrlStateOf<typeof subscriptionTradeList.shape>;

/** The fee types and states of the URL the API knows, each once (a hand-edited link must not fail the list). */
export function tradeFilterOf(state: Pick<TradeListState, 'feeTypeIn' | 'stateIn'>): SubscriptionTradeExportQuery {
  const feeTypeIn = [...new Set(state.feeTypeIn.filter((v) => knownFeeTypes.has(v)))];
  const stateIn = [...new Set(state.stateIn.filter((v) => knownTradeStates.has(v)))];
  return {
    ...(feeTypeIn.length ? { feeTypeIn: feeTypeIn as SubscriptionTradeExportQuery['feeTypeIn'] } : {}),
    ...(stateIn.length ? { stateIn: stateIn as SubscriptionTradeExportQuery['stateIn'] } : {}),
  };
}

/** One page of the trades; the list has no sort of its own (newest period first), so none is sent. */
export function tradeQueryOf(state: TradeListState): SubscriptionTradeQuery {
  return { pageNo: state.pageNo, pageSize: state.pageSize, ...tradeFilterOf(state) };
}

/**
 * The trade list's title (document 1 §2.5 "trade list titled with order id and fee type"): the order no and the fee
 * types filtered ("SO-000001 · Usage fee"), or what stands for every fee when none or all are chosen.
 */
export function tradeListTitle(
  orderNo: string,
  feeTypes: readonly SubscriptionFeeType[],
  label: { feeType: (type: SubscriptionFeeType) => string; allFees: string },
): string {
  const chosen = [...new Set(feeTypes)];
  const fees = chosen.length === 0 || chosen.length === 2 ? label.allFees : chosen.map(label.feeType).join(', ');
  return `${orderNo} · ${fees}`;
}

/** Usage trades report ride hours; a basic trade has none (shown blank, not as 0). */
export const isUsageTrade = (trade: Pick<SubscriptionTrade, 'feeType'>) => trade.feeType === 'usage';
