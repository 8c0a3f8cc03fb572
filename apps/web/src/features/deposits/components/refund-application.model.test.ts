import type { DepositRefundApplication } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { readUrlState } from '../../../shared/ui/url-state.ts';
import { depositUrls, refundApplicationList } from '../urls.ts';
import {
  isFiltered,
  isWaiting,
  refreshSelection,
  refundApplicationQueryOf,
  refundTotals,
} from './refund-application.model.ts';

const partnerId = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const read = (search: string) => readUrlState(refundApplicationList.shape, new URLSearchParams(search));

function application(
  id: string,
  patch: Partial<DepositRefundApplication> & { customerId?: string } = {},
): DepositRefundApplication {
  const { customerId = 'c1', ...rest } = patch;
  return {
    id,
    customer: { id: customerId, name: `Customer ${customerId}`, phoneNo: '+393330000000' },
    partner: { id: partnerId, name: 'Milano Bike Hub' },
    assetCategory: { id: 'cat', name: 'City e-bike' },
    quantity: 1,
    amount: 150,
    currency: 'EUR',
    appliedAt: '2026-01-01T10:00:00.000Z',
    status: 'Waiting',
    refundStatus: null,
    refundedAmount: 0,
    reviewer: null,
    reviewedAt: null,
    note: null,
    ...rest,
  };
}

describe('refund application list URL ↔ query', () => {
  it('a bare URL is the first page of ten, unfiltered', () => {
    const state = read('');
    expect(refundApplicationQueryOf(state)).toEqual({ pageNo: 1, pageSize: 10 });
    expect(isFiltered(state)).toBe(false);
  });

  it('reads status, refund status, partner and the applied range as instants', () => {
    const state = read(
      `status=Approved&refundStatus=PartialSucceeded&partnerId=${partnerId}&pageNo=2` +
        '&applied=2026-01-01T00:00:00%2B01:00&applied=2026-02-01T00:00:00%2B01:00',
    );
    expect(refundApplicationQueryOf(state)).toEqual({
      pageNo: 2,
      pageSize: 10,
      status: 'Approved',
      refundStatus: 'PartialSucceeded',
      partnerId,
      appliedFrom: '2025-12-31T23:00:00.000Z',
      appliedTo: '2026-01-31T23:00:00.000Z',
    });
    expect(isFiltered(state)).toBe(true);
  });

  it('ignores what a hand-edited URL made up', () => {
    const state = read('status=Lost&refundStatus=Maybe&partnerId=acme&applied=yesterday&applied=today');
    expect(refundApplicationQueryOf(state)).toEqual({ pageNo: 1, pageSize: 10 });
    expect(isFiltered(state)).toBe(false);
  });

  it('links to the list with filters, without defaults', () => {
    expect(depositUrls.applications()).toBe('/customer/deposit-refund-application');
    expect(depositUrls.applications({ status: 'Waiting', pageNo: 1 })).toBe(
      '/customer/deposit-refund-application?status=Waiting',
    );
  });
});

describe('refund totals', () => {
  it('counts customers once, adds quantities and sums each currency in cents', () => {
    const totals = refundTotals([
      application('a', { customerId: 'c1', quantity: 2, amount: 300 }),
      application('b', { customerId: 'c1', quantity: 1, amount: 0.1 }),
      application('c', { customerId: 'c2', quantity: 1, amount: 0.2 }),
      application('d', { customerId: 'c3', quantity: 1, amount: 50000, currency: 'KRW' }),
    ]);
    expect(totals).toEqual({
      customers: 3,
      quantity: 5,
      amounts: [
        { currency: 'EUR', amount: 300.3 },
        { currency: 'KRW', amount: 50000 },
      ],
    });
  });

  it('is empty for no applications', () => {
    expect(refundTotals([])).toEqual({ customers: 0, quantity: 0, amounts: [] });
  });
});

describe('selection', () => {
  it('only waiting applications can be selected', () => {
    expect(isWaiting(application('a'))).toBe(true);
    expect(isWaiting(application('a', { status: 'Approved' }))).toBe(false);
    expect(isWaiting(application('a', { status: 'Canceled' }))).toBe(false);
  });

  it('drops rows someone else reviewed and refreshes the others; rows of other pages stay', () => {
    const selected = new Map([
      ['a', application('a')],
      ['b', application('b')],
      ['z', application('z')],
    ]);
    const next = refreshSelection(selected, [
      application('a', { quantity: 2 }),
      application('b', { status: 'Canceled' }),
      application('c'),
    ]);
    expect([...next.keys()]).toEqual(['a', 'z']);
    expect(next.get('a')?.quantity).toBe(2);
  });

  it('keeps the same selection when the page holds none of it', () => {
    const selected = new Map([['z', application('z')]]);
    expect(refreshSelection(selected, [application('a')])).toBe(selected);
  });
});
