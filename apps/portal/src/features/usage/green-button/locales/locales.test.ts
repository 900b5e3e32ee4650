// The greenButton namespace is complete in every language and actually translated.
import { greenButtonMessages } from '@gridfront/contracts';
import { LANGUAGES } from '@gridfront/contracts/constants';
import { describe, expect, it } from 'vitest';
import { flattenTexts as flatten } from '../../../../test/flatten-texts.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

const english = flatten(en);
const languages = { en, es, ta, de };
// Words that are the same in a language as in English (the standard's name, a format's name).
const sameAsEnglish = new Set([
  'es:heading',
  'de:heading',
  'es:services.gas',
  'de:services.gas',
  'de:download.format',
]);

describe('greenButton texts', () => {
  it('exist for every language of the portal', () => {
    expect(Object.keys(languages).sort()).toEqual([...LANGUAGES].sort());
  });

  it('translate every message the Green Button routes send', () => {
    expect(Object.keys(en.serverMessages).sort()).toEqual(Object.keys(greenButtonMessages).sort());
  });

  for (const [language, texts] of Object.entries(languages)) {
    if (language === 'en') continue;
    it(`${language}: every English key, none empty, none left in English, same placeholders`, () => {
      const flat = flatten(texts);
      expect([...flat.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of flat) {
        expect(text.trim(), key).not.toBe('');
        if (!sameAsEnglish.has(`${language}:${key}`))
          expect(text, `${language}:${key}`).not.toBe(english.get(key));
        const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }
});
