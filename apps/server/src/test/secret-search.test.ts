import { describe, expect, it } from 'vitest';
import { showsSecret } from './secret-search.ts';

describe('showsSecret', () => {
  it('finds a secret that stands as a value or a word', () => {
    expect(showsSecret('{"pin":"4321"}', '4321')).toBe(true);
    expect(showsSecret('{"pin":4321}', '4321')).toBe(true);
    expect(showsSecret('Your code is 123456.', '123456')).toBe(true);
    expect(showsSecret('{"password":"Strong@Pass1"}', 'Strong@Pass1')).toBe(true);
  });

  it('ignores the same digits inside an id', () => {
    expect(showsSecret('{"id":"d3e7e197-512e-4d53-99bb-b40da043210f"}', '4321')).toBe(false);
    expect(showsSecret('{"n":"7123456"}', '123456')).toBe(false);
  });
});
