// The My Account namespace is complete in every language and actually translated.
import { describeTexts } from '../../../test/locale-completeness.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

// Words that are rightly the same in a language as in English.
describeTexts('myAccount', { en, es, ta, de }, [
  'es:usage.latest',
  'ta:usage.latest',
  'de:usage.latest',
  'es:usage.unit.kWh',
  'ta:usage.unit.kWh',
  'de:usage.unit.kWh',
]);
