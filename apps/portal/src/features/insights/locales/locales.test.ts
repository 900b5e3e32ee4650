// The /net2grid namespace is complete in every language and actually translated.
import { describeTexts } from '../../../test/locale-completeness.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

// Words that are rightly the same in a language as in English.
describeTexts('insights', { en, es, ta, de }, [
  'es:breakdown.total',
  'de:breakdown.total',
  'ta:breakdown.total',
  'es:measurement.chartTitle',
  'de:measurement.chartTitle',
  'ta:measurement.chartTitle',
  'de:heatingFuels.gas',
  'de:waterHeatingFuels.gas',
  'es:heatingFuels.gas',
  'es:waterHeatingFuels.gas',
  'de:waterHeatingFuels.solar',
  'es:waterHeatingFuels.solar',
  'de:questionnaire.fields.hasPool',
  'es:yesNo.false',
]);
