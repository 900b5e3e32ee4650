import { FALLBACK_LANGUAGE, type Language } from './constants.ts';

const browserLanguageMap: Record<string, Language> = {
  'ta-IN': 'ta',
  'ta-LK': 'ta',
  'de-DE': 'de',
  'es-MX': 'es',
  'es-ES': 'es',
};

/** The spec's mapping from a browser language tag to a portal language (point 9). */
export function languageFromBrowser(tag: string | undefined | null): Language {
  if (!tag) return FALLBACK_LANGUAGE;
  return browserLanguageMap[tag] ?? FALLBACK_LANGUAGE;
}
