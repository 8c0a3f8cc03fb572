import { PgDialect, pgTable, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inScope } from '../db/sql.ts';
import { DomainError } from '../errors.ts';
import { assertAllPartners, assertPartnerInScope, assertScopeWithin, isAll } from './scope.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

const things = pgTable('things', { partnerId: uuid('partner_id') });
const dialect = new PgDialect();
const render = (scope: '*' | string[]) => {
  const condition = inScope(scope, things.partnerId);
  return condition ? dialect.sqlToQuery(condition) : undefined;
};

/** Runs `fn` and returns the code and status of the DomainError it throws. */
function refusal(fn: () => void) {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, status: error.status };
    throw error;
  }
  return undefined;
}

describe('isAll', () => {
  it('is true only for the wildcard', () => {
    expect(isAll('*')).toBe(true);
    expect(isAll([A])).toBe(false);
    expect(isAll([])).toBe(false);
  });
});

describe('inScope', () => {
  it('adds no condition for an account user', () => {
    expect(render('*')).toBeUndefined();
  });

  it('keeps only the listed partners', () => {
    const q = render([A, B]);
    expect(q?.sql).toMatch(/"partner_id" in \(\$1, \$2\)/);
    expect(q?.params).toEqual([A, B]);
  });

  it('keeps nothing for an empty scope', () => {
    expect(render([])?.sql).toBe('false');
  });
});

describe('assertPartnerInScope', () => {
  it('lets an account user reach any partner', () => {
    expect(refusal(() => assertPartnerInScope('*', C))).toBeUndefined();
  });

  it('lets a partner user reach their partners only', () => {
    expect(refusal(() => assertPartnerInScope([A, B], B))).toBeUndefined();
    expect(refusal(() => assertPartnerInScope([A, B], C))).toEqual({ code: 'PartnerOutOfScope', status: 403 });
    expect(refusal(() => assertPartnerInScope([], A))).toEqual({ code: 'PartnerOutOfScope', status: 403 });
  });
});

describe('assertScopeWithin', () => {
  it('lets an account user grant any scope', () => {
    expect(refusal(() => assertScopeWithin('*', '*'))).toBeUndefined();
    expect(refusal(() => assertScopeWithin('*', [A, C]))).toBeUndefined();
  });

  it('lets a partner user grant a part of their own scope', () => {
    expect(refusal(() => assertScopeWithin([A, B], [A]))).toBeUndefined();
    expect(refusal(() => assertScopeWithin([A, B], [B, A]))).toBeUndefined();
  });

  it('refuses a partner user granting all partners or any partner outside their scope', () => {
    expect(refusal(() => assertScopeWithin([A, B], '*'))).toEqual({ code: 'PartnerOutOfScope', status: 403 });
    expect(refusal(() => assertScopeWithin([A], [A, C]))).toEqual({ code: 'PartnerOutOfScope', status: 403 });
    expect(refusal(() => assertScopeWithin([A], [C]))).toEqual({ code: 'PartnerOutOfScope', status: 403 });
  });
});

describe('assertAllPartners', () => {
  it('lets only an account user through', () => {
    expect(refusal(() => assertAllPartners('*'))).toBeUndefined();
    expect(refusal(() => assertAllPartners([A, B, C]))).toEqual({ code: 'PartnerOutOfScope', status: 403 });
  });
});
