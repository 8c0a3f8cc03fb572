import {
  type CustomerTicket,
  type CustomerTicketStatus,
  type TicketAction,
  type TicketStatusAction,
  ticketStatusActions,
} from '@fleetdesk/contracts';

/**
 * The status bar of the workbench: New → Checked-in → Processing/Paused → Ready → Completed. Document 2 calls the
 * status `finished` and shows it as "Ready"; an unsuccessful ticket stops, marked as such, on the step it failed at.
 */
export const statusSteps = ['new', 'checked-in', 'working', 'finished', 'completed'] as const;
export type StatusStep = (typeof statusSteps)[number];

const stepOfStatus: Record<Exclude<CustomerTicketStatus, 'unsuccessful'>, StatusStep> = {
  new: 'new',
  'checked-in': 'checked-in',
  processing: 'working',
  paused: 'working',
  finished: 'finished',
  completed: 'completed',
};

export interface StatusBar {
  current: number;
  /** antd Steps' status of the current step. */
  state: 'process' | 'finish' | 'error' | 'wait';
  /** The working step's label follows the ticket: Processing or Paused. */
  workingLabel: 'processing' | 'paused';
}

/** Where the ticket stands; a failed one from the status it left (its history's fail event). */
export function statusBarOf(ticket: Pick<CustomerTicket, 'status' | 'history'>): StatusBar {
  const workingLabel = ticket.status === 'paused' ? 'paused' : 'processing';
  if (ticket.status === 'unsuccessful') {
    const failed = [...ticket.history].reverse().find((e) => e.toStatus === 'unsuccessful');
    const from = failed?.fromStatus && failed.fromStatus !== 'unsuccessful' ? failed.fromStatus : 'new';
    const fromPaused = from === 'paused';
    return {
      current: statusSteps.indexOf(stepOfStatus[from]),
      state: 'error',
      workingLabel: fromPaused ? 'paused' : 'processing',
    };
  }
  const step = stepOfStatus[ticket.status];
  return {
    current: statusSteps.indexOf(step),
    state: step === 'completed' ? 'finish' : ticket.status === 'paused' ? 'wait' : 'process',
    workingLabel,
  };
}

/** The order the status buttons stand in: the way forward first, failing last. */
const buttonOrder: readonly TicketStatusAction[] = [
  'checkIn',
  'start',
  'resume',
  'pause',
  'finish',
  'complete',
  'fail',
];

export interface StatusButton {
  action: TicketStatusAction;
  /** Why it cannot be pressed now (shown beside it), or null. */
  disabledReason: 'owedFee' | null;
}

/**
 * The status actions to offer: only those the server lists in `allowedActions` for this caller now. Complete is the
 * exception that stays visible, disabled with its reason, while fees are owed on a Ready ticket the caller may
 * complete — so the mechanic sees why the ticket cannot be closed and what to do (charge again, exempt). A B2B
 * ticket completes with its fee owed: the subscription order pays it.
 */
export function statusButtonsOf(
  ticket: Pick<CustomerTicket, 'status' | 'owed' | 'allowedActions'> & { kind?: CustomerTicket['kind'] },
  mayComplete: boolean,
): StatusButton[] {
  const allowed = new Set<TicketAction>(ticket.allowedActions);
  // A B2B fee is the subscription order's to pay: it never holds the ticket open.
  const owes = ticket.owed > 0 && ticket.kind !== 'b2b';
  return buttonOrder
    .filter(
      (action) => allowed.has(action) || (action === 'complete' && mayComplete && ticket.status === 'finished' && owes),
    )
    .map((action) => ({ action, disabledReason: action === 'complete' && owes ? 'owedFee' : null }));
}

export const isStatusAction = (action: TicketAction): action is TicketStatusAction =>
  (ticketStatusActions as readonly string[]).includes(action);

export interface ChargeState {
  /** Whether to offer "Charge again" at all (something owed and the caller may charge). */
  offered: boolean;
  /** When the 24 h rule lets it be sent again; null: now. */
  opensAt: string | null;
}

/**
 * "Charge again" on an owed fee, at most once per 24 h per ticket (document 2 §9). The server lists `charge` only
 * while it is open; before that, someone who may charge still sees the button, disabled, with the time it opens.
 */
export function chargeStateOf(
  ticket: Pick<CustomerTicket, 'owed' | 'chargeOpensAt' | 'allowedActions'>,
  mayCharge: boolean,
  now: number,
): ChargeState {
  const opensAt = ticket.chargeOpensAt && Date.parse(ticket.chargeOpensAt) > now ? ticket.chargeOpensAt : null;
  const offered = ticket.owed > 0 && (ticket.allowedActions.includes('charge') || (mayCharge && opensAt !== null));
  return { offered, opensAt };
}

/** What the exempt-or-refund modal allows: exempt up to what is owed, refund up to what was paid and not refunded. */
export function exemptRefundMax(ticket: Pick<CustomerTicket, 'owed' | 'paid'>): { exempt: number; refund: number } {
  return { exempt: Math.max(0, ticket.owed), refund: Math.max(0, ticket.paid) };
}
