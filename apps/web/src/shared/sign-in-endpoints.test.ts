import { authEndpoints, email, oidcEndpoints } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { isEmail, signInEndpoints } from './sign-in-endpoints.ts';

const shape = ({ method, path, requires }: { method: string; path: string; requires: unknown }) => ({
  method,
  path,
  requires,
});

describe('signInEndpoints', () => {
  it('call the same method and path as the contracts, without a token', () => {
    expect(shape(signInEndpoints.login)).toEqual(shape(authEndpoints.login));
    expect(shape(signInEndpoints.sendVerificationCode)).toEqual(shape(authEndpoints.sendVerificationCode));
    expect(shape(signInEndpoints.oidcConfig)).toEqual(shape(oidcEndpoints.config));
    expect(shape(signInEndpoints.oidcStart)).toEqual(shape(oidcEndpoints.start));
  });
});

describe('isEmail', () => {
  it('agrees with the contracts’ email schema', () => {
    const samples = [
      'elena@fleetdesk.local',
      'o.brien+ops@example.co.uk',
      "o'brien@example.org",
      'counter.staff',
      'a@b',
      'a@b.c',
      '.dot@example.org',
      'two..dots@example.org',
      'trailing.@example.org',
      'x@-bad.example.org',
      'x@exa_mple.org',
      'space @example.org',
      `${'a'.repeat(245)}@example.org`,
      `${'a'.repeat(240)}@example.org`,
      'ÉLENA@fleetdesk.local',
      '',
    ];
    for (const sample of samples) expect(isEmail(sample), sample).toBe(email.safeParse(sample).success);
  });
});
