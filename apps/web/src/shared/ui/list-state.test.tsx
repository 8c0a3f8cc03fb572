import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defineList, sortOrderOf, useListState } from './list-state.ts';
import { urlParam } from './url-state.ts';

describe('sortOrderOf', () => {
  it("gives antd's order for the sorted column only", () => {
    expect(sortOrderOf('no', { key: 'no', direction: 'asc' })).toBe('ascend');
    expect(sortOrderOf('no', { key: 'no', direction: 'desc' })).toBe('descend');
    expect(sortOrderOf('createdAt', { key: 'no', direction: 'asc' })).toBeNull();
    expect(sortOrderOf(undefined, { key: 'no', direction: 'asc' })).toBeNull();
  });
});

describe('useListState', () => {
  const list = defineList({
    filters: { search: urlParam.string(), status: urlParam.list() },
    sortKeys: ['createdAt', 'no'],
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/things?search=bike&status=A&status=B']}>{children}</MemoryRouter>
  );
  const render = () =>
    renderHook(
      () => {
        const [, setSearch] = useSearchParams();
        return { list: useListState(list), setSearch };
      },
      { wrapper },
    );

  it('keeps the same filters object while the URL changes elsewhere, so typed filters are not reset', () => {
    const { result } = render();
    const first = result.current.list.filters;
    expect(first).toEqual({ search: 'bike', status: ['A', 'B'] });

    // A dialog opening, the sort, the page: the filter values are the same.
    act(() =>
      result.current.setSearch((s) => {
        s.set('dialog', 'edit');
        return s;
      }),
    );
    act(() => result.current.list.setSort({ key: 'no', direction: 'asc' }));
    act(() => result.current.list.setPage(2, 10));
    expect(result.current.list.sort).toBe('no:asc');
    expect(result.current.list.pageNo).toBe(2);
    expect(result.current.list.filters).toBe(first);

    // A filter that changes gives a new object (and starts at page 1).
    act(() => result.current.list.setFilters({ status: ['A'] }));
    expect(result.current.list.filters).not.toBe(first);
    expect(result.current.list.filters).toEqual({ search: 'bike', status: ['A'] });
    expect(result.current.list.pageNo).toBe(1);
  });
});
