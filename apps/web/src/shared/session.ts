/**
 * The stored session: only the bearer token lives in the browser, under one fixed key (document 1 §7.1).
 * Everything else about the user comes from the profile query.
 */
export const TOKEN_KEY = 'fleetdesk.token';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be disabled (private mode, policies); the console then behaves as signed out.
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  for (const listener of listeners) listener(token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  for (const listener of listeners) listener(null);
}

/** Lets React state follow sign-in and sign-out done outside components (the 401 handler). */
export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The device token the server gave this browser at its last sign-in: sent with the next one, so this browser is
 * throttled on its own and failed sign-ins elsewhere cannot lock its user out (docs/decisions.md "Sign-in
 * throttling"). Kept across sign-outs: it names the browser, not a session, and grants nothing by itself.
 */
export const DEVICE_KEY = 'fleetdesk.device';

export function getDeviceToken(): string | undefined {
  try {
    return localStorage.getItem(DEVICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function setDeviceToken(token: string | undefined): void {
  if (!token) return;
  try {
    localStorage.setItem(DEVICE_KEY, token);
  } catch {
    // Storage disabled: this browser signs in as an unknown device each time.
  }
}
