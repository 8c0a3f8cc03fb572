import { isLocale, type Locale } from './locales.ts';

export type Messages = Record<string, string>;

export interface TranslationFile {
  path: string;
  namespace: string;
  locale: Locale;
}

/** Names each translation file by its path: `./<namespace>/<locale>.json` or `features/<namespace>/i18n/<locale>.json`. */
export function translationFiles(paths: string[]): TranslationFile[] {
  return paths.map((path) => {
    const [, namespace, locale] =
      /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? /features\/([^/]+)\/i18n\/([^/]+)\.json$/.exec(path) ?? [];
    if (!namespace || !locale || !isLocale(locale)) throw new Error(`Unknown translation file ${path}`);
    return { path, namespace, locale };
  });
}
