import { describe, expect, it } from 'vitest';
import { languageFromBrowser } from './language.ts';
import { toToastText } from './toast-text.ts';

describe('toast text', () => {
  it('reduces markup to plain text', () => {
    expect(toToastText('<b>Payment</b> of &amp; <i>$10</i>')).toBe('Payment of & $10');
  });
  it('cuts at 110 characters plus an ellipsis', () => {
    const long = 'x'.repeat(111);
    expect(toToastText(long)).toBe(`${'x'.repeat(110)}...`);
    expect(toToastText('y'.repeat(110))).toBe('y'.repeat(110));
  });
  it('copes with non-strings', () => {
    expect(toToastText(undefined)).toBe('');
    expect(toToastText(404)).toBe('404');
  });
});

describe('browser language', () => {
  it.each([
    ['ta-IN', 'ta'],
    ['ta-LK', 'ta'],
    ['de-DE', 'de'],
    ['es-MX', 'es'],
    ['es-ES', 'es'],
    ['fr-FR', 'en'],
    ['de-AT', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (tag, expected) => {
    expect(languageFromBrowser(tag)).toBe(expected);
  });
});
