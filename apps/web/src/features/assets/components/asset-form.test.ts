import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { lifeCycleChoices } from './asset-edit.drawer.tsx';
import { fromFormValue, isEditable, sameValue, toFormValue } from './property-value.tsx';

const category = (isEnabled: boolean) => ({ id: 'c', name: 'C', assetType: 'BIKE', isEnabled, isIot: false });

describe('lifeCycleChoices', () => {
  it('offers the current state and the contract moves only', () => {
    expect(lifeCycleChoices({ lifeCycleState: 'Ready', category: category(true) })).toEqual([
      'Ready',
      'NotReady',
      'Missing',
    ]);
    expect(lifeCycleChoices({ lifeCycleState: 'Retired', category: category(true) })).toEqual(['Retired']);
  });
  it('keeps a Removed asset put while its category is disabled', () => {
    expect(lifeCycleChoices({ lifeCycleState: 'Removed', category: category(false) })).toEqual(['Removed']);
    expect(lifeCycleChoices({ lifeCycleState: 'Removed', category: category(true) })).toEqual([
      'Removed',
      'New',
      'NotReady',
    ]);
  });
});

describe('property form values', () => {
  it('sends dates as the server reads them and empty inputs as null', () => {
    expect(fromFormValue('DATE', dayjs('2026-03-04T10:00:00'))).toBe('2026-03-04');
    expect(fromFormValue('DATE_TIME', dayjs('2026-03-04T10:00:00'))).toMatch(/^2026-03-04T10:00:00[+-]\d{2}:\d{2}$/);
    expect(fromFormValue('TEXT', '  ')).toBeNull();
    expect(fromFormValue('TEXT', ' a ')).toBe('a');
    expect(fromFormValue('BOOLEAN', false)).toBe(false);
    expect(fromFormValue('INTEGER', 0)).toBe(0);
    expect(fromFormValue('LINK', undefined)).toBeNull();
  });
  it('round-trips a stored date through the picker value', () => {
    expect(fromFormValue('DATE', toFormValue('DATE', '2024-08-09'))).toBe('2024-08-09');
  });
  it('treats an untouched date-time as unchanged although the picker rewrites it', () => {
    const stored = '2026-11-13T17:14:29.512Z';
    const next = fromFormValue('DATE_TIME', toFormValue('DATE_TIME', stored));
    expect(next).not.toBe(stored);
    expect(sameValue('DATE_TIME', stored, next)).toBe(true);
    expect(sameValue('DATE_TIME', stored, '2026-11-13T17:15:29Z')).toBe(false);
  });
  it('lets staff type only what the server accepts', () => {
    const p = (valueType: string, updateMethod: string) => ({ id: 'p', valueType, updateMethod });
    expect(isEditable(p('TEXT', 'MANUAL'), 'x', false)).toBe(true);
    expect(isEditable(p('TEXT', 'UNMODIFIABLE'), 'x', false)).toBe(false);
    expect(isEditable(p('TEXT', 'UNMODIFIABLE'), null, false)).toBe(true);
    expect(isEditable(p('TEXT', 'AUTOMATIC'), null, true)).toBe(false);
    expect(isEditable(p('IMAGE', 'MANUAL'), null, false)).toBe(false);
  });
});
