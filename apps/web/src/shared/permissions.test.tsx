import type { PartnerScope, Profile } from '@fleetdesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCan, useCanChangeAccountWide } from './permissions.ts';
import { profileQuery } from './profile.ts';
import { clearToken, setToken } from './session.ts';

/** Renders a hook for a signed-in user whose profile is already loaded (no request leaves the test). */
function signedInAs(permissions: string[], partnerScope: PartnerScope) {
  setToken('test-token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(profileQuery.queryKey, { username: 'staff', permissions, partnerScope } as unknown as Profile);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useCanChangeAccountWide', () => {
  afterEach(() => clearToken());
  const requirement = [['tax_group.write']];

  it('offers an account-wide change to an account user holding the permission', () => {
    const { result } = renderHook(() => useCanChangeAccountWide(requirement), {
      wrapper: signedInAs(['tax_group.write'], '*'),
    });
    expect(result.current).toBe(true);
  });

  it('does not offer it to a partner user, even with the permission the server would check', () => {
    const wrapper = signedInAs(['tax_group.write'], ['9a1f3c4e-0000-4000-8000-000000000001']);
    const { result } = renderHook(() => [useCan(requirement), useCanChangeAccountWide(requirement)], { wrapper });
    expect(result.current).toEqual([true, false]);
  });

  it('does not offer it without the permission', () => {
    const { result } = renderHook(() => useCanChangeAccountWide(requirement), {
      wrapper: signedInAs(['tax_group.read'], '*'),
    });
    expect(result.current).toBe(false);
  });
});
