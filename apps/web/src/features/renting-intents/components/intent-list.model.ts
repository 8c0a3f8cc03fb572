import {
  id,
  type QueryInputOf,
  type RentingIntent,
  type RentingIntentPatch,
  type rentingIntentEndpoints,
} from '@fleetdesk/contracts';
import { isApiError } from '../../../shared/http.ts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import { startRangeValid } from '../../orders/components/order-list.model.ts';
import type { intentList } from '../urls.ts';

export type IntentListQuery = QueryInputOf<typeof rentingIntentEndpoints.list>;
type IntentListState = UrlStateOf<typeof intentList.shape>;
export type IntentFilterState = Omit<IntentListState, 'pageNo' | 'pageSize' | 'sort'>;

const validInstant = (value: string | undefined | null): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

/**
 * The appointment filter compares the earliest start of each appointment with two instants: as the API says, the
 * later one must not be before the earlier one (an open end always fits).
 */
export const appointmentRangeValid = startRangeValid;

/** Why the URL's filters cannot be sent as they are (a hand-edited link); the list then leaves that part out. */
export type IntentFilterProblem = 'appointmentRange';

export function intentFilterProblems(state: IntentFilterState): IntentFilterProblem[] {
  return appointmentRangeValid(state.appointmentFrom, state.appointmentTo) ? [] : ['appointmentRange'];
}

/**
 * The list's URL filters as the API's query: a blank search is left out, ids only when they are ids and the
 * appointment range only when the API would accept it, so a hand-edited link warns or is ignored rather than failing
 * the list.
 */
export function intentFilterOf(state: IntentFilterState): Omit<IntentListQuery, 'pageNo' | 'pageSize' | 'sort'> {
  const search = state.search?.trim();
  const rangeValid = appointmentRangeValid(state.appointmentFrom, state.appointmentTo);
  const idOf = (value: string | undefined) => (id.safeParse(value).success ? value : undefined);
  const partnerId = idOf(state.partnerId);
  const assetCategoryId = idOf(state.assetCategoryId);
  const siteId = idOf(state.siteId);
  const customerId = idOf(state.customerId);
  return {
    ...(search ? { search } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(partnerId ? { partnerId } : {}),
    ...(assetCategoryId ? { assetCategoryId } : {}),
    ...(siteId ? { siteId } : {}),
    ...(customerId ? { customerId } : {}),
    ...(rangeValid && validInstant(state.appointmentFrom)
      ? { appointmentFrom: new Date(state.appointmentFrom).toISOString() }
      : {}),
    ...(rangeValid && validInstant(state.appointmentTo)
      ? { appointmentTo: new Date(state.appointmentTo).toISOString() }
      : {}),
  };
}

/** One page of the list, as the URL describes it. */
export function intentListQueryOf(state: IntentListState): IntentListQuery {
  return { pageNo: state.pageNo, pageSize: state.pageSize, sort: state.sort, ...intentFilterOf(state) };
}

/** Whether any filter narrows the list (the empty state then says "no match" rather than "no intents yet"). */
export function isFiltered(state: IntentFilterState): boolean {
  return Object.keys(intentFilterOf(state)).length > 0;
}

/** Only a pending or confirmed intent can change (document 2: Fulfilled comes from its order, Canceled is final). */
export const isOpen = (intent: Pick<RentingIntent, 'status'>): boolean =>
  intent.status === 'Pending' || intent.status === 'Confirmed';

export interface IntentActions {
  edit: boolean;
  confirm: boolean;
  cancel: boolean;
  createOrder: boolean;
}

/**
 * The row actions an intent offers: none once it is fulfilled or canceled, none without renting_intent.update;
 * Confirm only while pending; "Create order" only with order.create as well, and not while an order made from it
 * is still in its checkout (the server would refuse a second one).
 */
export function intentActions(
  intent: Pick<RentingIntent, 'status' | 'order'>,
  can: { update: boolean; createOrder: boolean },
): IntentActions {
  const open = can.update && isOpen(intent);
  return {
    edit: open,
    confirm: open && intent.status === 'Pending',
    cancel: open,
    createOrder: open && can.createOrder && intent.order === null,
  };
}

/** How a refused change is shown: the server's field errors beside their fields, anything else above them. */
export interface IntentRefusal {
  fields: Record<string, string> | null;
  problem: string | null;
}

/**
 * A refusal of PATCH as a dialog shows it. Failures of the network or the server (already notified) leave the
 * dialog as it is, so Save can be tried again.
 */
export function intentRefusalOf(error: unknown): IntentRefusal {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return { fields: null, problem: null };
  const fields = error.fieldErrors;
  if (fields && Object.keys(fields).length > 0) return { fields, problem: null };
  return { fields: null, problem: error.message };
}

/** What the edit dialog holds: the window as ISO instants, a site (null: none) and the note. */
export interface IntentEditValues {
  appointmentStartFrom?: string | null;
  appointmentStartTo?: string | null;
  siteId?: string | null;
  note?: string | null;
}

/** The edit dialog's window: both ends set and the end strictly after the start (the server's rule). */
export function appointmentWindowValid(from: string | null | undefined, to: string | null | undefined): boolean {
  return validInstant(from) && validInstant(to) && Date.parse(to) > Date.parse(from);
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * The PATCH body of an edit: only what changed (an untouched intent sends nothing), the window as ISO instants, a
 * cleared site as null and a blank note as null. Fields left out of `values` are not touched.
 */
export function intentPatchOf(intent: RentingIntent, values: IntentEditValues): RentingIntentPatch {
  const patch: RentingIntentPatch = {};
  if (
    validInstant(values.appointmentStartFrom) &&
    !sameInstant(values.appointmentStartFrom, intent.appointmentStartFrom)
  )
    patch.appointmentStartFrom = new Date(values.appointmentStartFrom).toISOString();
  if (validInstant(values.appointmentStartTo) && !sameInstant(values.appointmentStartTo, intent.appointmentStartTo))
    patch.appointmentStartTo = new Date(values.appointmentStartTo).toISOString();
  // A form sends a cleared field as undefined: a key that is there counts, whatever its value.
  const siteId = values.siteId ?? null;
  if ('siteId' in values && siteId !== (intent.site?.id ?? null)) patch.siteId = siteId;
  const note = values.note?.trim() || null;
  if ('note' in values && note !== intent.note) patch.note = note;
  return patch;
}

/**
 * The appointment window as one line: the end's date is left out when both ends fall on the same day
 * ("11/27/2026 9:00 AM – 10:00 AM"). `format` renders an instant in the user's locale.
 */
export function appointmentWindowText(
  intent: Pick<RentingIntent, 'appointmentStartFrom' | 'appointmentStartTo'>,
  format: { dateTime: (iso: string) => string; time: (iso: string) => string; day: (iso: string) => string },
): string {
  const { appointmentStartFrom: from, appointmentStartTo: to } = intent;
  const end = format.day(from) === format.day(to) ? format.time(to) : format.dateTime(to);
  return `${format.dateTime(from)} – ${end}`;
}
