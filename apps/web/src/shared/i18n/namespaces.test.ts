import { describe, expect, it } from 'vitest';
import { resources } from './all-resources.ts';
import { partOfNamespace } from './namespaces.ts';

/**
 * The console's first screen (the shell and the asset dashboard) renders before the other pages' translations are
 * downloaded (namespaces.ts, shell-routes.tsx): its sources may name only the sign-in and first-screen namespaces.
 */
const firstScreenSources = import.meta.glob<string>(
  [
    '../../app/layout/*.tsx',
    '../../app/*.tsx',
    '../../features/dashboard/**/*.{ts,tsx}',
    '../../features/notifications/**/*.{ts,tsx}',
    '../ui/page-container.tsx',
    '!**/*.test.*',
  ],
  { query: '?raw', import: 'default', eager: true },
);

describe('translation parts', () => {
  it('puts each namespace in one download', () => {
    expect(partOfNamespace('common')).toBe('signIn');
    expect(partOfNamespace('validation')).toBe('signIn');
    expect(partOfNamespace('notifications')).toBe('shell');
    expect(partOfNamespace('dashboard')).toBe('shell');
    expect(partOfNamespace('assets')).toBe('pages');
    expect(partOfNamespace('permission')).toBe('pages');
  });

  it('names only namespaces that exist', () => {
    for (const namespace of ['common', 'validation', 'notifications', 'dashboard'])
      expect(Object.keys(resources['en-US'] ?? {})).toContain(namespace);
  });

  it('keeps the first screen to the sign-in and first-screen namespaces', () => {
    const files = Object.entries(firstScreenSources);
    expect(files.length).toBeGreaterThan(10);
    for (const [file, source] of files) {
      const named = [...source.matchAll(/useTranslation\(\s*'([^']+)'|\bns:\s*'([^']+)'/g)].map((m) => m[1] ?? m[2]);
      for (const namespace of named)
        expect(partOfNamespace(namespace ?? ''), `${file} uses ${namespace}`).not.toBe('pages');
    }
  });
});
