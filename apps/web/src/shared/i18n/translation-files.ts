import { isLocale, type Locale } from './locales.ts';

export type Messages = Record<string, string>;

export interface TranslationFile {
  path: string;
  namespace: string;
  locale: Locale;
}

/**
 * The namespace and locale a translation file's path names, or null: `shared/i18n/<namespace>/<locale>.json` (a
 * glob key `./<namespace>/<locale>.json`) or `features/<namespace>/i18n/<locale>.json`, relative or absolute, with
 * either separator. The runtime loader (translationFiles) and the build's chunking (vite.config.ts) both read it.
 */
export function parseTranslationPath(path: string): { namespace: string; locale: Locale } | null {
  const p = path.replaceAll('\\', '/');
  const [, namespace, locale] =
    /(?:^\.|\/shared\/i18n)\/([^/]+)\/([^/]+)\.json$/.exec(p) ??
    /features\/([^/]+)\/i18n\/([^/]+)\.json$/.exec(p) ??
    [];
  return namespace && locale && isLocale(locale) ? { namespace, locale } : null;
}

/** Names each translation file by its path (parseTranslationPath); an unknown one is a build mistake. */
export function translationFiles(paths: string[]): TranslationFile[] {
  return paths.map((path) => {
    const file = parseTranslationPath(path);
    if (!file) throw new Error(`Unknown translation file ${path}`);
    return { path, ...file };
  });
}
