// The one Accept-Language parser: the supported portal language a client ranks highest (q-values
// honoured, ties by order), used where no language was chosen explicitly (e-mail, new accounts).
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@gridfront/contracts';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** "de-DE,de;q=0.9,en;q=0.5" → 'de'; unsupported or missing → null. */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.base))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const best = ranked[0]?.base;
  return best && isLanguage(best) ? best : null;
}

/** The language chosen in the request body when there is one, else Accept-Language's best, else English. */
export function requestLanguage(chosen: Language | undefined, acceptLanguage: string | undefined): Language {
  return chosen ?? languageFromAcceptLanguage(acceptLanguage) ?? FALLBACK_LANGUAGE;
}
