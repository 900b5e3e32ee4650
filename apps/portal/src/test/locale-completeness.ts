// The completeness test every text namespace runs: each language of the portal has every English
// key, none empty, none left in English (bar the words a language shares with it), and the same
// {{placeholders}}.
import { LANGUAGES } from '@gridfront/contracts/constants';
import { describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from './flatten-texts.ts';

const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * Describes the namespace's completeness. `sameAsEnglish` lists 'language:key' entries that are
 * rightly the same as the English (a unit, a name); `more` adds the namespace's own checks.
 */
export function describeTexts(
  namespace: string,
  languages: Record<string, TextTree>,
  sameAsEnglish: readonly string[] = [],
  more?: () => void,
): void {
  const english = flattenTexts(languages.en ?? {});
  const same = new Set(sameAsEnglish);
  describe(`${namespace} texts`, () => {
    it('exist for every language of the portal', () => {
      expect(Object.keys(languages).sort()).toEqual([...LANGUAGES].sort());
    });
    more?.();
    for (const [language, texts] of Object.entries(languages)) {
      if (language === 'en') continue;
      it(`${language}: every English key, none empty, none left in English, same placeholders`, () => {
        const flat = flattenTexts(texts);
        expect([...flat.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, text] of flat) {
          expect(text.trim(), key).not.toBe('');
          if (!same.has(`${language}:${key}`)) expect(text, `${language}:${key}`).not.toBe(english.get(key));
          expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(english.get(key) ?? ''));
        }
      });
    }
  });
}
