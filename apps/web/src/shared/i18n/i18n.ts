import i18next, { type Resource } from 'i18next';
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

/**
 * Translations are flat JSON files, one per namespace and locale:
 *   shared/i18n/<namespace>/<locale>.json        (common, permission, validation)
 *   features/<domain>/i18n/<locale>.json         (namespace = <domain>)
 * Keys are flat ("login.submit", "permission.asset.read"): the permission catalogue uses a family's key both
 * as a label and as the prefix of its actions, which nested JSON cannot express.
 */
type Messages = Record<string, string>;

const sharedFiles = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });
const featureFiles = import.meta.glob<Messages>('../../features/*/i18n/*.json', { eager: true, import: 'default' });

function collect(): { resources: Resource; namespaces: string[] } {
  const resources: Resource = {};
  const namespaces = new Set<string>();
  const add = (namespace: string, locale: string, messages: Messages) => {
    if (!isLocale(locale)) throw new Error(`Unknown locale file ${namespace}/${locale}.json`);
    resources[locale] = { ...resources[locale], [namespace]: messages };
    namespaces.add(namespace);
  };
  for (const [path, messages] of Object.entries(sharedFiles)) {
    const [, namespace, locale] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (namespace && locale) add(namespace, locale, messages);
  }
  for (const [path, messages] of Object.entries(featureFiles)) {
    const [, namespace, locale] = /features\/([^/]+)\/i18n\/([^/]+)\.json$/.exec(path) ?? [];
    if (namespace && locale) add(namespace, locale, messages);
  }
  return { resources, namespaces: [...namespaces] };
}

export const { resources, namespaces } = collect();

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
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
});

/** Switches the interface language and remembers it; antd and dayjs follow through the providers. */
export async function changeLocale(locale: Locale): Promise<void> {
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
