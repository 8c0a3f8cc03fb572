import { describe, expect, it } from 'vitest';
import { applyValues, checkValue } from './property-values.ts';

describe('property values', () => {
  it.each([
    ['BOOLEAN', false],
    ['INTEGER', -3],
    ['NUMBER', 0.5],
    ['TEXT', 'Blue'],
    ['DATE', '2024-02-29'],
    ['DATE_TIME', '2026-03-01T10:00:00.123Z'],
    ['DATE_TIME', '2026-03-01T10:00+05:30'],
    ['LINK', 'http://example.com/a?b=c'],
  ])('accepts a %s value %j', (type, value) => {
    expect(checkValue(type, value)).toEqual({ ok: true, value });
  });

  it.each([
    ['BOOLEAN', 0],
    ['INTEGER', 2 ** 60],
    ['NUMBER', Number.NaN],
    ['TEXT', ' padded'],
    ['DATE', '2023-02-29'],
    ['DATE', '2024-13-01'],
    ['DATE_TIME', '2026-02-30T10:00:00Z'],
    ['DATE_TIME', '2026-03-01 10:00:00Z'],
    ['LINK', 'javascript:alert(1)'],
    ['LINK', 'https://'],
    ['IMAGE', 'https://example.com/x.png'],
    ['COLOUR', 'red'],
  ])('refuses a %s value %j', (type, value) => {
    expect(checkValue(type, value).ok).toBe(false);
  });

  const definitions = [
    { id: 'm', valueType: 'TEXT', updateMethod: 'MANUAL', isUnique: false },
    { id: 'u', valueType: 'TEXT', updateMethod: 'UNMODIFIABLE', isUnique: true },
  ];

  it('merges, clears and reports only what changed', () => {
    const result = applyValues(definitions, { m: 'a', u: 'x' }, { m: null, u: 'x' }, false);
    expect(result).toEqual({ values: { m: null, u: 'x' }, changed: ['m'], errors: {} });
  });

  it('lets an UNMODIFIABLE value be set at creation or while empty, never changed', () => {
    expect(applyValues(definitions, {}, { u: 'x' }, true).changed).toEqual(['u']);
    expect(applyValues(definitions, {}, { u: 'x' }, false).changed).toEqual(['u']);
    expect(applyValues(definitions, { u: 'x' }, { u: 'y' }, false).errors).toEqual({
      'properties.u': 'This property cannot be changed once set',
    });
  });
});
