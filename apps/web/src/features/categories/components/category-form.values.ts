import { type AssetCategory, type CategoryInput, categoryInput, type PropertyInput } from '@fleetdesk/contracts';
import { type FieldError, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';

/** What the form holds: the contract's input, with text fields as '' rather than absent. */
export type CategoryFormValues = CategoryInput;

export const basicFields = ['name', 'assetType', 'detailUrl', 'description', 'isIot'] as const;

export const emptyProperty = (): PropertyInput => ({
  name: '',
  valueType: 'TEXT',
  updateMethod: 'MANUAL',
  isUnique: false,
});

export const newCategoryValues = (): Partial<CategoryFormValues> => ({
  name: '',
  detailUrl: '',
  description: '',
  isIot: false,
  properties: [],
});

/** A stored category as form values; properties keep their id so the PUT matches them. */
export function categoryToInput(c: AssetCategory): CategoryFormValues {
  return {
    name: c.name,
    assetType: c.assetType,
    detailUrl: c.detailUrl ?? '',
    description: c.description ?? '',
    isIot: c.isIot,
    properties: c.properties.map(({ id, name, valueType, updateMethod, isUnique }) => ({
      id,
      name,
      valueType,
      updateMethod,
      isUnique,
    })),
  };
}

/**
 * Checks the whole form with the contract and returns only the errors of one step ("basic" fields or the
 * properties), so step 1 can be left while step 2 is still empty, and nothing is checked twice by hand.
 */
export function stepErrors(values: unknown, step: 'basic' | 'properties'): FieldError[] {
  const parsed = categoryInput.safeParse(values);
  if (parsed.success) return [];
  const inStep = (first: unknown) =>
    step === 'properties' ? first === 'properties' : (basicFields as readonly unknown[]).includes(first);
  return zodIssuesToFieldErrors(parsed.error.issues).fields.filter((f) => inStep(f.name[0]));
}

/** The field paths an antd `onValuesChange` reports as changed, list rows included (["properties", 2, "name"]). */
export function changedPaths(changed: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(changed)) {
    return changed.flatMap((item, index) => (item === undefined ? [] : changedPaths(item, [...prefix, index])));
  }
  if (typeof changed === 'object' && changed !== null && prefix.length > 0 && prefix[0] === 'properties') {
    return Object.entries(changed).flatMap(([key, value]) => changedPaths(value, [...prefix, key]));
  }
  if (typeof changed === 'object' && changed !== null && prefix.length === 0) {
    return Object.entries(changed).flatMap(([key, value]) =>
      key === 'properties' ? changedPaths(value, [key]) : [[key]],
    );
  }
  return [prefix];
}
