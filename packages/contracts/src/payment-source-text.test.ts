import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.ts';
import { paymentSourceName, paymentSourceText } from './payment-source-text.ts';
import type { PaymentSourceParts } from './payment-sources.ts';

const visa: PaymentSourceParts = { method: 'card', brand: 'visa', last4: '4242' };
const bank: PaymentSourceParts = { method: 'ach', brand: 'bank', last4: '6789' };
const card: PaymentSourceParts = { method: 'card', brand: 'card', last4: '0505' };

describe('paymentSourceText', () => {
  it('words a card and a bank account in each language', () => {
    expect(LANGUAGES.map((language) => paymentSourceText(visa, language))).toEqual([
      'Visa ending 4242',
      'Visa terminada en 4242',
      '4242 இல் முடியும் Visa',
      'Visa endet auf 4242',
    ]);
    expect(LANGUAGES.map((language) => paymentSourceText(bank, language))).toEqual([
      'Bank account ending 6789',
      'Cuenta bancaria terminada en 6789',
      '6789 இல் முடியும் வங்கிக் கணக்கு',
      'Bankkonto endet auf 6789',
    ]);
    expect(LANGUAGES.map((language) => paymentSourceText(card, language))).toEqual([
      'Card ending 0505',
      'Tarjeta terminada en 0505',
      '0505 இல் முடியும் அட்டை',
      'Karte endet auf 0505',
    ]);
  });

  it('keeps brand names as they are, and falls back to English for a language it does not have', () => {
    const amex: PaymentSourceParts = { method: 'card', brand: 'amex', last4: '0005' };
    for (const language of LANGUAGES) expect(paymentSourceName(amex, language)).toBe('American Express');
    expect(paymentSourceText(bank, 'fr')).toBe('Bank account ending 6789');
  });
});
