import { describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { locales } from '../shared/i18n/locales.ts';
import { MAP_NAMESPACE, mapMessages, registerMapMessages } from './map-i18n.ts';

const keysOf = (locale: string) => Object.keys(mapMessages[`./i18n/${locale}.json`] ?? {}).sort();

describe('map translations', () => {
  // The fallback is zh-CN, so a key missing in en-US would show Chinese to English users.
  it.each(locales)('%s has exactly the keys of en-US, none empty', (locale) => {
    expect(keysOf('en-US').length).toBeGreaterThan(0);
    expect(keysOf(locale)).toEqual(keysOf('en-US'));
    for (const value of Object.values(mapMessages[`./i18n/${locale}.json`] ?? {})) expect(value.trim()).not.toBe('');
  });

  it('registers the namespace in every locale', () => {
    registerMapMessages();
    for (const locale of locales) {
      expect(i18n.getFixedT(locale, MAP_NAMESPACE)('zoomIn')).toBe(mapMessages[`./i18n/${locale}.json`]?.zoomIn);
    }
  });
});
