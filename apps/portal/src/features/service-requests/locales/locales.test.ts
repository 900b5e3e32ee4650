// The service request namespace is complete in every language, and knows every server message.
import { serviceRequestMessages } from '@gridfront/contracts/service-requests-messages';
import { expect, it } from 'vitest';
import { describeTexts } from '../../../test/locale-completeness.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ta } from './ta.ts';

describeTexts(
  'serviceRequests',
  { en, es, ta, de },
  ['es:propertyTypes.Industrial', 'es:services.gas', 'de:phoneHint'],
  () => {
    it('has the English words of every server message', () => {
      expect(en.messages).toEqual(serviceRequestMessages);
    });
  },
);
