import { describe, expect, it } from 'vitest';
import { validationKeyOf } from '../ui/form-errors.ts';
import { resources } from './i18n.ts';
import { locales } from './locales.ts';

/**
 * Every message the contracts can put under a field or into a refusal, as written in their source: the
 * `message:` of a rule and the `…_MESSAGE` constants. Contract messages reach the user in English unless a
 * namespace translates them (form-errors.ts, describeFailure in http.ts, the features' `msg.` keys).
 */
function contractMessages(): string[] {
  const sources = import.meta.glob<string>(['../../../../../packages/contracts/src/*.ts', '!**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const found = new Set<string>();
  for (const source of Object.values(sources))
    for (const pattern of [/message:\s*'((?:[^'\\]|\\.)+)'/g, /_MESSAGE\s*=\s*'((?:[^'\\]|\\.)+)'/g])
      for (const match of source.matchAll(pattern)) found.add((match[1] as string).replace(/\\(.)/g, '$1'));
  return [...found].sort();
}

/**
 * Messages only a client other than the console can provoke: the console never sends such input (it offers a
 * fixed choice, or builds the value itself), so they stay English, the API's language.
 */
const apiOnly = new Set([
  'At most 10 rings',
  'At most 50 values at a time',
  'Each sort field at most once',
  'Format must be csv or xlsx',
  'Geometry must be a closed GeoJSON polygon',
  'Key must be 1 to 64 letters, digits, dot, dash or underscore',
  'Mode must be required, optional or disabled',
  'Sort must be startedAt:asc or startedAt:desc',
  'South must be below north',
  'Status must be open or completed',
  'The cursor does not belong to this search; start again from page 1',
  'The viewport is larger than a screen at this zoom',
  'Unknown document type',
  'Unknown time zone',
]);

/**
 * Where a message may be translated: the validation namespace by its text (or its pattern, for messages carrying
 * a number), or a feature namespace as `msg.<text>`.
 */
function translated(locale: string, message: string): boolean {
  const namespaces = resources[locale] ?? {};
  const validation = (namespaces.validation ?? {}) as Record<string, string>;
  if (validation[validationKeyOf(message).key]) return true;
  return Object.values(namespaces).some((messages) =>
    Boolean((messages as Record<string, string>)[`msg.${message}`] ?? (messages as Record<string, string>)[message]),
  );
}

describe('contract messages', () => {
  const messages = contractMessages();

  it('are found in the contracts (the scan itself works)', () => {
    expect(messages).toContain('This field is required');
    expect(messages.length).toBeGreaterThan(80);
  });

  it.each(locales)('are translated in %s, except those only other API clients can provoke', (locale) => {
    const missing = messages.filter((m) => !apiOnly.has(m) && !translated(locale, m));
    expect(missing).toEqual([]);
  });

  it('the API-only list names only messages the contracts still have', () => {
    for (const message of apiOnly) expect(messages).toContain(message);
  });
});
