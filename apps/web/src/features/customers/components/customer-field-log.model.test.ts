import { describe, expect, it } from 'vitest';
import { formatLogValue } from './customer-field-log.model.ts';

const labels = {
  yes: 'Yes',
  no: 'No',
  translate: (field: string, value: string) => (field === 'identity.status' ? `status:${value}` : null),
};

describe('formatLogValue', () => {
  it('shows names, addresses and booleans as people read them', () => {
    expect(formatLogValue('name', { first: 'Ada', last: 'Neri' }, labels)).toBe('Ada Neri');
    expect(formatLogValue('contactAddress', { line1: 'Via Roma 1', zip: '20121', city: 'Milano' }, labels)).toBe(
      'Via Roma 1, 20121, Milano',
    );
    expect(formatLogValue('isMarketingConsented', false, labels)).toBe('No');
  });

  it('translates enum values and leaves other text alone', () => {
    expect(formatLogValue('identity.status', 'denied', labels)).toBe('status:denied');
    expect(formatLogValue('note', 'hello', labels)).toBe('hello');
  });

  it('is null for absent values', () => {
    expect(formatLogValue('email', null, labels)).toBeNull();
    expect(formatLogValue('email', '', labels)).toBeNull();
  });
});
