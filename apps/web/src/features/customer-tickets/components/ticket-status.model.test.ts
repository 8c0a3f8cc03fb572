import type { CustomerTicket, TicketAction, TicketEvent } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { chargeStateOf, exemptRefundMax, statusBarOf, statusButtonsOf } from './ticket-status.model.ts';

const event = (fromStatus: TicketEvent['fromStatus'], toStatus: TicketEvent['toStatus']): TicketEvent => ({
  id: '0190a6a0-0000-7000-8000-000000000009',
  action: 'x',
  fromStatus,
  toStatus,
  user: null,
  data: {},
  at: '2026-11-27T10:00:00.000Z',
});

describe('status bar', () => {
  it('puts processing and paused on the same step, paused waiting', () => {
    expect(statusBarOf({ status: 'processing', history: [] })).toEqual({
      current: 2,
      state: 'process',
      workingLabel: 'processing',
    });
    expect(statusBarOf({ status: 'paused', history: [] })).toEqual({
      current: 2,
      state: 'wait',
      workingLabel: 'paused',
    });
  });

  it('shows finished as the Ready step and completed as done', () => {
    expect(statusBarOf({ status: 'finished', history: [] }).current).toBe(3);
    expect(statusBarOf({ status: 'completed', history: [] })).toMatchObject({ current: 4, state: 'finish' });
  });

  it('stops an unsuccessful ticket, in error, on the step it failed from', () => {
    const history = [event(null, 'new'), event('new', 'checked-in'), event('checked-in', 'unsuccessful')];
    expect(statusBarOf({ status: 'unsuccessful', history })).toEqual({
      current: 1,
      state: 'error',
      workingLabel: 'processing',
    });
    expect(statusBarOf({ status: 'unsuccessful', history: [event('paused', 'unsuccessful')] })).toEqual({
      current: 2,
      state: 'error',
      workingLabel: 'paused',
    });
  });
});

describe('status buttons', () => {
  const ticket = (status: CustomerTicket['status'], allowedActions: TicketAction[], owed = 0) => ({
    status,
    owed,
    allowedActions,
  });

  it('offers only the status actions the server allows, in working order', () => {
    const buttons = statusButtonsOf(ticket('processing', ['fail', 'finish', 'pause', 'comment', 'charge']), true);
    expect(buttons.map((b) => b.action)).toEqual(['pause', 'finish', 'fail']);
    expect(statusButtonsOf(ticket('processing', ['comment']), true)).toEqual([]);
  });

  it('keeps Complete visible but disabled, with the reason, while fees are owed', () => {
    expect(statusButtonsOf(ticket('finished', ['charge'], 12.5), true)).toEqual([
      { action: 'complete', disabledReason: 'owedFee' },
    ]);
    expect(statusButtonsOf(ticket('finished', ['complete', 'charge'], 12.5), true)).toEqual([
      { action: 'complete', disabledReason: 'owedFee' },
    ]);
    // Someone who may not complete is not shown the button at all.
    expect(statusButtonsOf(ticket('finished', ['charge'], 12.5), false)).toEqual([]);
    expect(statusButtonsOf(ticket('finished', ['complete'], 0), true)).toEqual([
      { action: 'complete', disabledReason: null },
    ]);
  });

  it('completes a B2B ticket with its fee owed: the subscription order pays it', () => {
    expect(statusButtonsOf({ ...ticket('finished', ['complete'], 12.5), kind: 'b2b' }, true)).toEqual([
      { action: 'complete', disabledReason: null },
    ]);
  });
});

describe('charge again', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  const later = '2026-11-28T09:00:00.000Z';

  it('is offered while open (the server lists it) on an owed fee', () => {
    expect(chargeStateOf({ owed: 10, chargeOpensAt: null, allowedActions: ['charge'] }, true, now)).toEqual({
      offered: true,
      opensAt: null,
    });
  });

  it('is shown with the time it opens again to someone who may charge, before 24 hours have passed', () => {
    const waiting = { owed: 10, chargeOpensAt: later, allowedActions: [] };
    expect(chargeStateOf(waiting, true, now)).toEqual({ offered: true, opensAt: later });
    expect(chargeStateOf(waiting, false, now).offered).toBe(false);
  });

  it('is not offered when nothing is owed', () => {
    expect(chargeStateOf({ owed: 0, chargeOpensAt: null, allowedActions: ['charge'] }, true, now).offered).toBe(false);
  });
});

describe('exempt or refund', () => {
  it('never offers more than owed or paid', () => {
    expect(exemptRefundMax({ owed: 20, paid: 0 })).toEqual({ exempt: 20, refund: 0 });
    expect(exemptRefundMax({ owed: 0, paid: 35.5 })).toEqual({ exempt: 0, refund: 35.5 });
  });
});
