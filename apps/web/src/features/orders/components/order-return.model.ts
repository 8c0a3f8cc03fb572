import {
  type Order,
  type OrderAssetRecord,
  type ReturnLeaseBody,
  returnLeaseBody,
  type SiteRef,
} from '@fleetdesk/contracts';
import { isApiError } from '../../../shared/http.ts';
import { type FieldError, serverFieldsToFieldErrors, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';

type OrderState = Pick<Order, 'status' | 'leaseStatus'>;

/** A return can be taken at the counter while the order is open and its lease in use (no return submitted). */
export const canTakeReturn = (order: OrderState) => order.status === 'Open' && order.leaseStatus === 'InUse';

/** A return was taken under manual confirmation and waits for staff to confirm it (document 2 §4 "Returning"). */
export const awaitsReturnConfirmation = (order: OrderState) =>
  order.status === 'Open' && order.leaseStatus === 'Returning';

/** What a taken return did: the order closed at once, or the lease waits as Returning until confirmed. */
export const returnOutcome = (order: OrderState): 'closed' | 'returning' =>
  order.leaseStatus === 'Returning' ? 'returning' : 'closed';

/**
 * The sites the asset can come back to: the order partner's, the rent site first (the server's default, and the
 * only one a partner that refuses cross-site returns accepts). The rent site is kept even when the list lacks it
 * (a user who may not list sites).
 */
export function returnSiteChoices(
  sites: readonly Pick<SiteRef, 'id' | 'name' | 'partnerId'>[],
  order: Pick<Order, 'partner' | 'rentSite'>,
): { id: string; name: string; rentSite: boolean }[] {
  const rent = order.rentSite;
  const others = sites
    .filter((s) => s.partnerId === order.partner.id && s.id !== rent?.id)
    .map((s) => ({ id: s.id, name: s.name, rentSite: false }));
  return rent ? [{ id: rent.id, name: rent.name, rentSite: true }, ...others] : others;
}

export interface ReturnLeaseValues {
  returnSiteId?: string | null;
  reason?: string;
}

/**
 * The return's body checked with the contract: the site only when it is not the rent site (the server's default,
 * so a rent site archived since is no refusal), a blank reason left out. Answers the body, or the field errors.
 */
export function checkReturnLease(
  values: ReturnLeaseValues,
  rentSiteId: string | null,
): { body: ReturnLeaseBody; errors: [] } | { body: null; errors: FieldError[] } {
  const reason = values.reason?.trim();
  const site = values.returnSiteId && values.returnSiteId !== rentSiteId ? values.returnSiteId : undefined;
  const parsed = returnLeaseBody.safeParse({
    ...(site ? { returnSiteId: site } : {}),
    ...(reason ? { reason } : {}),
  });
  if (!parsed.success) return { body: null, errors: zodIssuesToFieldErrors(parsed.error.issues).fields };
  return { body: parsed.data, errors: [] };
}

/** Refusals about the return site: shown under the site. */
const siteRefusals = new Set(['ReturnSiteInvalid', 'CrossSiteReturnNotAllowed']);
/** Refusals that mean the order changed meanwhile (closed, returned, or its return confirmed): it is read again. */
export const staleOrderRefusals = new Set(['OrderNotOpen', 'LeaseNotInUse', 'ReturnNotSubmitted']);

export interface ReturnRefusal {
  /** Errors to show on the fields: the server's validation, and the site refusals under the site. */
  fields: FieldError[] | null;
  /** A refusal of the whole return (or of its confirmation), shown above the form with its code. */
  problem: { code: string; message: string } | null;
}

/**
 * A refusal of a return or of its confirmation as the dialog shows it (the message is already in the user's
 * language). Failures of the network or the server (notified) leave the dialog as it is, so it can be sent again.
 */
export function returnRefusalOf(error: unknown): ReturnRefusal {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return { fields: null, problem: null };
  const fields = error.fieldErrors;
  if (fields && Object.keys(fields).length > 0) return { fields: serverFieldsToFieldErrors(fields), problem: null };
  if (siteRefusals.has(error.code))
    return { fields: [{ name: ['returnSiteId'], errors: [error.message] }], problem: null };
  return { fields: null, problem: { code: error.code, message: error.message } };
}

/** When the waiting return was submitted: the Returning lease's time in the order's asset records. */
export const returnSubmittedAt = (records: readonly Pick<OrderAssetRecord, 'status' | 'returnSubmittedAt'>[]) =>
  records.find((r) => r.status === 'Returning')?.returnSubmittedAt ?? null;
