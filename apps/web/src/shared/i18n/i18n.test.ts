import { permissionCatalogue } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { menu } from '../../app/menu.ts';
import { resources } from './all-resources.ts';
import { locales } from './locales.ts';

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

describe('translations', () => {
  const namespaces = Object.keys(resources['en-US'] ?? {});

  it('has the shared and feature namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'permission', 'validation', 'partners', 'settings']));
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
