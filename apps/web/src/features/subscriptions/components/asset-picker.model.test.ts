import { describe, expect, it } from 'vitest';
import { addAssetNos, removeAssetNos } from './asset-picker.model.ts';

describe('asset picker', () => {
  it('adds each number once and stops at the quota, saying which did not fit', () => {
    expect(addAssetNos(['A1'], ['A2', 'A1', 'A3', 'A4'], 3)).toEqual({
      selected: ['A1', 'A2', 'A3'],
      overQuota: ['A4'],
    });
  });

  it('removes numbers and keeps the order of the rest', () => {
    expect(removeAssetNos(['A1', 'A2', 'A3'], ['A2'])).toEqual(['A1', 'A3']);
  });
});
