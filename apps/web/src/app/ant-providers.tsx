import { App as AntApp, theme as antTheme, Button, ConfigProvider } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { type RetryAction, registerNotifier } from '../shared/http.ts';
import { currentLocale, i18n, loadWithEachLocale } from '../shared/i18n/i18n.ts';
import { isLocale, type Locale } from '../shared/i18n/locales.ts';
import { useLocale, useReducedMotion } from './providers.tsx';
import { accessibleLightComponents, accessibleLightTokens, brandTokens, useThemeSettings } from './theme.ts';

/**
 * antd's context for the pages that use antd (the console's shell, the signed-out pages other than login). Not at
 * the root: the login page is plain markup, and antd, its styles and dayjs stay off the first screen (issue 27).
 */

/**
 * antd and dayjs follow the i18next locale together (document 1 §1). English is antd's and dayjs's own default; the
 * other locales' texts are downloaded for the reader's locale only, with its translations (issue 27).
 */
const localeLoaders: Record<Exclude<Locale, 'en-US'>, () => Promise<[AntLocale, string]>> = {
  'es-ES': () => Promise.all([import('antd/locale/es_ES'), import('dayjs/locale/es')]).then(([m]) => [m.default, 'es']),
  'it-IT': () => Promise.all([import('antd/locale/it_IT'), import('dayjs/locale/it')]).then(([m]) => [m.default, 'it']),
  'ko-KR': () => Promise.all([import('antd/locale/ko_KR'), import('dayjs/locale/ko')]).then(([m]) => [m.default, 'ko']),
  'zh-CN': () =>
    Promise.all([import('antd/locale/zh_CN'), import('dayjs/locale/zh-cn')]).then(([m]) => [m.default, 'zh-cn']),
};
const loaded = new Map<Locale, [AntLocale, string]>([['en-US', [enUS, 'en']]]);
const pending = new Map<Locale, Promise<void>>();
// AntProviders re-renders when a locale's texts arrive (useSyncExternalStore on the count of loaded locales).
const arrivals = new Set<() => void>();

function loadAntLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale) || locale === 'en-US') return Promise.resolve();
  let load = pending.get(locale);
  if (!load) {
    load = localeLoaders[locale]().then(
      (texts) => {
        loaded.set(locale, texts);
        pending.delete(locale);
        if (currentLocale() === locale) dayjs.locale(texts[1]);
        for (const arrived of arrivals) arrived();
      },
      (error: unknown) => {
        pending.delete(locale);
        throw error;
      },
    );
    pending.set(locale, load);
  }
  return load;
}

function applyDayjsLocale(language: string): void {
  if (!isLocale(language)) return;
  const texts = loaded.get(language);
  if (texts) dayjs.locale(texts[1]);
  // A switch made before this module was loaded (on the login page) did not wait for these texts: fetch them now;
  // antd and dayjs follow when they arrive. A failed download leaves antd in English until the next switch.
  else void loadAntLocale(language).catch(() => undefined);
}
loadWithEachLocale(loadAntLocale);
// Registered ahead of the components' own subscriptions, so dayjs has switched before pages re-render their dates.
i18n.on('languageChanged', applyDayjsLocale);

const onArrival = (arrived: () => void) => {
  arrivals.add(arrived);
  return () => arrivals.delete(arrived);
};
const loadedCount = () => loaded.size;

/** The reader's locale for antd and dayjs: awaited before the first antd page renders (router.tsx, lazy-page.ts). */
export async function antLocaleReady(): Promise<void> {
  await loadAntLocale(currentLocale());
  applyDayjsLocale(currentLocale());
}

const retryButton: RetryAction = (onClick, label) => (
  <Button type="primary" size="small" onClick={onClick}>
    {label}
  </Button>
);

/** Gives http.ts the notification API of the antd App context, so notifications follow theme and locale. */
function NotifierBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    registerNotifier(notification, retryButton);
    return () => registerNotifier(null);
  }, [notification]);
  return null;
}

export function AntProviders({ children }: { children: ReactNode }) {
  const locale = useLocale();
  useSyncExternalStore(onArrival, loadedCount);
  const reducedMotion = useReducedMotion();
  const { theme } = useThemeSettings();
  // The browser's own controls (the dashboard's selects, scrollbars) follow the theme too.
  useEffect(() => {
    document.documentElement.style.colorScheme = theme.dark ? 'dark' : 'light';
  }, [theme.dark]);
  const algorithm = [
    theme.dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    ...(theme.compact ? [antTheme.compactAlgorithm] : []),
  ];
  return (
    <ConfigProvider
      locale={(loaded.get(locale) ?? loaded.get('en-US'))?.[0]}
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
  );
}
