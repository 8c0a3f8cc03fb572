/** Where to go once the round trip at the provider ends: the server never learns it, the tab keeps it. */
export const OIDC_REDIRECT_KEY = 'fleetdesk.oidc.redirect';

export function rememberRedirect(redirect: string | null): void {
  try {
    if (redirect) sessionStorage.setItem(OIDC_REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(OIDC_REDIRECT_KEY);
  } catch {
    // Storage disabled: the sign-in still works and lands on the home page.
  }
}

export function takeRedirect(): string | null {
  try {
    const value = sessionStorage.getItem(OIDC_REDIRECT_KEY);
    sessionStorage.removeItem(OIDC_REDIRECT_KEY);
    return value;
  } catch {
    return null;
  }
}
