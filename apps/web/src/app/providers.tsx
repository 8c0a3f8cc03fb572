import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, theme as antTheme, Button, ConfigProvider } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import itIT from 'antd/locale/it_IT';
import koKR from 'antd/locale/ko_KR';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/it';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type RetryAction, registerNotifier, registerQueryClient } from '../shared/http.ts';
import { currentLocale, i18n } from '../shared/i18n/i18n.ts';
import { isLocale, type Locale } from '../shared/i18n/locales.ts';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import {
  accessibleLightComponents,
  accessibleLightTokens,
  brandTokens,
  storedTheme,
  THEME_KEY,
  ThemeContext,
  type ThemeSettings,
} from './theme.ts';

/** antd and dayjs follow the i18next locale together (document 1 §1). */
const antLocales: Record<Locale, AntLocale> = {
  'en-US': enUS,
  'es-ES': esES,
  'it-IT': itIT,
  'ko-KR': koKR,
  'zh-CN': zhCN,
};
const dayjsLocales: Record<Locale, string> = {
  'en-US': 'en',
  'es-ES': 'es',
  'it-IT': 'it',
  'ko-KR': 'ko',
  'zh-CN': 'zh-cn',
};

function applyLocale(language: string): void {
  if (!isLocale(language)) return;
  dayjs.locale(dayjsLocales[language]);
  document.documentElement.lang = language;
}
// Registered before any component subscribes, so dayjs has switched before pages re-render their dates.
applyLocale(currentLocale());
i18n.on('languageChanged', applyLocale);

function useLocale(): Locale {
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

const retryButton: RetryAction = (onClick, label) => (
  <Button type="primary" size="small" onClick={onClick}>
    {label}
  </Button>
);

/**
 * Gives http.ts the notification API of the antd App context, so notifications follow theme and locale, and the
 * query client, whose failed reads the network notification's Retry fetches again.
 */
function NotifierBridge() {
  const { notification } = AntApp.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    registerNotifier(notification, retryButton);
    return () => registerNotifier(null);
  }, [notification]);
  useEffect(() => {
    registerQueryClient(queryClient);
    return () => registerQueryClient(null);
  }, [queryClient]);
  return null;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const locale = useLocale();
  const reducedMotion = useReducedMotion();
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
  const algorithm = [
    theme.dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    ...(theme.compact ? [antTheme.compactAlgorithm] : []),
  ];

  return (
    <ErrorBoundary>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ThemeContext.Provider value={themeContext}>
            <ConfigProvider
              locale={antLocales[locale]}
              theme={{
                token: { ...brandTokens, ...(theme.dark ? {} : accessibleLightTokens), motion: !reducedMotion },
                algorithm,
                ...(theme.dark ? {} : { components: accessibleLightComponents }),
              }}
            >
              <AntApp notification={{ maxCount: 1, placement: 'topRight' }} message={{ maxCount: 1 }}>
                <NotifierBridge />
                {children}
              </AntApp>
            </ConfigProvider>
          </ThemeContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </ErrorBoundary>
  );
}
