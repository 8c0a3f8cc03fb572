import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './providers.tsx';

/** A media query list the test can flip, as the browser does when the system setting changes. */
function stubMatchMedia(initially: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initially,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((text: string) => {
      expect(text).toBe('(prefers-reduced-motion: reduce)');
      return query;
    }),
  );
  return {
    flip(next: boolean) {
      query.matches = next;
      for (const fn of listeners) fn();
    },
    listeners,
  };
}

describe('useReducedMotion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system setting, also when it changes, and stops listening on unmount', () => {
    const media = stubMatchMedia(true);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    act(() => media.flip(false));
    expect(result.current).toBe(false);
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('is off in a browser without matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
  });
});
