import { NUL_CHARACTER_MESSAGE } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { nulPath, nulRefusal } from './nul-guard.ts';

describe('nulPath', () => {
  it('names the first string or key holding a NUL, at any depth', () => {
    expect(nulPath({ name: 'ok', address: { city: 'Mi\u0000lano' } })).toBe('address.city');
    expect(nulPath({ items: [{ name: 'a' }, { name: 'b\u0000' }] })).toBe('items.1.name');
    expect(nulPath({ 'ke\u0000y': 1 })).toBe('ke\u0000y');
    expect(nulPath('\u0000')).toBe('body');
    expect(nulPath({ q: 'x\u0000' }, 'query')).toBe('query.q');
    // The query string parser's objects are of a prototype-less class of its own.
    function Empty() {}
    Empty.prototype = Object.create(null);
    const parsed = Object.assign(new (Empty as unknown as new () => object)(), { q: 'x\u0000' });
    expect(nulPath(parsed, 'query')).toBe('query.q');
  });

  it('passes everything else, numbers, nulls and buffers included, and survives very deep nesting', () => {
    expect(nulPath({ a: 1, b: null, c: [true, 'text with \u0001 and ünïcode 🚲'], d: Buffer.from([0]) })).toBe(
      undefined,
    );
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPath(deep)).toBe(`${Array.from({ length: 100_000 }, () => '0').join('.')}`);
  });

  it('refuses in the shape of a validation error, params before query before body', () => {
    expect(nulRefusal({ params: { id: 'a' }, query: { q: '\u0000' }, body: { x: '\u0000' } })).toEqual({
      'query.q': NUL_CHARACTER_MESSAGE,
    });
    expect(nulRefusal({ params: {}, query: {}, body: undefined })).toBe(undefined);
  });
});
