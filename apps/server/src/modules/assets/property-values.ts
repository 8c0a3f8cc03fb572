import { ASSET_TEXT_VALUE_MAX, type AssetPropertyValue } from '@fleetdesk/contracts';

export type PropertyDefinition = { id: string; valueType: string; updateMethod: string; isUnique: boolean };

type Checked = { ok: true; value: Exclude<AssetPropertyValue, null> } | { ok: false; message: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isHttpUrl(value: string): boolean {
  if (value.length > 2048 || value !== value.trim()) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Checks one non-null value a person typed against its property's value type. */
export function checkValue(valueType: string, value: unknown): Checked {
  switch (valueType) {
    case 'BOOLEAN':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: 'Must be true or false' };
    case 'INTEGER':
      return typeof value === 'number' && Number.isSafeInteger(value)
        ? { ok: true, value }
        : { ok: false, message: 'Must be a whole number' };
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, message: 'Must be a number' };
    case 'TEXT':
      if (typeof value !== 'string') return { ok: false, message: 'Must be text' };
      if (value.length > ASSET_TEXT_VALUE_MAX)
        return { ok: false, message: `Must be at most ${ASSET_TEXT_VALUE_MAX} characters` };
      if (value.trim().length === 0) return { ok: false, message: 'Must not be only whitespace' };
      if (value !== value.trim()) return { ok: false, message: 'Must not start or end with whitespace' };
      return { ok: true, value };
    case 'DATE':
      return typeof value === 'string' && isCalendarDate(value)
        ? { ok: true, value }
        : { ok: false, message: 'Must be a date as YYYY-MM-DD' };
    case 'DATE_TIME':
      return typeof value === 'string' &&
        DATE_TIME.test(value) &&
        isCalendarDate(value.slice(0, 10)) &&
        !Number.isNaN(Date.parse(value))
        ? { ok: true, value }
        : { ok: false, message: 'Must be a date and time with its offset (ISO 8601)' };
    case 'LINK':
      return typeof value === 'string' && isHttpUrl(value)
        ? { ok: true, value }
        : { ok: false, message: 'Please enter a valid URL' };
    case 'IMAGE':
      return { ok: false, message: 'Upload images through the image upload' };
    default:
      return { ok: false, message: 'Unknown value type' };
  }
}

/** The text a unique value is compared by: the JSON of the value, so 1 and "1" stay apart. */
export const uniqueKey = (value: Exclude<AssetPropertyValue, null>) => JSON.stringify(value);

export const AUTOMATIC_MESSAGE = 'This property is updated automatically and cannot be set by staff';
export const UNMODIFIABLE_MESSAGE = 'This property cannot be changed once set';
export const UNKNOWN_PROPERTY_MESSAGE = 'Unknown property of this category';
export const UNIQUE_MESSAGE = 'This value is already used by another asset';

/**
 * Applies the values a person sent to what an asset holds: type, update method and "unknown property" checks,
 * field errors keyed `properties.<id>`. `creating` allows UNMODIFIABLE values to be set; later they may only be
 * filled while still empty (never changed or cleared).
 */
export function applyValues(
  definitions: readonly PropertyDefinition[],
  current: Record<string, AssetPropertyValue>,
  sent: Record<string, unknown>,
  creating: boolean,
): { values: Record<string, AssetPropertyValue>; changed: string[]; errors: Record<string, string> } {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const values: Record<string, AssetPropertyValue> = { ...current };
  const changed: string[] = [];
  const errors: Record<string, string> = {};
  for (const [propertyId, raw] of Object.entries(sent)) {
    const field = `properties.${propertyId}`;
    const definition = byId.get(propertyId);
    if (!definition) {
      errors[field] = UNKNOWN_PROPERTY_MESSAGE;
      continue;
    }
    const before = current[propertyId] ?? null;
    if (raw === null || raw === undefined) {
      if (before === null) continue;
      if (definition.updateMethod === 'AUTOMATIC') errors[field] = AUTOMATIC_MESSAGE;
      else if (definition.updateMethod === 'UNMODIFIABLE') errors[field] = UNMODIFIABLE_MESSAGE;
      else if (definition.valueType === 'IMAGE') errors[field] = 'Remove images through the image upload';
      else {
        values[propertyId] = null;
        changed.push(propertyId);
      }
      continue;
    }
    if (definition.updateMethod === 'AUTOMATIC') {
      errors[field] = AUTOMATIC_MESSAGE;
      continue;
    }
    const checked = checkValue(definition.valueType, raw);
    if (!checked.ok) {
      errors[field] = checked.message;
      continue;
    }
    if (JSON.stringify(before) === JSON.stringify(checked.value)) continue;
    if (definition.updateMethod === 'UNMODIFIABLE' && !creating && before !== null) {
      errors[field] = UNMODIFIABLE_MESSAGE;
      continue;
    }
    values[propertyId] = checked.value;
    changed.push(propertyId);
  }
  return { values, changed, errors };
}
