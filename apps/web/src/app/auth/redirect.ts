/** The login page's address, carrying where to come back to (document 1 §2.1). The root needs no redirect. */
export function loginPath(location: { pathname: string; search: string }): string {
  const back = `${location.pathname}${location.search}`;
  if (back === '/' || location.pathname.startsWith('/auth/')) return '/auth/login';
  return `/auth/login?redirect=${encodeURIComponent(back)}`;
}

/**
 * A redirect taken from the URL is followed only when it is a path of this console: a value like
 * `//evil.example` or `https://…` would otherwise turn the login page into an open redirect.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'https://console.invalid');
    if (url.origin !== 'https://console.invalid') return null;
    if (url.pathname.startsWith('/auth/')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
