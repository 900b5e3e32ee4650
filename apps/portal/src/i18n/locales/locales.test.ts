import { HOME_TITLE, LANGUAGES, type Language, messages } from '@gridfront/contracts';
import { describe, expect, it } from 'vitest';
import { flattenTexts as flatten } from '../../test/flatten-texts.ts';
import { localeLoaders } from '../i18n.ts';
import { en, type Translation } from './en.ts';

const english = flatten(en);
// Through the loaders the portal uses, so a language that fails to load fails here too.
const resources: Record<Language, Translation> = {
  en: await localeLoaders.en(),
  es: await localeLoaders.es(),
  ta: await localeLoaders.ta(),
  de: await localeLoaders.de(),
};
// Names that read the same in every language: brands and each language's own name.
const sameInEveryLanguage = new Set([
  'app.documentTitle',
  'pageNames.net2grid',
  'pageNames.gridx',
  'languages.en',
  'languages.es',
  'languages.ta',
  'languages.de',
  'footer.email',
  'footer.hours',
  'services.utilities.gasName',
  'home.claims.alwaysOnTitle',
  'errors.status',
  'themes.goldenState',
  'themes.innpower',
  'themes.lubbock',
  'themes.clearWater',
]);

describe('translations', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English key, none empty',
    (language) => {
      const translated = flatten(resources[language]);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) expect(text.trim(), `${language}:${key}`).not.toBe('');
    },
  );

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s is translated, not copied from English',
    (language) => {
      const translated = flatten(resources[language]);
      const copied = [...english].filter(
        ([key, text]) => translated.get(key) === text && !sameInEveryLanguage.has(key),
      );
      // A few words are legitimately the same (e.g. "Gas" in Spanish and German); almost all must differ.
      expect(copied.length, copied.map(([key]) => key).join(', ')).toBeLessThanOrEqual(3);
    },
  );

  it('keeps the interpolation placeholders of English in every language', () => {
    for (const language of LANGUAGES) {
      const translated = flatten(resources[language]);
      for (const [key, text] of english) {
        const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(placeholders(translated.get(key) ?? ''), `${language}:${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('holds every spec message word for word in English', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(english.get(`messages.${key}`)?.replace('{{page}}', '{page}'), key).toBe(text);
    }
    expect(en.home.title).toBe(HOME_TITLE);
  });
});
