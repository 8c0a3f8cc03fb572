import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { registerQueryClient } from '../shared/http.ts';
import { currentLocale, i18n } from '../shared/i18n/i18n.ts';
import { isLocale, type Locale } from '../shared/i18n/locales.ts';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { storedTheme, THEME_KEY, ThemeContext, type ThemeSettings } from './theme.ts';

/**
 * The root's providers, light enough for the login page's first screen (issue 27). antd's context (ConfigProvider,
 * App, notifications, dayjs's locale) is ant-providers.tsx, around the pages that use antd.
 */

function applyLocale(language: string): void {
  if (isLocale(language)) document.documentElement.lang = language;
}
applyLocale(currentLocale());
i18n.on('languageChanged', applyLocale);

/** The i18next locale, as state: a switch re-renders whatever follows it. */
export function useLocale(): Locale {
  const [locale, setLocale] = useState(currentLocale);
  useEffect(() => {
    const follow = (language: string) => {
      if (isLocale(language)) setLocale(language);
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, []);
  return locale;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Whether the user asked the system for less motion. antd's animations (modals zooming, popovers fading)
 * are switched off then: they add nothing a reader needs, and a click during one can be lost.
 */
export function useReducedMotion(): boolean {
  const query = useMemo(() => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null), []);
  const [reduced, setReduced] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const follow = () => setReduced(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [query]);
  return reduced;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeSettings>(storedTheme);
  const themeContext = useMemo(
    () => ({
      theme,
      setTheme: (next: ThemeSettings) => {
        setThemeState(next);
        localStorage.setItem(THEME_KEY, JSON.stringify(next));
      },
    }),
    [theme],
  );
  // The network notification's Retry fetches this client's failed reads again.
  useEffect(() => {
    registerQueryClient(queryClient);
    return () => registerQueryClient(null);
  }, [queryClient]);

  return (
    <ErrorBoundary>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ThemeContext.Provider value={themeContext}>{children}</ThemeContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </ErrorBoundary>
  );
}
