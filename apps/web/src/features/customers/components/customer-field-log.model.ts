/**
 * A field log value as text: addresses and names as people write them, booleans as yes/no, anything else
 * structured as compact JSON. `translate` turns enum values (statuses, sources) into the user's language.
 */
export function formatLogValue(
  field: string,
  value: unknown,
  labels: { yes: string; no: string; translate: (field: string, value: string) => string | null },
): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (typeof value === 'string') return labels.translate(field, value) ?? value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (typeof record.first === 'string' && typeof record.last === 'string') return `${record.first} ${record.last}`;
    const parts = ['line1', 'line2', 'zip', 'city', 'region', 'country']
      .map((key) => record[key])
      .filter((part): part is string => typeof part === 'string' && part !== '');
    if (parts.length > 0 && Object.keys(record).every((key) => typeof record[key] === 'string'))
      return parts.join(', ');
  }
  return JSON.stringify(value);
}
