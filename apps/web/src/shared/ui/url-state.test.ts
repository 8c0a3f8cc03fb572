import { describe, expect, it } from 'vitest';
import { defineList, parseSort } from './list-state.ts';
import { readUrlState, urlParam, writeUrlState } from './url-state.ts';

const shape = {
  search: urlParam.string(),
  pageNo: urlParam.integer(1, { min: 1 }),
  status: urlParam.list(),
  archived: urlParam.boolean(),
  tab: urlParam.oneOf(['subscribed', 'finished'] as const, 'subscribed'),
};

describe('URL state', () => {
  it('reads defaults from an empty query', () => {
    expect(readUrlState(shape, new URLSearchParams())).toEqual({
      search: undefined,
      pageNo: 1,
      status: [],
      archived: undefined,
      tab: 'subscribed',
    });
  });

  it('reads every kind of param', () => {
    const search = new URLSearchParams('search=acme&pageNo=3&status=a&status=b&archived=false&tab=finished');
    expect(readUrlState(shape, search)).toEqual({
      search: 'acme',
      pageNo: 3,
      status: ['a', 'b'],
      archived: false,
      tab: 'finished',
    });
  });

  it('falls back when a hand-edited value makes no sense', () => {
    const search = new URLSearchParams('pageNo=-2&tab=nonsense&archived=maybe');
    expect(readUrlState(shape, search)).toMatchObject({ pageNo: 1, tab: 'subscribed', archived: undefined });
  });

  it('leaves defaults out of the URL and keeps params it does not own', () => {
    const next = writeUrlState(shape, new URLSearchParams('drawer=edit&pageNo=4'), {
      pageNo: 1,
      search: 'bike',
      status: ['x', 'y'],
    });
    expect(next.toString()).toBe('drawer=edit&search=bike&status=x&status=y');
  });

  it('removes a cleared text filter', () => {
    expect(writeUrlState(shape, new URLSearchParams('search=old'), { search: '' }).toString()).toBe('');
  });

  it('round-trips what it writes', () => {
    const state = { search: 'a b&c', pageNo: 7, status: ['ä'], archived: true, tab: 'finished' as const };
    expect(readUrlState(shape, writeUrlState(shape, new URLSearchParams(), state))).toEqual(state);
  });
});

describe('list URL state', () => {
  const list = defineList({ filters: { search: urlParam.string() }, sortKeys: ['createdAt', 'name'] as const });

  it('defaults to page 1, 10 rows, createdAt descending', () => {
    expect(readUrlState(list.shape, new URLSearchParams())).toEqual({
      search: undefined,
      pageNo: 1,
      pageSize: 10,
      sort: 'createdAt:desc',
    });
  });

  it('accepts only the list sort keys and page sizes up to 100', () => {
    const search = new URLSearchParams('sort=password:asc&pageSize=1000');
    expect(readUrlState(list.shape, search)).toMatchObject({ sort: 'createdAt:desc', pageSize: 10 });
    expect(readUrlState(list.shape, new URLSearchParams('sort=name:asc&pageSize=50'))).toMatchObject({
      sort: 'name:asc',
      pageSize: 50,
    });
  });

  it('splits a sort value into key and direction', () => {
    expect(parseSort('name:asc')).toEqual({ key: 'name', direction: 'asc' });
  });
});
