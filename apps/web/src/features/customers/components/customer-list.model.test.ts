import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '../../../shared/ui/url-state.ts';
import { customerList } from '../urls.ts';
import { customerExportQueryOf, customerListQueryOf, isFiltered } from './customer-list.model.ts';

const read = (search: string) => readUrlState(customerList.shape, new URLSearchParams(search));

describe('customer list URL ↔ query', () => {
  it('a bare URL is the first page, newest first, unfiltered', () => {
    const state = read('');
    expect(customerListQueryOf(state)).toEqual({ pageNo: 1, pageSize: 10, sort: 'createdAt:desc' });
    expect(isFiltered(state)).toBe(false);
  });

  it('reads every filter and sends the created range as instants', () => {
    const state = read(
      'search=+rossi+&partnerId=p1&status=deleted&idVerificationStatus=pending&paymentMethodBound=true' +
        '&created=2025-01-01T00:00:00%2B01:00&created=2025-02-01T00:00:00%2B01:00&pageNo=2&sort=name:asc',
    );
    expect(customerListQueryOf(state)).toEqual({
      pageNo: 2,
      pageSize: 10,
      sort: 'name:asc',
      search: 'rossi',
      partnerId: 'p1',
      status: 'deleted',
      idVerificationStatus: 'pending',
      paymentMethodBound: 'true',
      createdFrom: '2024-12-31T23:00:00.000Z',
      createdTo: '2025-01-31T23:00:00.000Z',
    });
    expect(isFiltered(state)).toBe(true);
  });

  it('ignores values a hand-edited URL made up', () => {
    const state = read(
      'status=gone&idVerificationStatus=maybe&paymentMethodBound=yes&created=x&created=y&sort=password:asc',
    );
    expect(customerListQueryOf(state)).toEqual({ pageNo: 1, pageSize: 10, sort: 'createdAt:desc' });
  });

  it('the export takes filters and sort but no page', () => {
    const state = read('search=AB12CD&pageNo=3&sort=phoneNo:desc');
    expect(customerExportQueryOf(state)).toEqual({ search: 'AB12CD', sort: 'phoneNo:desc' });
  });

  it('writes filters back without defaults', () => {
    const search = writeUrlState(customerList.shape, new URLSearchParams(), {
      status: 'active',
      pageNo: 1,
      sort: 'createdAt:desc',
    });
    expect(search.toString()).toBe('status=active');
  });
});
