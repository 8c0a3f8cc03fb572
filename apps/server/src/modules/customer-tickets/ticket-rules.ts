import {
  type CustomerTicketStatus,
  openCustomerTicketStatuses,
  TICKET_TRANSITIONS,
  type TicketAction,
  type TicketStatusAction,
  ticketStatusActions,
} from '@fleetdesk/contracts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';

/** The ticket's permissions (document 1 §6.2 support.customer_ticket). */
export const P = {
  update: 'support.customer_ticket.update',
  self: 'support.customer_ticket.update_assigned_to_self',
  checkIn: 'support.customer_ticket.check_in',
  complete: 'support.customer_ticket.complete',
  assign: 'support.customer_ticket.assign',
  charge: 'support.customer_ticket.charge_owed_fee',
  exemptRefund: 'support.customer_ticket.exempt_refund',
} as const;

const ADMIN = 'base:admin';
export const holds = (caller: Pick<Caller, 'permissions'>, permission: string) =>
  caller.permissions.has(ADMIN) || caller.permissions.has(permission);

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
  ticket: { mechanicUserId: string | null },
  opts: { starting?: boolean } = {},
) {
  if (holds(caller, P.update)) return true;
  if (!caller.permissions.has(P.self)) return false;
  if (ticket.mechanicUserId === caller.userId) return true;
  return opts.starting === true && ticket.mechanicUserId === null;
}

/** 403 SupportCustomerTicketNotAssigned for a mechanic acting on someone else's ticket. */
export function assertMayWork(
  caller: Pick<Caller, 'permissions' | 'userId'>,
  ticket: { mechanicUserId: string | null },
  opts: { starting?: boolean } = {},
) {
  if (!mayWork(caller, ticket, opts)) throw notAssigned();
}

/** The actions this caller may take on the ticket now: status × permissions × assignment × money. */
export function allowedActions(
  caller: Pick<Caller, 'permissions' | 'userId'>,
  ticket: { status: string; mechanicUserId: string | null },
  money: { owed: number; paid: number; chargeOpen: boolean },
): TicketAction[] {
  const { status } = ticket;
  const work = mayWork(caller, ticket);
  const actions: TicketAction[] = [];
  for (const action of ticketStatusActions) {
    if (!canLeave(action, status)) continue;
    const may =
      action === 'checkIn'
        ? holds(caller, P.checkIn)
        : action === 'complete'
          ? holds(caller, P.complete) && money.owed <= 0
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
  if (work) actions.push('editContactInfo', 'comment');
  if (work || holds(caller, P.checkIn)) actions.push('editCheckInNote');
  if (work && (status === 'processing' || status === 'paused')) actions.push('workChecklists');
  return actions;
}

/**
 * A person's name as a ticket creates a customer with it: letters (any script), spaces, apostrophes, dots and
 * hyphens, at least one letter (CustomerNameInvalid otherwise: digits, symbols, markup).
 */
export const validPersonName = (name: string) => /^[\p{L}\p{M}' .-]+$/u.test(name) && /\p{L}/u.test(name);

/** The initial password of a customer created with a ticket: the last 6 digits of the phone (document 2 §9). */
export const initialPassword = (phoneNo: string) => phoneNo.replace(/\D/g, '').slice(-6);
