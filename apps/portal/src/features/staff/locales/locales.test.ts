// The staff namespace is complete in every language and actually translated.
import { describeTexts } from '../../../test/locale-completeness.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

// Words that are rightly the same in a language as in English.
describeTexts('staff', { en, es, ta, de }, [
  'es:comments.by',
  'ta:comments.by',
  'de:comments.by',
  'es:customer.no',
  'es:customer.utility.gas',
  'de:filters.status',
  'de:table.status',
  'de:work.status',
  'es:paging.range',
  'de:paging.range',
]);
