import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirect.ts';

describe('login redirect', () => {
  it('carries the current path and query', () => {
    expect(loginPath({ pathname: '/setting/general/partner/list', search: '?search=a b' })).toBe(
      '/auth/login?redirect=%2Fsetting%2Fgeneral%2Fpartner%2Flist%3Fsearch%3Da%20b',
    );
  });

  it('needs no redirect for the root', () => {
    expect(loginPath({ pathname: '/', search: '' })).toBe('/auth/login');
  });

  it('follows only paths of this console', () => {
    expect(safeRedirect('/team/user/list?pageNo=2')).toBe('/team/user/list?pageNo=2');
    for (const hostile of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '']) {
      expect(safeRedirect(hostile)).toBeNull();
    }
    expect(safeRedirect('/auth/logout')).toBeNull();
  });
});
