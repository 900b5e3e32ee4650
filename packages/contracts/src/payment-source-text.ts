// A payment source (payment-sources.ts: method, brand or bank, last four digits) in the reader's
// language, for the portal, receipts and AutoPay notices: "Visa ending 4242", "Visa terminada en
// 4242", "Visa endet auf 4242", "4242 இல் முடியும் Visa". Card brands are names and stay as they are.
import type { Language } from './constants.ts';
import type { PaymentSourceParts, SourceBrand } from './payment-sources.ts';

interface SourceWords {
  card: string;
  bank: string;
  ending: (name: string, last4: string) => string;
}

const WORDS: Record<Language, SourceWords> = {
  en: { card: 'Card', bank: 'Bank account', ending: (name, last4) => `${name} ending ${last4}` },
  es: { card: 'Tarjeta', bank: 'Cuenta bancaria', ending: (name, last4) => `${name} terminada en ${last4}` },
  ta: { card: 'அட்டை', bank: 'வங்கிக் கணக்கு', ending: (name, last4) => `${last4} இல் முடியும் ${name}` },
  de: { card: 'Karte', bank: 'Bankkonto', ending: (name, last4) => `${name} endet auf ${last4}` },
};

const BRAND_NAMES: Record<Exclude<SourceBrand, 'card' | 'bank'>, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

function wordsOf(language: string): SourceWords {
  return WORDS[language as Language] ?? WORDS.en;
}

/** The brand, or "Card" / "Bank account" in the reader's language (English for an unknown one). */
export function paymentSourceName(source: PaymentSourceParts, language: string): string {
  if (source.brand === 'card' || source.brand === 'bank') return wordsOf(language)[source.brand];
  return BRAND_NAMES[source.brand];
}

/** The source with its last four digits in the reader's language. */
export function paymentSourceText(source: PaymentSourceParts, language: string): string {
  return wordsOf(language).ending(paymentSourceName(source, language), source.last4);
}
