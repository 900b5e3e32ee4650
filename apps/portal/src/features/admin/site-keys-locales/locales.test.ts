// The admin-site-keys namespace is complete in every language and actually translated.
import { describeTexts } from '../../../test/locale-completeness.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

describeTexts('admin-site-keys', { en, es, ta, de });
