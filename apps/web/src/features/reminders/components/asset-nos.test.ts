import { describe, expect, it } from 'vitest';
import { mergeAssetNos, parseAssetNos, tooManyAssets } from './asset-nos.ts';

describe('pasted asset numbers', () => {
  it('splits on whitespace, commas and semicolons and drops repeats', () => {
    expect(parseAssetNos(' A1, A2\nA3;A1\t\tA4 ,')).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(parseAssetNos('')).toEqual([]);
    expect(parseAssetNos(undefined)).toEqual([]);
  });

  it('refuses more than 100 per change', () => {
    const nos = Array.from({ length: 101 }, (_, i) => `N${i}`);
    expect(tooManyAssets(nos)).toBe(true);
    expect(tooManyAssets(nos.slice(0, 100))).toBe(false);
  });

  it('adds picked numbers after the typed ones', () => {
    expect(mergeAssetNos('A1\nA2', ['A2', 'B1'])).toBe('A1\nA2\nB1');
  });
});
