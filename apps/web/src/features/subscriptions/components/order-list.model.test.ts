import { describe, expect, it } from 'vitest';
import { isFiltered, orderListQueryOf } from './order-list.model.ts';

const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const state = { pageNo: 2, pageSize: 20, sort: 'createdAt:desc', partnerIdIn: [], packageIdIn: [], no: undefined };

describe('subscription order list query', () => {
  it('asks one tab with the paging and sort of the URL', () => {
    expect(orderListQueryOf(state, 'finished')).toEqual({
      pageNo: 2,
      pageSize: 20,
      sort: 'createdAt:desc',
      tab: 'finished',
    });
  });

  it('trims the order no and drops ids that cannot exist', () => {
    expect(
      orderListQueryOf({ ...state, no: '  SO-12 ', partnerIdIn: [id, 'x'], packageIdIn: ['nope'] }, 'subscribed'),
    ).toMatchObject({ no: 'SO-12', partnerIdIn: [id] });
    expect(orderListQueryOf({ ...state, packageIdIn: ['nope'] }, 'subscribed')).not.toHaveProperty('packageIdIn');
  });

  it('counts a blank order no as no filter', () => {
    expect(isFiltered({ partnerIdIn: [], packageIdIn: [], no: '  ' })).toBe(false);
    expect(isFiltered({ partnerIdIn: [id], packageIdIn: [], no: undefined })).toBe(true);
  });
});
