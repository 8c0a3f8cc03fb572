import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  type OrderFilterState,
  orderExportQueryOf,
  orderFilterOf,
  orderFilterProblems,
  orderListQueryOf,
  startRangeValid,
} from './order-list.model.ts';

const none: OrderFilterState = {
  search: undefined,
  status: undefined,
  leaseStatus: undefined,
  partnerId: undefined,
  assetCategoryId: undefined,
  rentSiteIdIn: [],
  startFrom: undefined,
  startTo: undefined,
  customerId: undefined,
};
const site = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('order list filters', () => {
  it('sends only what is set, the search trimmed', () => {
    expect(orderFilterOf(none)).toEqual({});
    expect(isFiltered(none)).toBe(false);
    expect(orderFilterOf({ ...none, search: '  R261120  ', status: 'Open', rentSiteIdIn: [site(1)] })).toEqual({
      search: 'R261120',
      status: 'Open',
      rentSiteIdIn: [site(1)],
    });
    expect(isFiltered({ ...none, search: '   ' })).toBe(false);
    // The customer detail links to one customer's orders.
    expect(orderFilterOf({ ...none, customerId: site(7) })).toEqual({ customerId: site(7) });
    expect(orderFilterOf({ ...none, customerId: 'not-an-id' })).toEqual({});
  });

  it('sends the start range as instants when the later start is not before the earlier one', () => {
    const range = { startFrom: '2026-11-01T08:00:00+01:00', startTo: '2026-11-01T08:00:00+01:00' };
    expect(orderFilterOf({ ...none, ...range })).toEqual({
      startFrom: '2026-11-01T07:00:00.000Z',
      startTo: '2026-11-01T07:00:00.000Z',
    });
    expect(orderFilterOf({ ...none, startTo: '2026-11-02T00:00:00Z' })).toEqual({
      startTo: '2026-11-02T00:00:00.000Z',
    });
  });

  it('leaves out an inverted start range and says why', () => {
    const inverted = { ...none, startFrom: '2026-11-02T00:00:00Z', startTo: '2026-11-01T00:00:00Z' };
    expect(startRangeValid(inverted.startFrom, inverted.startTo)).toBe(false);
    expect(orderFilterOf(inverted)).toEqual({});
    expect(orderFilterProblems(inverted)).toEqual(['startRange']);
    expect(orderFilterOf({ ...none, startFrom: 'yesterday' })).toEqual({});
  });

  it('searches at most 100 rent sites (document 2 §9)', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => site(i));
    expect(orderFilterOf({ ...none, rentSiteIdIn: hundred }).rentSiteIdIn).toHaveLength(100);
    expect(orderFilterProblems({ ...none, rentSiteIdIn: hundred })).toEqual([]);
    const tooMany = [...hundred, site(100)];
    expect(orderFilterOf({ ...none, rentSiteIdIn: tooMany })).toEqual({});
    expect(orderFilterProblems({ ...none, rentSiteIdIn: tooMany })).toEqual(['tooManySites']);
  });

  it('pages the list and exports every row of the same filters and sort', () => {
    const state = { ...none, status: 'Closed' as const, pageNo: 3, pageSize: 20, sort: 'orderNo:asc' };
    expect(orderListQueryOf(state)).toEqual({ pageNo: 3, pageSize: 20, sort: 'orderNo:asc', status: 'Closed' });
    expect(orderExportQueryOf(state)).toEqual({ sort: 'orderNo:asc', status: 'Closed' });
  });
});
