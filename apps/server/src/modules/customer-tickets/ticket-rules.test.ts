import { describe, expect, it } from 'vitest';
import { allowedActions, initialPassword, validPersonName } from './ticket-rules.ts';
import { ticketMoney } from './ticket-view.ts';

const caller = (permissions: string[], userId = 'me') => ({ permissions: new Set(permissions), userId });
const U = 'support.customer_ticket.';
const money = { owed: 0, paid: 0, chargeOpen: true };

describe('ticket rules', () => {
  it('offers a self-assigned mechanic only their own tickets, and start on an unassigned one', () => {
    const mechanic = caller([`${U}update_assigned_to_self`]);
    expect(allowedActions(mechanic, { status: 'checked-in', mechanicUserId: null }, money)).toEqual(['start']);
    expect(allowedActions(mechanic, { status: 'processing', mechanicUserId: 'other' }, money)).toEqual([]);
    expect(allowedActions(mechanic, { status: 'processing', mechanicUserId: 'me' }, money)).toEqual([
      'pause',
      'finish',
      'fail',
      'editContactInfo',
      'comment',
      'editCheckInNote',
      'workChecklists',
    ]);
  });

  it('offers complete only with nothing owed, charge only while it is open, nothing to a viewer', () => {
    const manager = caller([`${U}complete`, `${U}charge_owed_fee`, `${U}exempt_refund`]);
    const ready = { status: 'finished', mechanicUserId: 'x' };
    expect(allowedActions(manager, ready, { owed: 10, paid: 0, chargeOpen: true })).toEqual([
      'charge',
      'exemptOrRefund',
    ]);
    expect(allowedActions(manager, ready, { owed: 10, paid: 0, chargeOpen: false })).toEqual(['exemptOrRefund']);
    expect(allowedActions(manager, ready, { owed: 0, paid: 10, chargeOpen: true })).toEqual([
      'complete',
      'exemptOrRefund',
    ]);
    expect(allowedActions(caller([`${U}read`, `${U}read_detail`]), ready, money)).toEqual([]);
  });

  it('takes the last 6 digits of the phone as the initial password and checks names', () => {
    expect(initialPassword('+39 340 123-4567')).toBe('234567');
    expect(validPersonName("Anne-Marie O'Neil")).toBe(true);
    expect(validPersonName('Zoë')).toBe(true);
    expect(validPersonName('R2D2')).toBe(false);
    expect(validPersonName('<b>')).toBe(false);
    expect(validPersonName('...')).toBe(false);
  });

  it('computes owed from the fee, the charges and the exemptions; refunds do not make it owed again', () => {
    const of = (fee: number | null, charged: number, refunded: number, exempted: number) =>
      ticketMoney({ ticket: { serviceFee: fee, kind: 'b2c' }, charged, refunded, chargePending: 0, exempted });
    expect(of(null, 0, 0, 0)).toMatchObject({ owed: 0, paid: 0 });
    expect(of(40, 0, 0, 0)).toMatchObject({ owed: 4000 });
    expect(of(40, 40, 15, 0)).toMatchObject({ owed: 0, paid: 2500 });
    expect(of(40, 0, 0, 10.5)).toMatchObject({ owed: 2950 });
    expect(of(40, 30, 0, 20)).toMatchObject({ owed: 0 });
  });
});
