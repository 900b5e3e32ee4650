// The charts namespace is complete in every language and actually translated.
import { LANGUAGES } from '@gridfront/contracts/constants';
import { describe, expect, it } from 'vitest';
import { flattenTexts as flatten } from '../../../../test/flatten-texts.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

const english = flatten(en);
const languages = { en, es, ta, de };

describe('charts texts', () => {
  it('exist for every language of the portal', () => {
    expect(Object.keys(languages).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const [language, texts] of Object.entries(languages)) {
    if (language === 'en') continue;
    it(`${language}: every English key, none empty, none left in English`, () => {
      const flat = flatten(texts);
      expect([...flat.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of flat) {
        expect(text.trim(), key).not.toBe('');
        expect(text, `${language}:${key}`).not.toBe(english.get(key));
        // Placeholders survive translation.
        for (const placeholder of english.get(key)?.match(/\{\{\w+\}\}/g) ?? [])
          expect(text, `${language}:${key}`).toContain(placeholder);
      }
    });
  }
});
