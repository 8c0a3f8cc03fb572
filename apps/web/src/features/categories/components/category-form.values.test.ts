import { describe, expect, it } from 'vitest';
import { changedPaths, stepErrors } from './category-form.values.ts';

describe('category form steps', () => {
  const basic = { name: 'City e-bike', assetType: 'EBIKE', detailUrl: '', description: '', isIot: true };

  it('reports only the errors of the step asked for', () => {
    const values = {
      ...basic,
      name: ' ',
      properties: [{ name: '', valueType: 'BOOLEAN', updateMethod: 'MANUAL', isUnique: true }],
    };
    expect(stepErrors(values, 'basic').map((e) => e.name)).toEqual([['name']]);
    expect(stepErrors(values, 'properties').map((e) => e.name.join('.'))).toEqual(
      expect.arrayContaining(['properties.0.name', 'properties.0.isUnique']),
    );
  });

  it('lets step 1 pass with no properties yet, and refuses a bad URL', () => {
    expect(stepErrors({ ...basic, properties: [] }, 'basic')).toEqual([]);
    expect(stepErrors({ ...basic, detailUrl: 'example', properties: [] }, 'basic').map((e) => e.name)).toEqual([
      ['detailUrl'],
    ]);
  });

  it('lists the changed fields of an antd values change, list rows included', () => {
    expect(changedPaths({ name: 'x' })).toEqual([['name']]);
    // biome-ignore lint/suspicious/noSparseArray: antd reports an edited row of a list as a sparse array.
    expect(changedPaths({ properties: [, , { name: 'Serial' }] })).toEqual([['properties', 2, 'name']]);
  });
});
