// The rate comparison namespace is complete in every language and actually translated.
import { describeTexts } from '../../../test/locale-completeness.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

// Words that are rightly the same in a language as in English.
describeTexts('rates', { en, es, ta, de }, []);
