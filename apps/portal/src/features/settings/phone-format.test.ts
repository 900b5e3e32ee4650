import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.ts';

describe('formatPhone', () => {
  it('formats ten digits typed in any common way', () => {
    expect(formatPhone('5550104400')).toBe('(555) 010-4400');
    expect(formatPhone('555-010-4400')).toBe('(555) 010-4400');
    expect(formatPhone('(555) 010 4400')).toBe('(555) 010-4400');
  });

  it('leaves anything else for the validation rule', () => {
    expect(formatPhone('555010440')).toBe('555010440');
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone('')).toBe('');
  });
});
