import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Screen state that must survive a reload or a shared link (filters, paging, sort, an open drawer) lives in
 * the URL's search params (ARCHITECTURE.md rule 7). A codec reads and writes one param; values equal to the
 * codec's fallback are left out so default screens have clean URLs.
 */
export interface UrlCodec<T> {
  readonly fallback: T;
  // Method syntax on purpose: it lets a shape hold codecs of different value types.
  read(raw: readonly string[]): T;
  write(value: T): string[];
}

export type UrlShape = Record<string, UrlCodec<unknown>>;
export type UrlStateOf<S extends UrlShape> = { [K in keyof S]: S[K] extends UrlCodec<infer T> ? T : never };

const present = (raw: readonly string[]) => raw.find((v) => v !== '');

export const urlParam = {
  /** Free text; absent when empty. */
  string: (): UrlCodec<string | undefined> => ({
    fallback: undefined,
    read: (raw) => present(raw),
    write: (value) => (value ? [value] : []),
  }),
  /** An integer within bounds; anything unreadable falls back (a hand-edited URL must not break the page). */
  integer: (fallback: number, bounds: { min?: number; max?: number } = {}): UrlCodec<number> => ({
    fallback,
    read: (raw) => {
      const value = Number(present(raw));
      if (!Number.isInteger(value)) return fallback;
      if (bounds.min !== undefined && value < bounds.min) return fallback;
      if (bounds.max !== undefined && value > bounds.max) return fallback;
      return value;
    },
    write: (value) => [String(value)],
  }),
  /** A repeated param (`?status=a&status=b`). */
  list: (): UrlCodec<string[]> => ({
    fallback: [],
    read: (raw) => raw.filter((v) => v !== ''),
    write: (value) => value.filter((v) => v !== ''),
  }),
  boolean: (): UrlCodec<boolean | undefined> => ({
    fallback: undefined,
    read: (raw) => {
      const value = present(raw);
      return value === 'true' ? true : value === 'false' ? false : undefined;
    },
    write: (value) => (value === undefined ? [] : [String(value)]),
  }),
  /** One of a fixed set of values (a tab, a status); unknown values fall back. */
  oneOf: <T extends string>(values: readonly T[], fallback: T): UrlCodec<T> => ({
    fallback,
    read: (raw) => {
      const value = present(raw);
      return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : fallback;
    },
    write: (value) => [value],
  }),
  /** Like oneOf, but absent means "none" (e.g. which drawer is open). */
  optionalOneOf: <T extends string>(values: readonly T[]): UrlCodec<T | undefined> => ({
    fallback: undefined,
    read: (raw) => {
      const value = present(raw);
      return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined;
    },
    write: (value) => (value === undefined ? [] : [value]),
  }),
};

/** Reads every param of the shape from the search params. */
export function readUrlState<S extends UrlShape>(shape: S, search: URLSearchParams): UrlStateOf<S> {
  const state: Record<string, unknown> = {};
  for (const [key, codec] of Object.entries(shape)) state[key] = codec.read(search.getAll(key));
  return state as UrlStateOf<S>;
}

const sameParams = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Applies a patch to the search params; params outside the shape are kept, defaults are dropped. */
export function writeUrlState<S extends UrlShape>(
  shape: S,
  search: URLSearchParams,
  patch: Partial<UrlStateOf<S>>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    const codec = shape[key];
    if (!codec) continue;
    next.delete(key);
    const raw = codec.write(value);
    if (sameParams(raw, codec.write(codec.fallback))) continue;
    for (const item of raw) next.append(key, item);
  }
  return next;
}

export interface SetUrlStateOptions {
  /** Replace the history entry instead of pushing one (typing in a filter should not fill the back button). */
  replace?: boolean;
}

/** The shape's state from the URL, and a setter that patches it. Define the shape outside the component. */
export function useUrlState<S extends UrlShape>(
  shape: S,
): [UrlStateOf<S>, (patch: Partial<UrlStateOf<S>>, options?: SetUrlStateOptions) => void] {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readUrlState(shape, search), [shape, search]);
  const setState = useCallback(
    (patch: Partial<UrlStateOf<S>>, options: SetUrlStateOptions = {}) =>
      setSearch((current) => writeUrlState(shape, current, patch), { replace: options.replace }),
    [shape, setSearch],
  );
  return [state, setState];
}
