import { describe, expect, it } from 'vitest';
import { validationKeyOf } from '../ui/form-errors.ts';
import { resources } from './all-resources.ts';
import { locales } from './locales.ts';

/** A single-quoted TypeScript string, captured without its quotes (escapes undone by `unquote`). */
const QUOTED = String.raw`'((?:[^'\\]|\\.)+)'`;
const unquote = (text: string) => text.replace(/\\(.)/g, '$1');

/** The messages these patterns (each with one quoted capture, built around QUOTED) find in these sources. */
function messagesIn(sources: string[], patterns: string[], flags = 'g'): string[] {
  return sources.flatMap((source) =>
    patterns.flatMap((pattern) => [...source.matchAll(new RegExp(pattern, flags))].map((m) => unquote(m[1] as string))),
  );
}

/**
 * Every message the contracts can put under a field or into a refusal (the `message:` of a rule, the
 * `…_MESSAGE` constants), and every refusal the server words itself (DomainError, notFound, the defaults of
 * errors.ts), as written in their source. They reach the user in English unless a namespace translates them
 * (form-errors.ts, the API error of http.ts, the features' `msg.` keys).
 */
function apiMessages(): string[] {
  // Vite reads the options of import.meta.glob at build time: they must be written out in each call.
  const contracts = Object.values(
    import.meta.glob<string>(['../../../../../packages/contracts/src/*.ts', '!**/*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  );
  const server = import.meta.glob<string>(['../../../../server/src/**/*.ts', '!**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const defaults = server['../../../../server/src/errors.ts'] ?? '';
  return [
    ...new Set([
      ...messagesIn(contracts, [String.raw`message:\s*${QUOTED}`, String.raw`_MESSAGE\s*=\s*${QUOTED}`]),
      ...messagesIn(Object.values(server), [
        String.raw`new DomainError\(\s*'\w+',\s*\d+,\s*${QUOTED}`,
        String.raw`notFound\(${QUOTED}\)`,
      ]),
      ...messagesIn([defaults.slice(0, defaults.indexOf('};'))], [String.raw`^\s+\w+: ${QUOTED},$`], 'gm'),
    ]),
  ].sort();
}

/**
 * Messages only a client other than the console can provoke: the console never sends such input (it offers a
 * fixed choice, or builds the value itself), so they stay English, the API's language.
 */
const apiOnly = new Set([
  'At most 10 rings',
  'At most 50 values at a time',
  'The multipart body is malformed',
  'Send the file as multipart/form-data field "file"',
  'Each sort field at most once',
  'Format must be csv or xlsx',
  'Geometry must be a closed GeoJSON polygon',
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

describe('API messages', () => {
  const messages = apiMessages();

  it('are found in the contracts (the scan itself works)', () => {
    expect(messages).toContain('This field is required');
    expect(messages).toContain('You cannot delete your own account');
    expect(messages).toContain('The data do not exist!');
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
