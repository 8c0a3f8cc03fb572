import { describe, expect, it } from 'vitest';
import { isFiltered, partnerListQueryOf } from './ticket-list.model.ts';

const base = { pageNo: 2, pageSize: 20, sort: 'createdAt:desc' as const, search: undefined, statusIn: [] };

describe('partnerListQueryOf', () => {
  it('asks view all with paging and sort, leaving blanks out', () => {
    const query = partnerListQueryOf({ ...base, search: '  ' });
    expect(query).toEqual({ view: 'all', pageNo: 2, pageSize: 20, sort: 'createdAt:desc' });
    expect(isFiltered(query)).toBe(false);
  });

  it('keeps the search and known statuses, drops unknown ones', () => {
    const query = partnerListQueryOf({ ...base, search: ' EB1 ', statusIn: ['finished', 'bogus'] });
    expect(query.search).toBe('EB1');
    expect(query.statusIn).toEqual(['finished']);
    expect(isFiltered(query)).toBe(true);
  });
});
