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
import { type ReactNode, useEffect } from 'react';
import { type RetryAction, registerNotifier } from '../shared/http.ts';
import { currentLocale, i18n } from '../shared/i18n/i18n.ts';
import { isLocale, type Locale } from '../shared/i18n/locales.ts';
import { useLocale, useReducedMotion } from './providers.tsx';
import { accessibleLightComponents, accessibleLightTokens, brandTokens, useThemeSettings } from './theme.ts';

/**
 * antd's context for the pages that use antd (the console's shell, the signed-out pages other than login). Not at
 * the root: the login page is plain markup, and antd, its styles and dayjs stay off the first screen (issue 27).
 */

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

function applyDayjsLocale(language: string): void {
  if (isLocale(language)) dayjs.locale(dayjsLocales[language]);
}
// When this module loads, before any antd page renders a date; registered ahead of the components' own
// subscriptions, so dayjs has switched before pages re-render their dates.
applyDayjsLocale(currentLocale());
i18n.on('languageChanged', applyDayjsLocale);

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
  const reducedMotion = useReducedMotion();
  const { theme } = useThemeSettings();
  const algorithm = [
    theme.dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    ...(theme.compact ? [antTheme.compactAlgorithm] : []),
  ];
  return (
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
  );
}
