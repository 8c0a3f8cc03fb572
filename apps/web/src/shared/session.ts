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
