import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './pg-errors.ts';

/** The shape either driver's error takes once Drizzle has wrapped it. */
const wrapped = (code: string, constraint?: string) =>
  new Error('Failed query', { cause: Object.assign(new Error('duplicate key'), { code, constraint }) });

describe('isUniqueViolation', () => {
  it('finds SQLSTATE 23505 down the cause chain', () => {
    expect(isUniqueViolation(wrapped('23505', 'users_username_idx'))).toBe(true);
    expect(isUniqueViolation(wrapped('23503', 'users_username_idx'))).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('with a constraint, matches only that one', () => {
    expect(isUniqueViolation(wrapped('23505', 'contact_reference_idx'), 'contact_reference_idx')).toBe(true);
    expect(isUniqueViolation(wrapped('23505', 'users_username_idx'), 'contact_reference_idx')).toBe(false);
  });
});
