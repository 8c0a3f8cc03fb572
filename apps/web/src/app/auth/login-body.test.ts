import { describe, expect, it } from 'vitest';
import { passwordLogin } from './login-body.ts';

describe('passwordLogin', () => {
  it('sends an e-mail as email and anything else as username, trimmed', () => {
    expect(passwordLogin(' elena@fleetdesk.local ', 'pw', true)).toEqual({
      email: 'elena@fleetdesk.local',
      password: 'pw',
      rememberMe: true,
    });
    expect(passwordLogin(' counter.staff ', 'pw', false)).toEqual({
      username: 'counter.staff',
      password: 'pw',
      rememberMe: false,
    });
  });
});
