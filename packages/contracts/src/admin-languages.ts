// Issue 14, /api/admin/languages: the portal languages a utility offers and its default one. Stored
// as tenants.languages with the default first; /api/tenant answers the same list, and the portal's
// language select offers only these and starts in the default when the visitor chose none.
import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.ts';

const language = z.enum(LANGUAGES, { error: 'Languages are en, es, ta or de' });

export const adminLanguagesRequest = z
  .object({
    enabled: z
      .array(language, { error: 'Choose at least one language' })
      .min(1, 'Choose at least one language')
      .max(LANGUAGES.length)
      .refine((list) => new Set(list).size === list.length, 'A language is listed twice'),
    default: language,
  })
  .refine((body) => body.enabled.includes(body.default), {
    message: 'The default language must be one of the enabled languages',
    path: ['default'],
  });
export type AdminLanguagesRequest = z.infer<typeof adminLanguagesRequest>;

export const adminLanguagesResponse = z.object({
  enabled: z.array(language),
  default: language,
  updatedAt: z.string(),
});
export type AdminLanguagesResponse = z.infer<typeof adminLanguagesResponse>;

/** The stored order: the default first, then the others in the portal's order (en, es, ta, de). */
export function storedLanguages(enabled: readonly Language[], defaultLanguage: Language): Language[] {
  return [defaultLanguage, ...LANGUAGES.filter((code) => code !== defaultLanguage && enabled.includes(code))];
}

/**
 * A stored list read back leniently: unknown codes dropped, duplicates dropped; an empty result
 * means every language (a row from before languages existed).
 */
export function offeredLanguages(stored: readonly unknown[] | null | undefined): Language[] {
  const known = (stored ?? []).filter((code): code is Language =>
    (LANGUAGES as readonly unknown[]).includes(code),
  );
  const unique = [...new Set(known)];
  return unique.length > 0 ? unique : [...LANGUAGES];
}
