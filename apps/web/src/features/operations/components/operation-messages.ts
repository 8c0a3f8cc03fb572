import { i18n } from '../../../shared/i18n/i18n.ts';
import { type FieldError, translateValidationMessage } from '../../../shared/ui/form-errors.ts';

/**
 * The spec's operation-setting messages ("CreditCard policy must be required", …) are translated in this
 * feature's namespace, keyed by their English text; anything else goes through the shared validation one.
 */
export function translateOperationMessage(message: string): string {
  if (i18n.exists(message, { ns: 'operations' })) return i18n.t(message, { ns: 'operations' });
  return translateValidationMessage(message);
}

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
    const text = translateOperationMessage(message);
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byPath.set(key, entry);
  }
  return [...byPath.values()];
}

export const fieldEntries = (fields: Record<string, string>) =>
  Object.entries(fields).map(([path, message]) => ({ path, message }));
