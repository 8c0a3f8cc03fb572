import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sheetCell, toCsv, unquoteSheetCell } from './csv.ts';

const read = (csv: string) => parse(csv, { bom: true, cast: false }) as string[][];

describe('sheetCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('quotes text a spreadsheet would run as a formula: %j', (text, quoted) => {
    expect(sheetCell(text)).toBe(quoted);
  });

  it('leaves other text, numbers, booleans and null as they are', () => {
    expect(sheetCell('Partner A')).toBe('Partner A');
    expect(sheetCell(' =1')).toBe(' =1');
    expect(sheetCell("'quoted")).toBe("'quoted");
    expect(sheetCell('')).toBe('');
    expect(sheetCell(-5)).toBe(-5);
    expect(sheetCell(-0.25)).toBe(-0.25);
    expect(sheetCell(42)).toBe(42);
    expect(sheetCell(true)).toBe(true);
    expect(sheetCell(null)).toBeNull();
  });
});

describe('unquoteSheetCell', () => {
  it('takes off the apostrophe sheetCell added, and only that one', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1', '-x', '@a', '\tx']) {
      expect(unquoteSheetCell(sheetCell(text) as string)).toBe(text);
    }
    expect(unquoteSheetCell("'quoted")).toBe("'quoted");
    expect(unquoteSheetCell("'")).toBe("'");
    expect(unquoteSheetCell('Serial')).toBe('Serial');
  });
});

describe('toCsv', () => {
  it('quotes formula-looking header cells and data cells; numbers stay numbers', () => {
    const csv = toCsv(
      ['no', '=HYPERLINK("http://x")', '@note'],
      [
        ['A1', '=1+1', -5],
        ['A2', '-3', 12.5],
        ['A3', null, true],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(read(csv)).toEqual([
      ['no', `'=HYPERLINK("http://x")`, "'@note"],
      ['A1', "'=1+1", '-5'],
      // Text that looks like a negative number is text, and quoted; the number -5 above is not.
      ['A2', "'-3", '12.5'],
      ['A3', '', '1'],
    ]);
  });
});
