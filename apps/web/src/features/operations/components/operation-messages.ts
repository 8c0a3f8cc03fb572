import { type FieldError, translateValidationMessage } from '../../../shared/ui/form-errors.ts';

/** zod issues or server `data.fields` ("services.sms.apiKey" → message) → antd field errors. */
export function toFieldErrors(
  entries: { path: readonly PropertyKey[] | string; message: string }[],
  prefix: (string | number)[] = [],
): FieldError[] {
  const byPath = new Map<string, FieldError>();
  for (const { path, message } of entries) {
    const parts = typeof path === 'string' ? path.split('.') : path.filter((p) => typeof p !== 'symbol');
    const name = [...prefix, ...parts.map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p))] as (
      | string
      | number
    )[];
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    const text = translateValidationMessage(message);
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byPath.set(key, entry);
  }
  return [...byPath.values()];
}

export const fieldEntries = (fields: Record<string, string>) =>
  Object.entries(fields).map(([path, message]) => ({ path, message }));
