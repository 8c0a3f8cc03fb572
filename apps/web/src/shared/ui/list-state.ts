import { useCallback, useMemo } from 'react';
import { type UrlCodec, type UrlShape, type UrlStateOf, urlParam, useUrlState } from './url-state.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/** `sort=name:asc` limited to a list's sort keys (the contracts' sortQuery accepts the same string). */
export function sortParam<K extends string>(keys: readonly K[], fallback: `${K}:${SortDirection}`): UrlCodec<string> {
  const pattern = new RegExp(`^(${keys.join('|')}):(asc|desc)$`);
  return {
    fallback,
    read: (raw) => {
      const value = raw.find((v) => pattern.test(v));
      return value ?? fallback;
    },
    write: (value) => [value],
  };
}

export function parseSort<K extends string>(value: string): SortState<K> {
  const [key, direction] = value.split(':') as [K, SortDirection];
  return { key, direction };
}

/** Largest page the API serves (contracts pageQuery.max). */
/** antd's sortOrder of a column sorted by `sortKey`, read from the list's sort state (null: not this column). */
export function sortOrderOf(sortKey: string | undefined, sort: SortState): 'ascend' | 'descend' | null {
  if (sortKey === undefined || sort.key !== sortKey) return null;
  return sort.direction === 'asc' ? 'ascend' : 'descend';
}

export const MAX_PAGE_SIZE = 100;

export interface ListStateDefinition<F extends UrlShape, K extends string> {
  filters: F;
  sortKeys: readonly K[];
  /** Document 1 §7.1: lists sort by createdAt descending unless a screen says otherwise. */
  defaultSort?: `${K}:${SortDirection}`;
  defaultPageSize?: number;
}

export interface ListState<F extends UrlShape = UrlShape, K extends string = string> {
  pageNo: number;
  pageSize: number;
  /** The `key:dir` string sent to the API. */
  sort: string;
  sortState: SortState<K>;
  filters: UrlStateOf<F>;
  /** What the list endpoint's query wants: paging, sort and every filter. */
  query: { pageNo: number; pageSize: number; sort: string } & UrlStateOf<F>;
  setPage: (pageNo: number, pageSize: number) => void;
  // Method syntax keeps ListState<F, "name"> usable where ListState<F, string> is expected.
  setSort(sort: SortState<K> | null): void;
  /** New filters start again at page 1. */
  setFilters: (filters: Partial<UrlStateOf<F>>) => void;
  /** The filter shape, so the list page can tell which form fields are filters. */
  filterShape: F;
}

/** Builds a list's URL shape once; call at module level and pass the result to useListState. */
export function defineList<F extends UrlShape, K extends string>(definition: ListStateDefinition<F, K>) {
  const defaultSort = definition.defaultSort ?? (`createdAt:desc` as `${K}:${SortDirection}`);
  const shape = {
    ...definition.filters,
    pageNo: urlParam.integer(1, { min: 1 }),
    pageSize: urlParam.integer(definition.defaultPageSize ?? 10, { min: 1, max: MAX_PAGE_SIZE }),
    sort: sortParam(definition.sortKeys, defaultSort),
  };
  return { shape, filters: definition.filters, defaultSort };
}

/** Paging, sort and filters of one list, read from and written to the URL. */
export function useListState<F extends UrlShape, K extends string>(list: ReturnType<typeof defineList<F, K>>) {
  const [state, setState] = useUrlState(list.shape);
  const { pageNo, pageSize, sort } = state as unknown as { pageNo: number; pageSize: number; sort: string };
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(list.filters)) values[key] = (state as Record<string, unknown>)[key];
  // The same object while the filter values stay the same: the filter form is set from it, so a new one after an
  // unrelated change of the URL (a dialog opening, the sort, the page) would wipe what the user has typed there and
  // not yet searched. (URL values are strings, numbers, booleans and lists: JSON tells them apart.)
  const valuesJson = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the values' JSON on purpose (see above)
  const filters = useMemo(() => values as UrlStateOf<F>, [valuesJson]);

  type Patch = Parameters<typeof setState>[0];
  const setPage = useCallback(
    (nextPage: number, nextSize: number) =>
      setState({ pageNo: nextSize === pageSize ? nextPage : 1, pageSize: nextSize } as Patch),
    [setState, pageSize],
  );
  const setSort = useCallback(
    (next: SortState<K> | null) =>
      setState({ sort: next ? `${next.key}:${next.direction}` : list.defaultSort, pageNo: 1 } as Patch),
    [setState, list.defaultSort],
  );
  const setFilters = useCallback(
    (next: Partial<UrlStateOf<F>>) => setState({ ...next, pageNo: 1 } as Patch),
    [setState],
  );

  return useMemo<ListState<F, K>>(
    () => ({
      pageNo,
      pageSize,
      sort,
      sortState: parseSort<K>(sort),
      filters,
      query: { ...filters, pageNo, pageSize, sort },
      setPage,
      setSort,
      setFilters,
      filterShape: list.filters,
    }),
    [pageNo, pageSize, sort, filters, setPage, setSort, setFilters, list.filters],
  );
}
