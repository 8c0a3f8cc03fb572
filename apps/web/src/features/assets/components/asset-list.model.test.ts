import { describe, expect, it } from 'vitest';
import { rowProblems } from './asset-batch.problems.tsx';
import { pasteIntoGrid, serverGridErrors, validateGrid } from './asset-batch-create.model.ts';
import { commonLifeCycleTargets } from './asset-batch-edit.modal.tsx';
import { errorReportCsv } from './asset-import.drawer.tsx';
import {
  type AssetSearchFilters,
  assetSearchFilters,
  DEFAULT_LIFE_CYCLES,
  serverSearchErrors,
  toQueryBody,
  validateSearch,
} from './asset-search.model.ts';

const PARTNER = '0b4f6f7e-3c1a-4a57-9d2e-6a8d1c2b3e4f';
const CATEGORY = '1c5a7f8e-4d2b-4b68-8e3f-7b9e2d3c4f5a';
const PROPERTY = '2d6b8a9f-5e3c-4c79-9f4a-8c0f3e4d5a6b';

const defaults = (): AssetSearchFilters => {
  const filters: Record<string, unknown> = {};
  for (const [key, codec] of Object.entries(assetSearchFilters)) filters[key] = codec.fallback;
  return filters as AssetSearchFilters;
};

describe('asset search body (document 2 §5 client sending rules)', () => {
  it('opens on every lifecycle state but Removed and drops empty lists', () => {
    const body = toQueryBody(defaults());
    expect(body).toEqual({ lifeCycleIn: DEFAULT_LIFE_CYCLES });
    expect(DEFAULT_LIFE_CYCLES).not.toContain('Removed');
  });

  it('sends battery volts as millivolts and the IoT block only when a condition is set', () => {
    expect(toQueryBody({ ...defaults(), iot: 'true' }).iotState).toBeUndefined();
    const body = toQueryBody({ ...defaults(), voltOp: 'gte', volt: 3.7, hasCharge: 'false' });
    expect(body.iotState).toEqual({ iotBatteryVoltageMilli: { op: 'gte', value: 3700 }, hasChargePct: false });
  });

  it('sends a property condition only with exactly one category, typed by the property', () => {
    const filters = { ...defaults(), prop: PROPERTY, propOp: 'gte' as const, propValue: '25' };
    expect(toQueryBody(filters, 'INTEGER').properties).toBeUndefined();
    const body = toQueryBody({ ...filters, category: [CATEGORY] }, 'INTEGER');
    expect(body.properties).toEqual([{ propertyId: PROPERTY, op: 'gte', value: 25 }]);
  });

  it('refuses a serial range of unequal lengths on the To field, and From after To', () => {
    expect(validateSearch({ ...defaults(), noFrom: 'MIE00001', noTo: 'MIE0009' })).toEqual({
      noTo: 'From and To must have the same length',
    });
    expect(validateSearch({ ...defaults(), noFrom: 'MIE00009', noTo: 'MIE00001' })).toEqual({
      noTo: 'From must not be after To',
    });
    expect(validateSearch({ ...defaults(), noFrom: 'MIE00001' }).noTo).toBe('This field is required');
    expect(validateSearch({ ...defaults(), noFrom: 'MIE00001', noTo: 'MIE00009' })).toEqual({});
  });

  it('refuses an empty lifecycle selection, a half range and an operator without a value', () => {
    expect(validateSearch({ ...defaults(), life: [] }).life).toBe('Please select at least one item');
    expect(validateSearch({ ...defaults(), updatedFrom: '2026-01-01T00:00:00.000Z' }).updatedTo).toBe(
      'Please complete the range',
    );
    expect(validateSearch({ ...defaults(), chargeOp: 'lt' }).charge).toBe('Range and operator required');
  });

  it('maps server field errors to the search fields', () => {
    expect(serverSearchErrors({ 'properties.0.op': 'x', 'filters.noTo': 'y', partnerIdIn: 'z' })).toEqual({
      propOp: 'x',
      noTo: 'y',
      partner: 'z',
    });
  });
});

describe('batch refusals', () => {
  it('lists a refused batch against the asset numbers, in row order', () => {
    const problems = rowProblems(
      { 'nos.2': 'Asset deleted or not found', 'nos.0': 'The asset is renting out and cannot be deleted' },
      'nos',
      ['MIE00001', 'MIE00002', 'MIE00003'],
      (f) => f,
    );
    expect(problems.map((p) => p.no)).toEqual(['MIE00001', 'MIE00003']);
    const edit = rowProblems(
      { 'assets.1.lifeCycleState': 'move refused' },
      'assets',
      ['A1', 'B2'],
      (f) => `label:${f}`,
    );
    expect(edit).toEqual([{ no: 'B2', field: 'label:lifeCycleState', message: 'move refused' }]);
  });

  it('offers only lifecycle states every selected asset may move to', () => {
    const category = { isEnabled: true } as never;
    expect(
      commonLifeCycleTargets([
        { lifeCycleState: 'Ready', category },
        { lifeCycleState: 'NotReady', category },
      ]),
    ).toEqual(['Ready', 'NotReady', 'Missing']);
    expect(commonLifeCycleTargets([{ lifeCycleState: 'Retired', category }])).toEqual([]);
  });
});

describe('batch create grid', () => {
  const context = {
    sites: [{ id: '3e7c9b0a-6f4d-4d8a-8a5b-9d1a4f5e6b7c', name: 'Duomo Station' }],
    lifeCycleLabels: { 'not ready': 'NotReady' },
    properties: [{ key: PROPERTY, title: 'Speed', valueType: 'INTEGER' }],
    messages: { unknownSite: 'unknown site', unknownLifeCycle: 'unknown state' },
  };

  it('pastes a spreadsheet block from the cell it lands in, adding rows', () => {
    const rows = pasteIntoGrid(
      [{ key: 'r1', cells: {} }],
      [['A1', 'Duomo Station'], ['B2']],
      { rowIndex: 0, columnKey: 'no' },
      ['no', 'site'],
      100,
    );
    expect(rows.map((r) => r.cells)).toEqual([{ no: 'A1', site: 'Duomo Station' }, { no: 'B2' }]);
  });

  it('resolves site names and lifecycle labels, types property values, and marks bad cells', () => {
    const { assets, errors } = validateGrid(
      { partnerId: PARTNER, usageMode: 'customer-rental' },
      [
        { key: 'a', cells: { no: 'mie90001', site: 'duomo station', lifeCycleState: 'Not ready', [PROPERTY]: '25' } },
        { key: 'b', cells: { no: 'bad no', site: 'Nowhere', lifeCycleState: 'Broken' } },
        { key: 'c', cells: { no: '  ' } },
      ],
      context,
    );
    expect(errors).toEqual({
      b: {
        site: 'unknown site',
        lifeCycleState: 'unknown state',
        no: 'Asset number must be capital letters and digits',
      },
    });
    expect(assets).toEqual([]);
    const valid = validateGrid(
      { partnerId: PARTNER, usageMode: 'customer-rental' },
      [{ key: 'a', cells: { no: 'MIE90001', site: 'Duomo Station' } }],
      context,
    );
    expect(valid.assets[0]).toMatchObject({ no: 'MIE90001', siteId: context.sites[0]?.id, lifeCycleState: 'New' });
  });

  it('puts the server errors on the cells of the rows sent', () => {
    const sent = [
      { key: 'a', cells: {} },
      { key: 'b', cells: {} },
    ];
    expect(
      serverGridErrors(
        { 'assets.1.no': 'dup', [`assets.0.properties.${PROPERTY}`]: 'nan', 'assets.0.partnerId': 'scope' },
        sent,
      ),
    ).toEqual({
      errors: { b: { no: 'dup' }, a: { [PROPERTY]: 'nan' } },
      other: ['scope'],
    });
  });
});

describe('import error report', () => {
  it('lists line, column and message per bad cell', () => {
    const csv = errorReportCsv({
      columns: ['no', 'note'],
      rows: [
        { line: 2, values: {}, errors: {} },
        { line: 3, values: {}, errors: { no: 'Asset number must be capital letters and digits', note: 'a, b' } },
      ],
      valid: 1,
      invalid: 1,
      created: 0,
    });
    expect(csv.split('\r\n')).toEqual([
      'line,column,message',
      '3,no,Asset number must be capital letters and digits',
      '3,note,"a, b"',
    ]);
  });
});
