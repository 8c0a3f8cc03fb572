import type { Resource } from 'i18next';
import { type Messages, translationFiles } from './translation-files.ts';

/** Every locale's translations at once, for tests that compare locales; the console loads one (i18n.ts). */
const eager = import.meta.glob<Messages>(['./*/*.json', '../../features/*/i18n/*.json'], {
  eager: true,
  import: 'default',
});

export const resources: Resource = {};
for (const { path, namespace, locale } of translationFiles(Object.keys(eager))) {
  resources[locale] = { ...resources[locale], [namespace]: eager[path] ?? {} };
}
