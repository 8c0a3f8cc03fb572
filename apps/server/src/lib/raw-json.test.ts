import { describe, expect, it } from 'vitest';
import { RawJson, stringifyWithRaw } from './raw-json.ts';

describe('stringifyWithRaw', () => {
  it('splices already serialised JSON where it stands', () => {
    const body = { a: [{ route: new RawJson('{"type":"FeatureCollection","features":[]}'), n: 1 }], s: 'x' };
    expect(JSON.parse(stringifyWithRaw(body))).toEqual({
      a: [{ route: { type: 'FeatureCollection', features: [] }, n: 1 }],
      s: 'x',
    });
  });

  it('is JSON.stringify when there is nothing raw', () => {
    const body = { text: 'quote " and \\ backslash', list: [1, null] };
    expect(stringifyWithRaw(body)).toBe(JSON.stringify(body));
  });
});

describe('RawJson', () => {
  it('serialises to its value under plain JSON.stringify', () => {
    expect(JSON.stringify({ r: new RawJson('[1,2]') })).toBe('{"r":[1,2]}');
  });
});
