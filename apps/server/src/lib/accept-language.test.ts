import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, requestLanguage } from './accept-language.ts';

describe('Accept-Language', () => {
  it('takes the supported language ranked highest by q-value, ties in order', () => {
    expect(languageFromAcceptLanguage('fr-FR,es-MX;q=0.9,en;q=0.5')).toBe('es');
    expect(languageFromAcceptLanguage('en;q=0.4,de-DE;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('ta-IN,de;q=1')).toBe('ta');
    expect(languageFromAcceptLanguage('DE-de')).toBe('de');
  });

  it('ignores languages refused with q=0 and unsupported ones', () => {
    expect(languageFromAcceptLanguage('es;q=0,fr')).toBeNull();
    expect(languageFromAcceptLanguage('fr-FR, ja')).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });

  it('prefers the language chosen in the request, then the header, then English', () => {
    expect(requestLanguage('ta', 'de-DE')).toBe('ta');
    expect(requestLanguage(undefined, 'de-DE,en;q=0.5')).toBe('de');
    expect(requestLanguage(undefined, 'fr')).toBe('en');
  });
});
