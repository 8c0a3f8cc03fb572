import {
  CHECKOUT_REFUSALS,
  type Customer,
  type CustomerPaymentMethod,
  type Inspection,
  type InspectionOutcome,
  inspectionOutcomes,
} from '@fleetdesk/contracts';
import { isApiError } from '../../../shared/http.ts';

/** Document 1 §2.5 "New order flow": customer, asset id, plan, checkout, payment progress. */
export const newOrderSteps = ['customer', 'asset', 'plan', 'checkout', 'progress'] as const;
export type NewOrderStep = (typeof newOrderSteps)[number];

export type Offer = NonNullable<Inspection['offer']>;
export type PlanOption = Offer['plans'][number];

const cents = (amount: number) => Math.round(amount * 100);

/**
 * What the checkout charges at once: the deposit when the partner requires one (the server skips it for a customer
 * who already holds one for this category) and the first period's rent.
 */
export function dueNow(offer: Pick<Offer, 'deposit'>, plan: Pick<PlanOption, 'periodRent'>) {
  const deposit = offer.deposit.required ? offer.deposit.amount : 0;
  return { deposit, firstRent: plan.periodRent, total: (cents(deposit) + cents(plan.periodRent)) / 100 };
}

/** The payment methods a checkout may charge: those still valid (not expired, not refused at the last charge). */
export function usablePaymentMethods(customer: Pick<Customer, 'paymentMethods'>): CustomerPaymentMethod[] {
  return customer.paymentMethods.filter((m) => m.valid);
}

/** What stops a customer from renting before any asset is chosen (document 2 §8 "New order and checkout"). */
export type CustomerBlocker = 'deleted' | 'emailMissing' | 'emailUnverified' | 'noPaymentMethod';

export function customerBlockers(
  customer: Pick<Customer, 'status' | 'email' | 'emailVerified' | 'paymentMethods'>,
): CustomerBlocker[] {
  const blockers: CustomerBlocker[] = [];
  if (customer.status === 'deleted') blockers.push('deleted');
  if (!customer.email) blockers.push('emailMissing');
  else if (!customer.emailVerified) blockers.push('emailUnverified');
  if (usablePaymentMethods(customer).length === 0) blockers.push('noPaymentMethod');
  return blockers;
}

/**
 * The payment method the Payment step starts with: the customer's only usable one (staff would pick it anyway);
 * with several, staff choose.
 */
export function defaultPaymentMethodId(customer: Pick<Customer, 'paymentMethods'>): string | undefined {
  const usable = usablePaymentMethods(customer);
  return usable.length === 1 ? usable[0]?.id : undefined;
}

/** The choices a new customer (or a newly inspected asset) starts from: only the default payment method. */
export function initialChoice(customer: Pick<Customer, 'paymentMethods'> | null): { paymentMethodId?: string } {
  const paymentMethodId = customer ? defaultPaymentMethodId(customer) : undefined;
  return paymentMethodId ? { paymentMethodId } : {};
}

/**
 * An ID verification staff must confirm before renting: denied (the reviewer refused the document) or pending (not
 * reviewed yet). Never submitted is not asked about: many partners do not collect IDs.
 */
export function idVerificationWarning(customer: Pick<Customer, 'identityVerification'>): 'denied' | 'pending' | null {
  const { status } = customer.identityVerification;
  return status === 'denied' || status === 'pending' ? status : null;
}

/**
 * The customer search's rows, only when they answer what is typed now. While the debounce waits or the latest
 * query is still on its way, the rows on hand answer an earlier query: none are offered, so a fast Enter (or a
 * barcode scanner's) never picks a previous query's customer. `answered` is the search the rows came from, or null
 * while the rows shown are a placeholder kept from an earlier query.
 */
export function latestSearchResults<T>(typed: string, answered: string | null, rows: readonly T[]): T[] | null {
  return answered !== null && answered === typed.trim() ? [...rows] : null;
}

/**
 * Enter pressed before the latest query answered (a scanner types the code and Enter at once): once that query
 * answers with exactly one customer, that is the one meant. Anything else (another query typed since, several or no
 * matches) picks nothing.
 */
export function pickAfterEnter<T extends { id: string }>(
  pendingFor: string | null,
  typed: string,
  results: readonly T[] | null,
): string | null {
  if (pendingFor === null || results === null || pendingFor.trim() !== typed.trim()) return null;
  return results.length === 1 ? (results[0]?.id ?? null) : null;
}

export const isInspectionOutcome = (code: string): code is InspectionOutcome =>
  (inspectionOutcomes as readonly string[]).includes(code);
export const isCheckoutRefusal = (code: string): code is keyof typeof CHECKOUT_REFUSALS => code in CHECKOUT_REFUSALS;

/** A refused checkout: which step can fix it, its code and what the server said (plans, missing setup). */
export interface Refusal {
  step: NewOrderStep;
  code: string;
  /** The server's words, already in the user's language when the console knows them. */
  message: string;
  /** PartnerSetupIncomplete: what the partner still lacks. */
  missing: string[];
  /** PlanNoLongerAvailable: the plans on offer now. */
  plans: PlanOption[] | null;
}

const stepOfCode: Record<string, NewOrderStep> = {
  CustomerEmailIssue: 'customer',
  CustomerDeleted: 'customer',
  PaymentMethodNotFound: 'plan',
  PlanNoLongerAvailable: 'plan',
  RentSiteInvalid: 'plan',
  ValidationError: 'plan',
  NotFound: 'asset',
};

/** The renting intent an order fulfils, as far as the flow compares it with what was chosen. */
export interface IntentToFulfil {
  customer: { id: string };
  partner: { id: string };
  assetCategory: { id: string };
}
export type IntentMismatch = 'customer' | 'partner' | 'category';

/**
 * What of the chosen customer and asset differs from the intent (the server then refuses the order with
 * IntentMismatch); nothing is compared before it is chosen.
 */
export function intentMismatches(
  intent: IntentToFulfil,
  chosen: { customerId?: string | undefined; asset?: { partner: { id: string }; assetCategory: { id: string } } },
): IntentMismatch[] {
  const { customerId, asset } = chosen;
  return [
    ...(customerId && customerId !== intent.customer.id ? (['customer'] as const) : []),
    ...(asset && asset.partner.id !== intent.partner.id ? (['partner'] as const) : []),
    ...(asset && asset.assetCategory.id !== intent.assetCategory.id ? (['category'] as const) : []),
  ];
}

/**
 * Where a refusal of POST /renting/orders sends staff back to: the customer, the asset (every inspection outcome),
 * or the plan and payment method. An intent for another customer goes back to the customer when the customer is
 * what differs (`mismatches`), else to the asset (its partner or category). Anything else (no right, the server or
 * the network failing, an intent no longer open) stays on the checkout step, where Confirm can be tried again.
 */
export function refusalOf(error: unknown, mismatches: readonly IntentMismatch[] = []): Refusal {
  if (!isApiError(error))
    return { step: 'checkout', code: 'Unknown', message: String(error), missing: [], plans: null };
  const data = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as {
    missing?: unknown;
    plans?: unknown;
  };
  const intentStep = mismatches.includes('customer') ? 'customer' : 'asset';
  const step = isInspectionOutcome(error.code)
    ? 'asset'
    : error.code === 'IntentMismatch'
      ? intentStep
      : (stepOfCode[error.code] ?? 'checkout');
  return {
    step,
    code: error.code,
    message: error.message,
    missing: Array.isArray(data.missing) ? data.missing.filter((m): m is string => typeof m === 'string') : [],
    plans: Array.isArray(data.plans) ? (data.plans as PlanOption[]) : null,
  };
}
