import type { RentingIntent } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import {
  appointmentWindowText,
  appointmentWindowValid,
  type IntentFilterState,
  intentActions,
  intentFilterOf,
  intentFilterProblems,
  intentListQueryOf,
  intentPatchOf,
  intentRefusalOf,
  isFiltered,
} from './intent-list.model.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const none: IntentFilterState = {
  search: undefined,
  status: undefined,
  partnerId: undefined,
  assetCategoryId: undefined,
  siteId: undefined,
  customerId: undefined,
  appointmentFrom: undefined,
  appointmentTo: undefined,
};
const intent: RentingIntent = {
  id: uuid(1),
  customer: { id: uuid(2), name: 'Giulia Bianchi', phoneNo: '+393331001037' },
  partner: { id: uuid(3), name: 'Milano Bike Hub' },
  assetCategory: { id: uuid(4), name: 'City e-bike' },
  site: { id: uuid(5), name: 'Duomo Station' },
  appointmentStartFrom: '2026-11-27T09:00:00.000Z',
  appointmentStartTo: '2026-11-27T10:00:00.000Z',
  status: 'Pending',
  overdue: false,
  order: null,
  note: 'Needs a child seat',
  cancelReason: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
};
const refused = (status: number, code: string, message: string, data: unknown = null) =>
  new ApiError(status, code, message, data, '/api/customer/renting/intents/x');

describe('intent list filters', () => {
  it('sends only what is set, the search trimmed and ids only when they are ids', () => {
    expect(intentFilterOf(none)).toEqual({});
    expect(isFiltered(none)).toBe(false);
    expect(
      intentFilterOf({ ...none, search: '  +39333 ', status: 'Confirmed', partnerId: uuid(3), siteId: uuid(5) }),
    ).toEqual({ search: '+39333', status: 'Confirmed', partnerId: uuid(3), siteId: uuid(5) });
    expect(isFiltered({ ...none, search: '   ' })).toBe(false);
    expect(intentFilterOf({ ...none, customerId: uuid(2), assetCategoryId: 'bikes' })).toEqual({ customerId: uuid(2) });
  });

  it('sends the appointment range as instants when the later start is not before the earlier one', () => {
    expect(
      intentFilterOf({
        ...none,
        appointmentFrom: '2026-11-27T09:00:00+01:00',
        appointmentTo: '2026-11-27T09:00:00+01:00',
      }),
    ).toEqual({ appointmentFrom: '2026-11-27T08:00:00.000Z', appointmentTo: '2026-11-27T08:00:00.000Z' });
    expect(intentFilterOf({ ...none, appointmentTo: '2026-11-28T00:00:00Z' })).toEqual({
      appointmentTo: '2026-11-28T00:00:00.000Z',
    });
    expect(intentFilterProblems({ ...none, appointmentFrom: '2026-11-27T00:00:00Z' })).toEqual([]);
  });

  it('leaves out a reversed appointment range and says why', () => {
    const reversed = { ...none, appointmentFrom: '2026-11-28T00:00:00Z', appointmentTo: '2026-11-27T00:00:00Z' };
    expect(intentFilterOf(reversed)).toEqual({});
    expect(intentFilterProblems(reversed)).toEqual(['appointmentRange']);
    expect(intentFilterOf({ ...none, appointmentFrom: 'tomorrow' })).toEqual({});
  });

  it('pages and sorts the list as the URL says', () => {
    const state = { ...none, status: 'Pending' as const, pageNo: 2, pageSize: 20, sort: 'appointmentStartFrom:asc' };
    expect(intentListQueryOf(state)).toEqual({
      pageNo: 2,
      pageSize: 20,
      sort: 'appointmentStartFrom:asc',
      status: 'Pending',
    });
  });
});

describe('intent actions', () => {
  const all = { update: true, createOrder: true };

  it('offers edit, confirm, cancel and create order on a pending intent', () => {
    expect(intentActions(intent, all)).toEqual({ edit: true, confirm: true, cancel: true, createOrder: true });
  });

  it('does not confirm a confirmed intent again', () => {
    expect(intentActions({ ...intent, status: 'Confirmed' }, all)).toEqual({
      edit: true,
      confirm: false,
      cancel: true,
      createOrder: true,
    });
  });

  it('offers nothing on a fulfilled or canceled intent, or without renting_intent.update', () => {
    const nothing = { edit: false, confirm: false, cancel: false, createOrder: false };
    expect(intentActions({ ...intent, status: 'Fulfilled' }, all)).toEqual(nothing);
    expect(intentActions({ ...intent, status: 'Canceled' }, all)).toEqual(nothing);
    expect(intentActions(intent, { update: false, createOrder: true })).toEqual(nothing);
  });

  it('creates an order only with order.create and while no order is in its checkout', () => {
    expect(intentActions(intent, { update: true, createOrder: false }).createOrder).toBe(false);
    expect(intentActions({ ...intent, order: { id: uuid(9), orderNo: 'R2611270001' } }, all).createOrder).toBe(false);
  });
});

describe('intent edit', () => {
  it('wants the end of the appointment strictly after its start', () => {
    expect(appointmentWindowValid('2026-11-27T09:00:00Z', '2026-11-27T09:30:00Z')).toBe(true);
    expect(appointmentWindowValid('2026-11-27T09:00:00Z', '2026-11-27T09:00:00Z')).toBe(false);
    expect(appointmentWindowValid('2026-11-27T10:00:00Z', '2026-11-27T09:00:00Z')).toBe(false);
    expect(appointmentWindowValid(undefined, '2026-11-27T09:00:00Z')).toBe(false);
  });

  it('sends only what changed', () => {
    const same = {
      appointmentStartFrom: '2026-11-27T10:00:00+01:00',
      appointmentStartTo: intent.appointmentStartTo,
      siteId: uuid(5),
      note: ' Needs a child seat ',
    };
    expect(intentPatchOf(intent, same)).toEqual({});
    expect(intentPatchOf(intent, { ...same, appointmentStartTo: '2026-11-27T12:30:00+01:00' })).toEqual({
      appointmentStartTo: '2026-11-27T11:30:00.000Z',
    });
  });

  it('sends a cleared site and a blank note as null, and leaves out what the form does not hold', () => {
    expect(intentPatchOf(intent, { siteId: undefined, note: '   ' })).toEqual({ siteId: null, note: null });
    expect(intentPatchOf({ ...intent, site: null, note: null }, { siteId: uuid(6), note: 'Call first' })).toEqual({
      siteId: uuid(6),
      note: 'Call first',
    });
    expect(intentPatchOf(intent, {})).toEqual({});
  });

  it('puts the server field errors on their fields and other refusals above them', () => {
    const fields = { appointmentStartTo: 'The end of the appointment must be after its start' };
    expect(intentRefusalOf(refused(400, 'ValidationError', 'Invalid', { fields }))).toEqual({ fields, problem: null });
    expect(intentRefusalOf(refused(409, 'IntentNotOpen', 'Only a pending or confirmed intent can change'))).toEqual({
      fields: null,
      problem: 'Only a pending or confirmed intent can change',
    });
    expect(intentRefusalOf(refused(0, 'NetworkError', 'offline'))).toEqual({ fields: null, problem: null });
    expect(intentRefusalOf(refused(500, 'Internal', 'boom'))).toEqual({ fields: null, problem: null });
  });
});

describe('appointment window text', () => {
  const format = {
    dateTime: (iso: string) => iso.slice(0, 16).replace('T', ' '),
    time: (iso: string) => iso.slice(11, 16),
    day: (iso: string) => iso.slice(0, 10),
  };

  it('writes the end as a time on the same day and in full on another', () => {
    expect(appointmentWindowText(intent, format)).toBe('2026-11-27 09:00 – 10:00');
    expect(appointmentWindowText({ ...intent, appointmentStartTo: '2026-11-28T08:00:00.000Z' }, format)).toBe(
      '2026-11-27 09:00 – 2026-11-28 08:00',
    );
  });
});
