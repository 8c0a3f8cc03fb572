import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  isLocale,
  LOCALE_KEY,
  type Locale,
  locales,
  storedLocale,
} from './locales.ts';
import { type Messages, translationFiles } from './translation-files.ts';

/**
 * Translations are flat JSON files, one per namespace and locale:
 *   shared/i18n/<namespace>/<locale>.json        (common, permission, validation)
 *   features/<domain>/i18n/<locale>.json         (namespace = <domain>)
 * Keys are flat ("login.submit", "permission.asset.read"): the permission catalogue uses a family's key both
 * as a label and as the prefix of its actions, which nested JSON cannot express.
 *
 * Only the reader's locale is downloaded (one chunk per locale, vite.config.ts), before the first render and on
 * a switch: the four others would be four times the bytes of the first screen (issue 27).
 */
const loaders = import.meta.glob<Messages>(['./*/*.json', '../../features/*/i18n/*.json'], { import: 'default' });
const files = translationFiles(Object.keys(loaders));

export const namespaces = [...new Set(files.map((f) => f.namespace))];

export const i18n = i18next.createInstance();

const loading = new Map<Locale, Promise<void>>();

/** Downloads a locale's translations once; a failed download is tried again on the next call. */
export function loadLocale(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all(
      files
        .filter((f) => f.locale === locale)
        .map(async (f) => {
          const load = loaders[f.path];
          if (load) i18n.addResourceBundle(locale, f.namespace, await load(), true, true);
        }),
    ).then(
      () => undefined,
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * The zh-CN fallback (document 1 §1) is fetched only when a key is missing from the reader's locale, which the
 * translation tests forbid: the language change afterwards re-renders what showed the bare key.
 */
function loadFallbackOnce(): void {
  if (loading.has(FALLBACK_LOCALE)) return;
  void loadLocale(FALLBACK_LOCALE).then(
    () => i18n.changeLanguage(i18n.language),
    () => undefined,
  );
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  ns: namespaces,
  defaultNS: 'common',
  lng: storedLocale(),
  supportedLngs: [...locales],
  fallbackLng: FALLBACK_LOCALE,
  keySeparator: false,
  // Validation messages are English sentences used as keys; some contain ':' and must not be split.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
  saveMissing: true,
  missingKeyHandler: loadFallbackOnce,
});

/** The stored locale's translations: awaited before the console's first render. */
export const ready = (): Promise<void> => loadLocale(currentLocale());

/** Switches the interface language and remembers it; antd and dayjs follow through the providers. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // The choice then lasts for this page only.
  }
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
