import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes cells with commas, quotes and line breaks and leaves empty values blank', () => {
    expect(
      toCsv(
        ['Name', 'Note'],
        [
          ['Acme, Inc.', 'say "hi"'],
          ['Bici\nMilano', null],
        ],
      ),
    ).toBe('Name,Note\r\n"Acme, Inc.","say ""hi"""\r\n"Bici\nMilano",');
  });
});
