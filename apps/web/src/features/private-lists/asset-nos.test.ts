import { describe, expect, it } from 'vitest';
import { assetNosText, parseAssetNos } from './asset-nos.ts';

describe('parseAssetNos', () => {
  it('splits lines, commas and spaces, trims, upper-cases and keeps each number once in order', () => {
    expect(parseAssetNos(' eb0001\r\nEB0002, eb0001 ;EB0003\t"eb0004"\n\n')).toEqual([
      'EB0001',
      'EB0002',
      'EB0003',
      'EB0004',
    ]);
    expect(parseAssetNos('')).toEqual([]);
    expect(parseAssetNos(undefined)).toEqual([]);
  });
});

describe('assetNosText', () => {
  const messageOf = (text: string) => {
    const result = assetNosText.safeParse(text);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('refuses an empty upload, more than 100 numbers and malformed numbers with the server messages', () => {
    expect(messageOf(' \n, ')).toBe('Empty upload refused');
    const many = Array.from({ length: 101 }, (_, i) => `A${i}`).join('\n');
    expect(messageOf(many)).toBe('batch operations above 100 refused');
    expect(messageOf('EB-1')).toBe('Asset number must be capital letters and digits');
  });

  it('accepts 100 distinct numbers, duplicates counted once', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `A${i}`);
    expect(assetNosText.parse([...hundred, 'a1', 'A2'].join(','))).toHaveLength(100);
  });
});
