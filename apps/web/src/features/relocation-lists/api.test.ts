import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { relocationQuery } from './api.ts';

const base = {
  pageNo: 2,
  pageSize: 20,
  sort: 'checkoutAt:desc',
  partnerId: undefined,
  fromSiteId: undefined,
  toSiteId: undefined,
  status: undefined,
  checkout: [] as string[],
};

describe('relocationQuery', () => {
  it('leaves empty filters out', () => {
    expect(relocationQuery(base)).toEqual({ pageNo: 2, pageSize: 20, sort: 'checkoutAt:desc' });
  });

  it('sends the checkout days as the start of the first and the end of the last local day', () => {
    const query = relocationQuery({ ...base, status: 'open', fromSiteId: 'a', checkout: ['2026-11-01', '2026-11-03'] });
    expect(query).toMatchObject({ status: 'open', fromSiteId: 'a' });
    expect(query.checkoutFrom).toBe(dayjs('2026-11-01').startOf('day').toISOString());
    expect(query.checkoutTo).toBe(dayjs('2026-11-03').endOf('day').toISOString());
  });

  it('ignores a hand-edited range that is not two days', () => {
    expect(relocationQuery({ ...base, checkout: ['2026-11-01'] })).not.toHaveProperty('checkoutFrom');
    expect(relocationQuery({ ...base, checkout: ['yesterday', 'today'] })).not.toHaveProperty('checkoutTo');
  });
});
