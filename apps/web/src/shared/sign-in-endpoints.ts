import type { authEndpoints, Endpoint, oidcEndpoints } from '@fleetdesk/contracts';

/**
 * The calls of the login page, without their zod schemas: the contracts build every schema when they load, and zod
 * would be a sixth of the first screen (issue 27). `call` needs only the method, the path and whether a token
 * goes along; the types are the contracts' own, and sign-in-endpoints.test.ts holds these to the contracts.
 */
const light = <E extends Endpoint>(endpoint: Pick<Endpoint, 'method' | 'path' | 'requires'>) =>
  endpoint as unknown as E;

export const signInEndpoints = {
  login: light<typeof authEndpoints.login>({ method: 'POST', path: '/account/auth/login', requires: 'public' }),
  sendVerificationCode: light<typeof authEndpoints.sendVerificationCode>({
    method: 'POST',
    path: '/account/auth/verification-codes',
    requires: 'public',
  }),
  oidcConfig: light<typeof oidcEndpoints.config>({
    method: 'GET',
    path: '/account/auth/oidc/config',
    requires: 'public',
  }),
  oidcStart: light<typeof oidcEndpoints.start>({
    method: 'POST',
    path: '/account/auth/oidc/$start',
    requires: 'public',
  }),
};

/**
 * Whether what was typed is an e-mail, as the contracts' `email` (zod's pattern, at most 254 characters) decides;
 * the test compares the two.
 */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const isEmail = (text: string): boolean => text.length <= 254 && EMAIL.test(text);
