import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import {
  awaitsReturnConfirmation,
  canTakeReturn,
  checkReturnLease,
  returnOutcome,
  returnRefusalOf,
  returnSiteChoices,
  returnSubmittedAt,
  staleOrderRefusals,
} from './order-return.model.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MILANO = { id: uuid(1), name: 'Milano Bike Hub' };
const BARCELONA = uuid(2);
const DUOMO = { id: uuid(11), name: 'Duomo Station' };
const BRERA = { id: uuid(12), name: 'Brera Hub' };

const refused = (status: number, code: string, message: string, data: unknown = null) =>
  new ApiError(status, code, message, data, '/api/renting/orders/x/lease/$return');

describe('which return action an order offers', () => {
  it('takes a return only while the order is open and its lease in use', () => {
    expect(canTakeReturn({ status: 'Open', leaseStatus: 'InUse' })).toBe(true);
    expect(canTakeReturn({ status: 'Open', leaseStatus: 'Returning' })).toBe(false);
    expect(canTakeReturn({ status: 'Closed', leaseStatus: 'Returned' })).toBe(false);
    expect(canTakeReturn({ status: 'New', leaseStatus: null })).toBe(false);
  });

  it('confirms a return only while one waits on an open order', () => {
    expect(awaitsReturnConfirmation({ status: 'Open', leaseStatus: 'Returning' })).toBe(true);
    expect(awaitsReturnConfirmation({ status: 'Open', leaseStatus: 'InUse' })).toBe(false);
    expect(awaitsReturnConfirmation({ status: 'Closed', leaseStatus: 'Returned' })).toBe(false);
  });

  it("tells from the server's answer whether the order closed or the return waits", () => {
    expect(returnOutcome({ status: 'Closed', leaseStatus: 'Returned' })).toBe('closed');
    expect(returnOutcome({ status: 'Open', leaseStatus: 'Returning' })).toBe('returning');
  });
});

describe('return sites', () => {
  const sites = [
    { id: BRERA.id, name: BRERA.name, partnerId: MILANO.id },
    { id: DUOMO.id, name: DUOMO.name, partnerId: MILANO.id },
    { id: uuid(13), name: 'Sagrada Familia', partnerId: BARCELONA },
  ];

  it("offers the partner's sites, the rent site first", () => {
    expect(returnSiteChoices(sites, { partner: MILANO, rentSite: DUOMO })).toEqual([
      { id: DUOMO.id, name: DUOMO.name, rentSite: true },
      { id: BRERA.id, name: BRERA.name, rentSite: false },
    ]);
  });

  it('keeps the rent site when the sites cannot be listed, and offers none without one', () => {
    expect(returnSiteChoices([], { partner: MILANO, rentSite: DUOMO })).toEqual([
      { id: DUOMO.id, name: DUOMO.name, rentSite: true },
    ]);
    expect(returnSiteChoices(sites, { partner: MILANO, rentSite: null }).map((s) => s.id)).toEqual([
      BRERA.id,
      DUOMO.id,
    ]);
  });
});

describe('the return to send', () => {
  it('sends another site and a trimmed reason', () => {
    expect(checkReturnLease({ returnSiteId: BRERA.id, reason: ' Back at Brera ' }, DUOMO.id)).toEqual({
      body: { returnSiteId: BRERA.id, reason: 'Back at Brera' },
      errors: [],
    });
  });

  it('leaves out the rent site (the default) and a blank reason', () => {
    expect(checkReturnLease({ returnSiteId: DUOMO.id, reason: '  ' }, DUOMO.id).body).toEqual({});
    expect(checkReturnLease({ returnSiteId: null }, null).body).toEqual({});
  });

  it("refuses a reason longer than the contract's limit on the field", () => {
    expect(checkReturnLease({ reason: 'x'.repeat(501) }, DUOMO.id).errors).toEqual([
      { name: ['reason'], errors: ['Must be at most 500 characters'] },
    ]);
  });
});

describe('refusals', () => {
  it('puts the site refusals under the site', () => {
    for (const code of ['ReturnSiteInvalid', 'CrossSiteReturnNotAllowed'])
      expect(returnRefusalOf(refused(422, code, 'Only at the rent site'))).toEqual({
        fields: [{ name: ['returnSiteId'], errors: ['Only at the rent site'] }],
        problem: null,
      });
  });

  it('shows the others above the form with their code', () => {
    for (const code of ['LeaseNotInUse', 'OrderNotOpen', 'ReturnNotSubmitted'])
      expect(returnRefusalOf(refused(409, code, 'Changed meanwhile'))).toEqual({
        fields: null,
        problem: { code, message: 'Changed meanwhile' },
      });
  });

  it('puts validation errors on their fields and leaves notified failures alone', () => {
    const fields = { reason: 'Must be at most 500 characters' };
    expect(returnRefusalOf(refused(400, 'ValidationError', 'Invalid', { fields }))).toEqual({
      fields: [{ name: ['reason'], errors: ['Must be at most 500 characters'] }],
      problem: null,
    });
    expect(returnRefusalOf(refused(0, 'NetworkError', 'offline'))).toEqual({ fields: null, problem: null });
    expect(returnRefusalOf(refused(500, 'Internal', 'boom'))).toEqual({ fields: null, problem: null });
    expect(returnRefusalOf(new Error('not an API error'))).toEqual({ fields: null, problem: null });
  });

  it('reads the order again after the refusals that mean it changed', () => {
    expect([...staleOrderRefusals].sort()).toEqual(['LeaseNotInUse', 'OrderNotOpen', 'ReturnNotSubmitted']);
    expect(staleOrderRefusals.has('CrossSiteReturnNotAllowed')).toBe(false);
  });
});

describe('the waiting return', () => {
  it('was submitted when its Returning lease says', () => {
    const records = [
      { status: 'Returned' as const, returnSubmittedAt: '2026-11-20T09:00:00.000Z' },
      { status: 'Returning' as const, returnSubmittedAt: '2026-11-26T10:15:00.000Z' },
    ];
    expect(returnSubmittedAt(records)).toBe('2026-11-26T10:15:00.000Z');
    expect(returnSubmittedAt(records.slice(0, 1))).toBeNull();
  });
});
