import { type PartnerScope, type SubscriptionOrder, satisfies, subscriptionEndpoints } from '@fleetdesk/contracts';
import { requirementOf, scopeAllows } from '../../../shared/permissions.ts';

/** The detail's action buttons, in the order they are shown. */
export const orderActions = [
  'trades',
  'edit',
  'changePlan',
  'changeAssets',
  'payoff',
  'exemptRefund',
  'unsubscribe',
  'forceClose',
] as const;
export type OrderAction = (typeof orderActions)[number];

/** The endpoint behind each action: the button needs exactly what the call needs. */
const endpointOf = {
  trades: subscriptionEndpoints.trades,
  edit: subscriptionEndpoints.updateOrder,
  changePlan: subscriptionEndpoints.changePlan,
  changeAssets: subscriptionEndpoints.changeAssets,
  payoff: subscriptionEndpoints.payoff,
  exemptRefund: subscriptionEndpoints.exemptRefund,
  unsubscribe: subscriptionEndpoints.unsubscribe,
  forceClose: subscriptionEndpoints.forceClose,
} satisfies Record<OrderAction, unknown>;

type OrderState = Pick<SubscriptionOrder, 'status' | 'fees' | 'changesFrom'>;

/**
 * Whether the order's state lets the action run. Plan and assets change from the first period not yet fixed, so not
 * once the order is ending (no period follows) or when none is left; unsubscribe only while subscribed; force close
 * until finished; payoff when something is owed or still to pay; exempt/refund while the order has any trade amount (a finished
 * order can still be refunded).
 */
function applies(action: OrderAction, order: OrderState): boolean {
  switch (action) {
    case 'trades':
      return true;
    case 'edit':
      return order.status !== 'finished';
    case 'changePlan':
    case 'changeAssets':
      return order.status === 'subscribed' && order.changesFrom !== null;
    case 'unsubscribe':
      return order.status === 'subscribed';
    case 'forceClose':
      return order.status !== 'finished';
    case 'payoff':
      // As the server decides: something failed (owed) or still to pay (pending, which holds the Claimable trades
      // payoff charges; when all of it is for periods not started, the server says nothing is due yet).
      return order.fees.owe + order.fees.pending > 0;
    case 'exemptRefund':
      return order.fees.total > 0;
  }
}

/**
 * The actions a user may take on an order now: held permissions (the endpoint's requirement, through contracts'
 * satisfies) and the order's state. Edit is a management screen, so it also needs the partner scope all.
 */
export function availableActions(
  order: OrderState,
  held: ReadonlySet<string>,
  scope: PartnerScope | undefined,
): OrderAction[] {
  return orderActions.filter(
    (action) =>
      satisfies(held, requirementOf(endpointOf[action])) &&
      (action !== 'edit' || scopeAllows(scope, '*')) &&
      applies(action, order),
  );
}
