/** The console's interface languages (document 1 §1); the first is the default. */
export const locales = ['en-US', 'es-ES', 'it-IT', 'ko-KR', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];

export const DEFAULT_LOCALE: Locale = 'en-US';
export const FALLBACK_LOCALE: Locale = 'zh-CN';
export const LOCALE_KEY = 'fleetdesk.locale';

/** Each language names itself, so a user lost in a foreign locale can still find their own. */
export const localeNames: Record<Locale, string> = {
  'en-US': 'English',
  'es-ES': 'Español',
  'it-IT': 'Italiano',
  'ko-KR': '한국어',
  'zh-CN': '简体中文',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value);

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
