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
import { partOfNamespace, type TranslationPart } from './namespaces.ts';
import { type Messages, translationFiles } from './translation-files.ts';

/**
 * Translations are flat JSON files, one per namespace and locale:
 *   shared/i18n/<namespace>/<locale>.json        (common, permission, validation)
 *   features/<domain>/i18n/<locale>.json         (namespace = <domain>)
 * Keys are flat ("login.submit", "permission.asset.read"): the permission catalogue uses a family's key both
 * as a label and as the prefix of its actions, which nested JSON cannot express.
 *
 * Only the reader's locale is downloaded (vite.config.ts makes three chunks per locale), before the first render
 * and on a switch: the sign-in part first, the console's first screen's part with the console's routes, the other
 * pages' part with the first of those pages (issue 27; namespaces.ts says which is which).
 */
const loaders = import.meta.glob<Messages>(['./*/*.json', '../../features/*/i18n/*.json'], { import: 'default' });
const files = translationFiles(Object.keys(loaders));

export const namespaces = [...new Set(files.map((f) => f.namespace))];

export const i18n = i18next.createInstance();

/** What every locale needs downloaded: the sign-in part first, the console's parts once they were asked for. */
const wanted = new Set<TranslationPart>(['signIn']);
const loading = new Map<string, Promise<void>>();

function loadPart(locale: Locale, part: TranslationPart): Promise<void> {
  const key = `${locale}/${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = Promise.all(
      files
        .filter((f) => f.locale === locale && partOfNamespace(f.namespace) === part)
        .map(async (f) => {
          const load = loaders[f.path];
          if (load) i18n.addResourceBundle(locale, f.namespace, await load(), true, true);
        }),
    ).then(
      () => undefined,
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/**
 * What else a locale needs before the interface switches to it, registered by the modules that need it (antd's and
 * dayjs's texts, app/ant-providers.tsx): loaded with the translations, so a switch shows no mix of languages.
 */
const companions: ((locale: Locale) => Promise<void>)[] = [];
export function loadWithEachLocale(load: (locale: Locale) => Promise<void>): void {
  companions.push(load);
}

const loadTranslations = (locale: Locale) => Promise.all([...wanted].map((part) => loadPart(locale, part)));

/** Downloads what is wanted of a locale, once; a failed download is tried again on the next call. */
export async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all([loadTranslations(locale), ...companions.map((load) => load(locale))]);
}

/** The console's first screen's namespaces, from now on in every locale: awaited with the console's routes (router.tsx). */
export async function loadConsoleTranslations(): Promise<void> {
  wanted.add('shell');
  await loadLocale(currentLocale());
}

/** Every other page's namespaces, from now on in every locale: awaited with each such page (shell-routes.tsx). */
export async function loadPageTranslations(): Promise<void> {
  wanted.add('shell');
  wanted.add('pages');
  await loadLocale(currentLocale());
}

/**
 * The zh-CN fallback (document 1 §1) is fetched only when a key is missing from the reader's locale, which the
 * translation tests forbid: the language change afterwards re-renders what showed the bare key.
 */
let fallbackRequested = false;
function loadFallbackOnce(): void {
  if (fallbackRequested) return;
  fallbackRequested = true;
  // Only the fallback's translations: antd and dayjs keep the reader's locale.
  void loadTranslations(FALLBACK_LOCALE).then(
    () => i18n.changeLanguage(i18n.language),
    () => {
      fallbackRequested = false;
    },
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
