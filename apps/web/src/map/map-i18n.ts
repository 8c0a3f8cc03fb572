import { i18n } from '../shared/i18n/i18n.ts';

/**
 * The map's own texts (control titles, the no-WebGL message) live beside it in map/i18n/<locale>.json as the
 * namespace "map". They are added when the map chunk loads, so pages without a map carry none of them.
 */
export const MAP_NAMESPACE = 'map';

export const mapMessages = import.meta.glob<Record<string, string>>('./i18n/*.json', {
  eager: true,
  import: 'default',
});

let registered = false;

export function registerMapMessages(): void {
  if (registered) return;
  registered = true;
  for (const [path, messages] of Object.entries(mapMessages)) {
    const locale = /\/([^/]+)\.json$/.exec(path)?.[1];
    if (locale) i18n.addResourceBundle(locale, MAP_NAMESPACE, messages, true, false);
  }
}
