// The language a page starts in (issue 14): only one the host's utility offers, its default when
// the visitor chose none; the demo (every language, English first) behaves as spec point 9 says.
import { describe, expect, it } from 'vitest';
import { startingLanguage } from './i18n.ts';

const ALL = ['en', 'es', 'ta', 'de'] as const;

describe('startingLanguage', () => {
  it('keeps the demo’s behaviour: saved choice, then the mapped browser language, else English', () => {
    expect(startingLanguage(ALL, 'ta', 'de-DE')).toBe('ta');
    expect(startingLanguage(ALL, null, 'de-DE')).toBe('de');
    expect(startingLanguage(ALL, null, 'es-MX')).toBe('es');
    expect(startingLanguage(ALL, null, 'en-US')).toBe('en');
    expect(startingLanguage(ALL, null, 'fr-FR')).toBe('en');
    expect(startingLanguage(ALL, 'xx', undefined)).toBe('en');
  });

  it('starts in the utility’s default when the visitor chose none', () => {
    expect(startingLanguage(['es', 'en'], null, 'en-US')).toBe('es');
    expect(startingLanguage(['es', 'en'], null, undefined)).toBe('es');
    expect(startingLanguage(['de'], null, 'fr-FR')).toBe('de');
  });

  it('never starts in a language the utility does not offer', () => {
    expect(startingLanguage(['es', 'en'], 'ta', 'ta-IN')).toBe('es');
    expect(startingLanguage(['es', 'en'], null, 'de-DE')).toBe('es');
    expect(startingLanguage(['es', 'en'], 'en', 'de-DE')).toBe('en');
    expect(startingLanguage(['es', 'ta'], null, 'ta-LK')).toBe('ta');
  });

  it('offers every language when it was given none', () => {
    expect(startingLanguage([], null, 'de-DE')).toBe('de');
    expect(startingLanguage([], null, undefined)).toBe('en');
  });
});
