import { describe, expect, it } from 'vitest';
import { deadlockVictim, foreignKeyViolation, uniqueViolation } from './db-errors.ts';

describe('uniqueViolation', () => {
  it('names the constraint of a unique violation, directly or wrapped by drizzle', () => {
    const pgError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_username_key' });
    expect(uniqueViolation(pgError)).toBe('users_username_key');
    expect(uniqueViolation(new Error('Failed query', { cause: pgError }))).toBe('users_username_key');
  });

  it('answers an empty name when the driver does not say which constraint', () => {
    expect(uniqueViolation({ code: '23505' })).toBe('');
  });

  it('ignores every other error', () => {
    expect(uniqueViolation(new Error('boom'))).toBeUndefined();
    expect(uniqueViolation({ code: '23503', constraint: 'fk' })).toBeUndefined();
    expect(uniqueViolation(null)).toBeUndefined();
    expect(uniqueViolation('23505')).toBeUndefined();
  });
});

describe('foreignKeyViolation', () => {
  it('names the constraint of a foreign-key violation, directly or wrapped', () => {
    const pgError = Object.assign(new Error('violates foreign key'), { code: '23503', constraint: 'user_partners_fk' });
    expect(foreignKeyViolation(pgError)).toBe('user_partners_fk');
    expect(foreignKeyViolation(new Error('Failed query', { cause: pgError }))).toBe('user_partners_fk');
  });

  it('ignores unique violations and other errors', () => {
    expect(foreignKeyViolation({ code: '23505', constraint: 'u' })).toBeUndefined();
    expect(foreignKeyViolation(new Error('boom'))).toBeUndefined();
  });
});

describe('deadlockVictim', () => {
  it('tells a deadlock victim, directly or wrapped, from every other error', () => {
    const pgError = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(deadlockVictim(pgError)).toBe(true);
    expect(deadlockVictim(new Error('Failed query', { cause: pgError }))).toBe(true);
    expect(deadlockVictim({ code: '40001' })).toBe(false);
    expect(deadlockVictim(new Error('boom'))).toBe(false);
    expect(deadlockVictim(undefined)).toBe(false);
  });
});
