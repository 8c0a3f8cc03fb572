import { permissionCatalogue } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { menu } from '../../app/menu.ts';
import { mapMessages } from '../../map/map-i18n.ts';
import { resources } from './all-resources.ts';
import { type Locale, locales } from './locales.ts';

/**
 * The keys of a namespace, plural forms folded into their base key: each language has its own plural
 * categories (English one/other, Chinese none), so only the base keys must match across locales.
 */
const keysOf = (locale: string, namespace: string) =>
  [
    ...new Set(
      Object.keys((resources[locale]?.[namespace] as Record<string, string> | undefined) ?? {}).map((k) =>
        k.replace(/_(zero|one|two|few|many|other)$/, ''),
      ),
    ),
  ].sort();

/**
 * Terms a language rightly writes as English does. A translated value equal to the English one passes only if
 * nothing but these terms (whole words, any case), placeholders, digits and signs is left in it: everything else
 * equal to en-US was left untranslated.
 */
const sameInEveryLanguage = [
  // Trademarks and product names
  'Android',
  'Apple Pay',
  'Bluetooth',
  'Google Pay',
  'iOS',
  'Natural Earth',
  'Okai',
  'Rybit Box',
  'Rybit Tag',
  'Stripe',
  'TBox',
  'WhatsApp',
  // Acronyms, codes, key names and the sample codes of placeholders (EB0001, SO-000123)
  'B2B',
  'B2C',
  'BLE',
  'Captcha',
  'Ctrl',
  'CVC',
  'EB0001',
  'EB0002',
  'EB0003',
  'GPS',
  'HH:MM',
  'IoT',
  'ITIN',
  'MQTT',
  'SID',
  'SKU',
  'SMS',
  'SO-000123',
  'SSN',
  // Units
  'h',
  'km',
  'm',
  'min',
  's',
];

/** Words each language uses as English does (its own words spelt alike, or loans it has made its own). */
const sameInLanguage: Record<Locale, readonly string[]> = {
  'en-US': [],
  'es-ES': ['App', 'Error', 'Final', 'General', 'Local', 'Logo', 'Manual', 'No', 'Normal', 'Ticket', 'Total'],
  // Italian business software keeps these English words; the console's Italian glossary uses asset and partner.
  'it-IT': [
    'Account',
    'App',
    'Asset',
    'Checklist',
    'Checkout',
    'Dashboard',
    'Display',
    'E-bike',
    'E-mail',
    'Email',
    'File',
    'Link',
    'Logo',
    'Marketing',
    'No',
    'OK',
    'Offline',
    'Online',
    'Partner',
    'Password',
    'Record',
    'Selfie',
    'Team',
    'Ticket',
    'Timer',
    'Video',
    'Volume',
  ],
  // Card forms and keyboards there write these in Latin letters.
  'ko-KR': ['Enter', 'MM / YY'],
  'zh-CN': ['Enter', 'MM / YY'],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a value equal to the English one is rightly so in this locale. */
function rightlyEnglish(locale: Locale, value: string): boolean {
  let rest = value.replace(/\{\{[^}]*\}\}/g, ' ');
  const terms = [...sameInEveryLanguage, ...sameInLanguage[locale]].sort((a, b) => b.length - a.length);
  for (const term of terms)
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, 'giu'), ' ');
  return !/\p{L}/u.test(rest);
}

describe('translations', () => {
  const namespaces = Object.keys(resources['en-US'] ?? {});

  it('has the shared and feature namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'permission', 'validation', 'partners', 'settings']));
  });

  // i18next asks for the form Intl.PluralRules picks: Spanish and Italian say "many" for 1,000,000, and a key without
  // that form showed its raw name ("assets.count") at a million assets.
  it.each(locales)('%s has every plural form its language uses for every counted key', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const namespace of namespaces) {
      const keys = Object.keys((resources[locale]?.[namespace] as Record<string, string> | undefined) ?? {});
      const counted = new Set(keys.filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length)));
      const missing = [...counted].flatMap((base) =>
        categories.filter((c) => !keys.includes(`${base}_${c}`)).map((c) => `${base}_${c}`),
      );
      expect([namespace, missing]).toEqual([namespace, []]);
    }
  });

  // The fallback is zh-CN, so a key missing in en-US would show Chinese to English users.
  it.each(locales)('%s has exactly the keys of en-US', (locale) => {
    for (const namespace of namespaces)
      expect([namespace, keysOf(locale, namespace)]).toEqual([namespace, keysOf('en-US', namespace)]);
  });

  it('labels every permission family and action of the catalogue', () => {
    const keys = new Set(keysOf('en-US', 'permission'));
    for (const family of permissionCatalogue) {
      expect(keys).toContain(family.labelKey);
      for (const action of family.actions) expect(keys).toContain(`${family.labelKey}.${action}`);
    }
  });

  it('labels every menu entry', () => {
    const keys = new Set(keysOf('en-US', 'common'));
    const walk = (nodes: typeof menu): string[] => nodes.flatMap((n) => [n.labelKey, ...walk(n.children ?? [])]);
    for (const key of walk(menu)) expect(keys).toContain(key);
  });

  // Each locale's messages by namespace, the map's own (map/i18n) among them.
  const messagesOf = (locale: string): Record<string, Record<string, string>> => ({
    ...(resources[locale] as Record<string, Record<string, string>>),
    map: mapMessages[`./i18n/${locale}.json`] ?? {},
  });

  it.each(locales.filter((locale) => locale !== 'en-US'))('%s leaves no value in English', (locale) => {
    const english = messagesOf('en-US');
    const untranslated = Object.entries(messagesOf(locale)).flatMap(([namespace, messages]) =>
      Object.entries(messages)
        .filter(([key, value]) => value === english[namespace]?.[key] && !rightlyEnglish(locale, value))
        .map(([key, value]) => `${namespace} ${key}: ${value}`),
    );
    expect(untranslated).toEqual([]);
  });

  it('tells a rightly English value from one left in English', () => {
    expect(rightlyEnglish('es-ES', '{{count}} min')).toBe(true);
    expect(rightlyEnglish('es-ES', '{{command}} (SMS)')).toBe(true);
    expect(rightlyEnglish('es-ES', '{{from}} → {{to}}')).toBe(true);
    expect(rightlyEnglish('it-IT', 'Asset')).toBe(true);
    expect(rightlyEnglish('es-ES', 'Asset')).toBe(false);
    expect(rightlyEnglish('es-ES', 'Send the link')).toBe(false);
  });

  it('has no empty translation', () => {
    for (const locale of locales) {
      for (const namespace of namespaces) {
        for (const [key, value] of Object.entries(resources[locale]?.[namespace] ?? {})) {
          expect([locale, namespace, key, value]).not.toEqual([locale, namespace, key, '']);
        }
      }
    }
  });
});
