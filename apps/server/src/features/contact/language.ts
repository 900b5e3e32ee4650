// Which language the customer's confirmation e-mail is written in: the portal's language when it
// sends one, else the best supported entry of Accept-Language, else English.
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

export function contactLanguage(
  bodyLanguage: Language | undefined,
  acceptLanguage: string | undefined,
): Language {
  return bodyLanguage ?? languageFromAcceptLanguage(acceptLanguage) ?? FALLBACK_LANGUAGE;
}
