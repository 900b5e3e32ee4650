// The greenButton namespace is complete in every language and actually translated.
import { greenButtonMessages } from '@gridfront/contracts/green-button-limits';
import { expect, it } from 'vitest';
import { describeTexts } from '../../../../test/locale-completeness.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

// Words that are rightly the same in a language as in English.
describeTexts(
  'greenButton',
  { en, es, ta, de },
  ['es:heading', 'de:heading', 'es:services.gas', 'de:services.gas', 'de:download.format'],
  () => {
    it('translate every message the Green Button routes send', () => {
      expect(Object.keys(en.serverMessages).sort()).toEqual(Object.keys(greenButtonMessages).sort());
    });
  },
);
