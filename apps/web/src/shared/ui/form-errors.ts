import type { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';

/** One antd form field's errors, ready for form.setFields. */
export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/**
 * Contract and server messages are English sentences; they double as keys of the `validation` namespace.
 * Messages carrying a number ("Must be at most 50 characters") are matched by pattern first.
 */
const patterns: { pattern: RegExp; key: string; param?: string }[] = [
  // zod's own wording for a missing value ("Invalid input: expected string, received undefined").
  { pattern: /^Invalid input: expected \w+, received (undefined|null)$/, key: 'This field is required' },
  { pattern: /^Must be at most (\d+) characters$/, key: 'Must be at most {{count}} characters', param: 'count' },
  {
    pattern: /^Password must be at least (\d+) characters$/,
    key: 'Password must be at least {{count}} characters',
    param: 'count',
  },
];

/** A message's key in the validation namespace, with the number it carries when its pattern has one. */
export function validationKeyOf(message: string): { key: string; values: Record<string, number> } {
  for (const { pattern, key, param } of patterns) {
    const match = pattern.exec(message);
    if (match) return { key, values: param ? { [param]: Number(match[1]) } : {} };
  }
  return { key: message, values: {} };
}

export function translateValidationMessage(message: string): string {
  const { key, values } = validationKeyOf(message);
  return i18n.t(key, { ns: 'validation', ...values, defaultValue: message });
}

type Issues = z.ZodError['issues'];

/** zod issues → antd field errors; issues without a field path are returned as form-level messages. */
export function zodIssuesToFieldErrors(issues: Issues): { fields: FieldError[]; form: string[] } {
  const byPath = new Map<string, FieldError>();
  const form: string[] = [];
  for (const issue of issues) {
    const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const message = translateValidationMessage(issue.message);
    if (name.length === 0) {
      form.push(message);
      continue;
    }
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    // A union reports one issue per branch; the same text twice under one field helps nobody.
    if (!entry.errors.includes(message)) entry.errors.push(message);
    byPath.set(key, entry);
  }
  return { fields: [...byPath.values()], form };
}

/** A ValidationError's `data.fields` ("attachments.0.url" → message) → antd field errors. */
export function serverFieldsToFieldErrors(fields: Record<string, string>): FieldError[] {
  return Object.entries(fields).map(([path, message]) => ({
    name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [translateValidationMessage(message)],
  }));
}

/** Errors for one field out of a whole-form validation (used for live, per-field rules). */
export function errorsAt(issues: Issues, name: readonly (string | number)[]): string[] {
  const key = name.join('.');
  return zodIssuesToFieldErrors(issues).fields.find((f) => f.name.join('.') === key)?.errors ?? [];
}
