import {
  type CustomerTicketStatus,
  openCustomerTicketStatuses,
  SUBSCRIPTION_TICKET_PERMISSIONS,
  TICKET_TRANSITIONS,
  type TicketAction,
  type TicketStatusAction,
  ticketStatusActions,
} from '@fleetdesk/contracts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';

/** The B2C ticket's permissions (document 1 §6.2 support.customer_ticket). */
export const P = {
  update: 'support.customer_ticket.update',
  self: 'support.customer_ticket.update_assigned_to_self',
  checkIn: 'support.customer_ticket.check_in',
  complete: 'support.customer_ticket.complete',
  assign: 'support.customer_ticket.assign',
  charge: 'support.customer_ticket.charge_owed_fee',
  exemptRefund: 'support.customer_ticket.exempt_refund',
  partnerUpdate: null,
  partnerDelete: null,
  editCharge: null,
} as const;

/**
 * The B2B ticket's permissions (document 1 §6.1, §6.2; docs/decisions.md "B2B service tickets"): the mechanic's one
 * permission does all the workshop's work; nobody works only their own tickets; there is no card to charge.
 */
export const B2B = {
  update: SUBSCRIPTION_TICKET_PERMISSIONS.mechanic,
  self: null,
  checkIn: SUBSCRIPTION_TICKET_PERMISSIONS.mechanic,
  complete: SUBSCRIPTION_TICKET_PERMISSIONS.mechanic,
  assign: SUBSCRIPTION_TICKET_PERMISSIONS.mechanic,
  charge: null,
  exemptRefund: SUBSCRIPTION_TICKET_PERMISSIONS.exemptRefund,
  partnerUpdate: SUBSCRIPTION_TICKET_PERMISSIONS.update,
  partnerDelete: SUBSCRIPTION_TICKET_PERMISSIONS.delete,
  editCharge: SUBSCRIPTION_TICKET_PERMISSIONS.editCharge,
} as const;

type Rules = { [K in keyof typeof P]: string | null };
/** The permission set of a ticket's kind. */
export const rulesOf = (ticket: { kind?: string }): Rules => (ticket.kind === 'b2b' ? B2B : P);

const ADMIN = 'base:admin';
export const holds = (caller: Pick<Caller, 'permissions'>, permission: string | null) =>
  permission !== null && (caller.permissions.has(ADMIN) || caller.permissions.has(permission));

export const invalidStatus = (status: string, action: string) =>
  new DomainError('InvalidTicketStatus', 409, 'The ticket cannot do this in its current status', { status, action });

export const notAssigned = () =>
  new DomainError('SupportCustomerTicketNotAssigned', 403, 'The ticket is assigned to another mechanic');

export const isOpen = (status: string) => (openCustomerTicketStatuses as readonly string[]).includes(status);

/** Whether the status action may leave this status (TICKET_TRANSITIONS, the one table). */
export const canLeave = (action: TicketStatusAction, status: string) =>
  (TICKET_TRANSITIONS[action].from as readonly string[]).includes(status);

/** Refuses an action from a status the table does not list (409 InvalidTicketStatus, before anything is written). */
export function assertTransition(action: TicketStatusAction, status: string): CustomerTicketStatus {
  if (!canLeave(action, status)) throw invalidStatus(status, action);
  return TICKET_TRANSITIONS[action].to;
}

/**
 * Whether the caller may work this ticket: `update` works any ticket in scope; `update_assigned_to_self` only the
 * caller's own, or an unassigned one when starting it (which assigns it to them).
 */
export function mayWork(
  caller: Pick<Caller, 'permissions' | 'userId'>,
  ticket: { mechanicUserId: string | null; kind?: string },
  opts: { starting?: boolean } = {},
) {
  const rules = rulesOf(ticket);
  if (holds(caller, rules.update)) return true;
  if (rules.self === null || !caller.permissions.has(rules.self)) return false;
  if (ticket.mechanicUserId === caller.userId) return true;
  return opts.starting === true && ticket.mechanicUserId === null;
}

/** 403 SupportCustomerTicketNotAssigned for a mechanic acting on someone else's ticket. */
export function assertMayWork(
  caller: Pick<Caller, 'permissions' | 'userId'>,
  ticket: { mechanicUserId: string | null; kind?: string },
  opts: { starting?: boolean } = {},
) {
  if (!mayWork(caller, ticket, opts)) throw notAssigned();
}

/** The actions this caller may take on the ticket now: status × permissions × assignment × money. */
export function allowedActions(
  caller: Pick<Caller, 'permissions' | 'userId'>,
  ticket: { status: string; mechanicUserId: string | null; kind?: string },
  money: { owed: number; paid: number; chargeOpen: boolean; chargeEditable?: boolean },
): TicketAction[] {
  const { status } = ticket;
  const P = rulesOf(ticket);
  const b2b = ticket.kind === 'b2b';
  const work = mayWork(caller, ticket);
  const actions: TicketAction[] = [];
  for (const action of ticketStatusActions) {
    if (!canLeave(action, status)) continue;
    const may =
      action === 'checkIn'
        ? holds(caller, P.checkIn)
        : action === 'complete'
          ? holds(caller, P.complete) && (b2b || money.owed <= 0)
          : action === 'start'
            ? mayWork(caller, ticket, { starting: true })
            : work;
    if (may) actions.push(action);
  }
  if (holds(caller, P.assign) && isOpen(status)) actions.push('assign');
  if (holds(caller, P.charge) && status === 'finished' && money.owed > 0 && money.chargeOpen) actions.push('charge');
  if (
    holds(caller, P.exemptRefund) &&
    (status === 'finished' || status === 'completed') &&
    (money.owed > 0 || money.paid > 0)
  )
    actions.push('exemptOrRefund');
  if (work) actions.push(...(b2b ? [] : (['editContactInfo'] as const)), 'comment');
  if (work || holds(caller, P.checkIn)) actions.push('editCheckInNote');
  if (work && (status === 'processing' || status === 'paused')) actions.push('workChecklists');
  if (status === 'new' && holds(caller, P.partnerUpdate)) actions.push('update');
  if (status === 'new' && holds(caller, P.partnerDelete)) actions.push('delete');
  if (holds(caller, P.editCharge) && money.chargeEditable) actions.push('editCharge');
  return actions;
}

/**
 * A person's name as a ticket creates a customer with it: letters (any script), spaces, apostrophes, dots and
 * hyphens, at least one letter (CustomerNameInvalid otherwise: digits, symbols, markup).
 */
export const validPersonName = (name: string) => /^[\p{L}\p{M}' .-]+$/u.test(name) && /\p{L}/u.test(name);

/** The initial password of a customer created with a ticket: the last 6 digits of the phone (document 2 §9). */
export const initialPassword = (phoneNo: string) => phoneNo.replace(/\D/g, '').slice(-6);
