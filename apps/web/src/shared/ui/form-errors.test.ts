import { partnerInput } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorsAt,
  serverFieldsToFieldErrors,
  translateValidationMessage,
  zodIssuesToFieldErrors,
} from './form-errors.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues;
};

describe('zod → form errors', () => {
  it('puts a nested contract error on its nested field', () => {
    const issues = issuesOf(partnerInput, { name: 'Acme', address: { city: 'x'.repeat(51) } });
    expect(zodIssuesToFieldErrors(issues).fields).toEqual([
      { name: ['address', 'city'], errors: ['Must be at most 50 characters'] },
    ]);
  });

  it('keeps list indexes as numbers so Form.List items get their errors', () => {
    const issues = issuesOf(partnerInput, { name: 'Acme', attachments: [{ name: 'Contract', url: 'not a url' }] });
    expect(zodIssuesToFieldErrors(issues).fields).toEqual([
      { name: ['attachments', 0, 'url'], errors: ['Please enter a valid URL'] },
    ]);
  });

  it('reads a missing required value as "This field is required"', () => {
    const issues = issuesOf(partnerInput, {});
    expect(errorsAt(issues, ['name'])).toEqual(['This field is required']);
  });

  it('refuses a company name made of spaces with the contract message', () => {
    const issues = issuesOf(partnerInput, { name: '   ' });
    expect(errorsAt(issues, ['name'])).toContain('Must not be only whitespace');
  });

  it('returns issues without a path as form-level messages', () => {
    const schema = z.object({ a: z.string() }).refine(() => false, { message: 'Whole form is wrong' });
    const { fields, form } = zodIssuesToFieldErrors(issuesOf(schema, { a: 'x' }));
    expect(fields).toEqual([]);
    expect(form).toEqual(['Whole form is wrong']);
  });

  it('does not repeat the same message twice on one field', () => {
    const schema = z.object({ a: z.string().min(3, 'Too short').regex(/^\d+$/, 'Too short') });
    expect(zodIssuesToFieldErrors(issuesOf(schema, { a: 'x' })).fields).toEqual([
      { name: ['a'], errors: ['Too short'] },
    ]);
  });
});

describe('server field errors → form errors', () => {
  it('splits dotted paths and turns indexes into numbers', () => {
    expect(
      serverFieldsToFieldErrors({
        'address.zip': 'Must be at most 10 characters',
        'attachments.2.url': 'Please enter a valid URL',
      }),
    ).toEqual([
      { name: ['address', 'zip'], errors: ['Must be at most 10 characters'] },
      { name: ['attachments', 2, 'url'], errors: ['Please enter a valid URL'] },
    ]);
  });
});

describe('validation messages', () => {
  it('keeps an unknown message as the server wrote it', () => {
    expect(translateValidationMessage('Something the console never heard of')).toBe(
      'Something the console never heard of',
    );
  });
});
