import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '../../../shared/ui/url-state.ts';
import { customerTransactionList, customerUrls } from '../urls.ts';
import {
  customerTransactionQueryOf,
  isTransactionFiltered,
  refundsUnderCharges,
} from './customer-transactions.model.ts';

const customerId = '3f0c2a4e-8d1b-4c6a-9e2f-1a2b3c4d5e6f';
const partnerId = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const read = (search: string) => readUrlState(customerTransactionList.shape, new URLSearchParams(search));

describe('customer transactions URL ↔ query', () => {
  it('a bare URL is the first page of ten for the customer', () => {
    const state = read('');
    expect(customerTransactionQueryOf(customerId, state)).toEqual({ customerId, pageNo: 1, pageSize: 10 });
    expect(isTransactionFiltered(state)).toBe(false);
  });

  it('reads the partner, category and status filters and the page', () => {
    const state = read(`partnerId=${partnerId}&assetCategoryId=${customerId}&status=Failed&pageNo=3&pageSize=20`);
    expect(customerTransactionQueryOf(customerId, state)).toEqual({
      customerId,
      pageNo: 3,
      pageSize: 20,
      partnerId,
      assetCategoryId: customerId,
      status: 'Failed',
    });
    expect(isTransactionFiltered(state)).toBe(true);
  });

  it('leaves out what a hand-edited URL made up', () => {
    const state = read('partnerId=acme&assetCategoryId=42&status=Lost&pageSize=1000');
    expect(customerTransactionQueryOf(customerId, state)).toEqual({ customerId, pageNo: 1, pageSize: 10 });
  });

  it('links to the page with filters and without defaults', () => {
    expect(customerUrls.transactions(customerId)).toBe(`/customer/detail/${customerId}/transactions`);
    expect(customerUrls.transactions(customerId, { status: 'Pending', pageNo: 1 })).toBe(
      `/customer/detail/${customerId}/transactions?status=Pending`,
    );
    expect(writeUrlState(customerTransactionList.shape, new URLSearchParams(), { pageSize: 10 }).toString()).toBe('');
  });

  it('links to the order list of the customer', () => {
    expect(customerUrls.orders(customerId)).toBe(`/renting/order/list?customerId=${customerId}`);
  });
});

describe('customer transactions as a ledger', () => {
  it('puts each refund right under the deposit payment it gives back', () => {
    const rows = [
      { id: 'refund-b', refundOf: 'b' },
      { id: 'c', refundOf: null },
      { id: 'refund-a', refundOf: 'a' },
      { id: 'b', refundOf: null },
      { id: 'a', refundOf: null },
    ];
    expect(refundsUnderCharges(rows).map((r) => r.id)).toEqual(['c', 'b', 'refund-b', 'a', 'refund-a']);
  });

  it('leaves a refund whose payment is on another page where it is', () => {
    const rows = [
      { id: 'refund-z', refundOf: 'z' },
      { id: 'a', refundOf: null },
    ];
    expect(refundsUnderCharges(rows).map((r) => r.id)).toEqual(['refund-z', 'a']);
  });
});
