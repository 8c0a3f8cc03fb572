import { describe, expect, it } from 'vitest';
import {
  applyPaste,
  type BatchRow,
  clearEditedCells,
  emptyRow,
  hasErrors,
  isTablePaste,
  missingBaseFields,
  parsePastedTable,
  rowToInput,
  serverErrorsToBatch,
  validateBatch,
} from './site-batch.model.ts';

const base = {
  partnerId: '3f1c2a9e-8d4b-4c7a-9e2f-1a2b3c4d5e6f',
  type: 'station' as const,
  country: 'IT',
  city: 'Milano',
};

const row = (values: Partial<BatchRow>): BatchRow => ({ ...emptyRow(), ...values });

describe('parsePastedTable', () => {
  it('splits spreadsheet text into rows by line and cells by tab', () => {
    expect(parsePastedTable('Duomo\tLombardia\t20122\nCentrale\tLombardia\t20124\n')).toEqual([
      ['Duomo', 'Lombardia', '20122'],
      ['Centrale', 'Lombardia', '20124'],
    ]);
  });

  it('accepts Windows line ends and keeps empty cells in place', () => {
    expect(parsePastedTable('A\t\tC\r\nD\tE\t\r\n')).toEqual([
      ['A', '', 'C'],
      ['D', 'E', ''],
    ]);
  });

  it('reads quoted cells holding tabs, newlines and doubled quotes', () => {
    expect(parsePastedTable('"Via ""Roma""\t1"\t"line one\nline two"\tlast')).toEqual([
      ['Via "Roma"\t1', 'line one\nline two', 'last'],
    ]);
  });

  it('trims cells and gives nothing for empty text', () => {
    expect(parsePastedTable('  Duomo  \t 20122 ')).toEqual([['Duomo', '20122']]);
    expect(parsePastedTable('')).toEqual([]);
  });

  it('tells a table from text for one cell', () => {
    expect(isTablePaste('Duomo')).toBe(false);
    expect(isTablePaste('Duomo\n')).toBe(false);
    expect(isTablePaste('Duomo\t20122')).toBe(true);
    expect(isTablePaste('Duomo\nCentrale')).toBe(true);
  });
});

describe('applyPaste', () => {
  it('fills from the pasted cell rightwards and downwards, adding rows', () => {
    const rows = [row({ name: 'Kept' })];
    const next = applyPaste(
      rows,
      [
        ['20121', 'Via A'],
        ['20122', 'Via B', '45, 9', '+39', 'x', 'y', 'z', 'w', 'dropped'],
      ],
      {
        rowIndex: 0,
        column: 'zip',
      },
      100,
    );
    expect(next).toHaveLength(2);
    expect(next[0]).toMatchObject({ name: 'Kept', zip: '20121', address: 'Via A' });
    expect(next[1]).toMatchObject({ zip: '20122', address: 'Via B', coordinates: '45, 9', note: 'w' });
    // The original rows are not mutated.
    expect(rows[0]?.zip).toBe('');
  });

  it('never adds rows past the limit', () => {
    const next = applyPaste([row({})], [['a'], ['b'], ['c']], { rowIndex: 0, column: 'name' }, 2);
    expect(next.map((r) => r.name)).toEqual(['a', 'b']);
  });
});

describe('rowToInput', () => {
  it('drops blank cells and turns the fence radius into a number', () => {
    expect(rowToInput(base, row({ name: 'Duomo', zip: ' ', fenceRadius: '150' }))).toEqual({
      ...base,
      name: 'Duomo',
      fenceRadius: 150,
    });
  });
});

describe('validateBatch', () => {
  it('validates row by row with the contract and puts each error on its cell', () => {
    const good = row({ name: 'Duomo', zip: '20122', coordinates: '45.4641, 9.1919' });
    const badZip = row({ name: 'Centrale', zip: '12345678901' });
    const badMany = row({ name: ' Padded', coordinates: '91, 9', website: 'not a url', fenceRadius: 'ten' });
    const { sites, errors, sentRows } = validateBatch(base, [good, emptyRow(), badZip, badMany]);
    expect(sentRows).toEqual([good, badZip, badMany]);
    expect(sites).toHaveLength(1);
    expect(errors.cells[good.key]).toBeUndefined();
    expect(errors.cells[badZip.key]).toEqual({ zip: 'Must be at most 10 characters' });
    expect(errors.cells[badMany.key]).toEqual({
      name: 'Must not start or end with whitespace',
      coordinates: 'Coordinates must be "latitude, longitude"',
      website: 'Please enter a valid URL',
      fenceRadius: 'Fence radius must be a whole number of metres',
    });
  });

  it('reports missing basic info once on the step 1 field', () => {
    const { errors } = validateBatch({ ...base, partnerId: undefined, city: '' }, [
      row({ name: 'A' }),
      row({ name: 'B' }),
    ]);
    expect(Object.keys(errors.base).sort()).toEqual(['city', 'partnerId']);
    expect(errors.cells).toEqual({});
    expect(hasErrors(errors)).toBe(true);
  });

  it('asks for a name on a row that has other cells filled', () => {
    const nameless = row({ zip: '20122' });
    const { errors } = validateBatch(base, [nameless]);
    expect(errors.cells[nameless.key]?.name).toBe('This field is required');
  });
});

describe('missingBaseFields', () => {
  it('reports an empty partner, type or city as required', () => {
    expect(missingBaseFields({ city: ' ' })).toEqual({
      partnerId: 'This field is required',
      type: 'This field is required',
      city: 'This field is required',
    });
    expect(missingBaseFields(base)).toEqual({});
  });
});

describe('serverErrorsToBatch', () => {
  it('maps "sites.N.field" to the N-th sent row', () => {
    const sent = [row({ name: 'A' }), row({ name: 'B' })];
    const errors = serverErrorsToBatch(
      { 'sites.1.zip': 'Must be at most 10 characters', 'sites.0.taxGroupId': 'x' },
      sent,
    );
    expect(errors.cells).toEqual({ [sent[1]?.key as string]: { zip: 'Must be at most 10 characters' } });
    expect(errors.base).toEqual({ taxGroupId: 'x' });
  });
});

describe('clearEditedCells', () => {
  it('drops the errors of edited cells and of removed rows only', () => {
    const a = row({ name: 'A', zip: '12345678901', website: 'x' });
    const b = row({ name: 'B', zip: '12345678901' });
    const cells = { [a.key]: { zip: 'too long', website: 'bad' }, [b.key]: { zip: 'too long' } };
    expect(clearEditedCells(cells, [a, b], [{ ...a, zip: '20121' }])).toEqual({ [a.key]: { website: 'bad' } });
  });
});
