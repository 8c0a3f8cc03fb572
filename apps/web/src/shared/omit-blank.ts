/** What omitBlank leaves of a value: the same shape, every text field possibly absent. */
export type WithoutBlank<T> = T extends string
  ? T
  : T extends readonly (infer Item)[]
    ? WithoutBlank<Item>[]
    : T extends File | Blob | Date
      ? T
      : T extends object
        ? { [K in keyof T]?: WithoutBlank<T[K]> }
        : T;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Document 1 §7.9: blank text fields (empty or only whitespace) become absent before checklist and work-item
 * bodies are sent, in nested objects and in arrays of objects too. Everything else (numbers, 0, false, null, empty
 * arrays) is kept: null means "clear" in these bodies (an option's price), which is not the same as absent.
 */
export function omitBlank<T>(value: T): WithoutBlank<T> {
  if (Array.isArray(value)) return value.map((item) => omitBlank(item)) as WithoutBlank<T>;
  if (!isPlainObject(value)) return value as WithoutBlank<T>;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    if (typeof field === 'string' && field.trim() === '') continue;
    kept[key] = omitBlank(field);
  }
  return kept as WithoutBlank<T>;
}

/**
 * A text field of a PATCH body, present only when it changed. A field cleared on an edit form is sent as empty text,
 * which the server stores as none: leaving it out, as omitBlank does for blanks, would keep the old text
 * (docs/decisions.md "Checklist screens").
 */
export function changedText<K extends string>(
  key: K,
  before: string | null | undefined,
  after: string | undefined,
): Partial<Record<K, string>> {
  const next = (after ?? '').trim() === '' ? '' : (after as string);
  return next === (before ?? '') ? {} : ({ [key]: next } as Record<K, string>);
}
