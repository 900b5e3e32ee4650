// Checks of what a payer types before anything is charged: a card number (Luhn), its expiry and
// CVC, a US bank routing number (ABA checksum) and an account number. Pure; messages in English
// as the API returns them.

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover' | 'Card';

export const paymentSourceMessages = {
  cardNumber: 'Card number is not valid',
  expiry: 'The card has expired or the expiry date is not valid',
  cvc: 'Security code must be 3 or 4 digits',
  routing: 'Routing number must be 9 digits with a valid check digit',
  bankAccount: 'Account number must be 4 to 17 digits',
} as const;

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check of card numbers. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The digit that, appended to `body`, makes a number that passes the Luhn check. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover';
  return 'Card';
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, today: Date): boolean {
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear)) return true;
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  return year * 12 + (expMonth - 1) < thisMonth;
}

/** ABA routing number: 9 digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum =
    3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) +
    7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0)) +
    ((d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0));
  return sum !== 0 && sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface BankInput {
  routingNumber: string;
  accountNumber: string;
}

/** The first problem with a card, or null; the field name says where to show it. */
export function cardProblem(
  card: CardInput,
  today: Date,
): { field: keyof CardInput; message: string } | null {
  if (!passesLuhn(digitsOnly(card.number)))
    return { field: 'number', message: paymentSourceMessages.cardNumber };
  if (isExpired(card.expMonth, card.expYear, today))
    return { field: 'expMonth', message: paymentSourceMessages.expiry };
  if (!/^\d{3,4}$/.test(card.cvc)) return { field: 'cvc', message: paymentSourceMessages.cvc };
  return null;
}

export function bankProblem(bank: BankInput): { field: keyof BankInput; message: string } | null {
  if (!isValidRoutingNumber(digitsOnly(bank.routingNumber))) {
    return { field: 'routingNumber', message: paymentSourceMessages.routing };
  }
  if (!/^\d{4,17}$/.test(digitsOnly(bank.accountNumber))) {
    return { field: 'accountNumber', message: paymentSourceMessages.bankAccount };
  }
  return null;
}

/**
 * What may be kept and shown of a source, in no language: the method, the card's brand (or 'bank'
 * for a bank account) and the last four digits. payment-source-text.ts words it for a reader.
 */
export const SOURCE_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'card', 'bank'] as const;
export type SourceBrand = (typeof SOURCE_BRANDS)[number];

export interface PaymentSourceParts {
  method: 'card' | 'ach';
  brand: SourceBrand;
  last4: string;
}

const BRAND_KEYS: Record<CardBrand, SourceBrand> = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  'American Express': 'amex',
  Discover: 'discover',
  Card: 'card',
};

export function sourceParts(source: { card: CardInput } | { bank: BankInput }): PaymentSourceParts {
  if ('card' in source) {
    const number = digitsOnly(source.card.number);
    return { method: 'card', brand: BRAND_KEYS[cardBrand(number)], last4: number.slice(-4) };
  }
  return { method: 'ach', brand: 'bank', last4: digitsOnly(source.bank.accountNumber).slice(-4) };
}

/** The parts of a stored source (brand and last four), or null for one without (a check, cash). */
export function storedSourceParts(
  brand: string | null | undefined,
  last4: string | null | undefined,
): PaymentSourceParts | null {
  if (!brand || !last4 || !(SOURCE_BRANDS as readonly string[]).includes(brand)) return null;
  return { method: brand === 'bank' ? 'ach' : 'card', brand: brand as SourceBrand, last4 };
}

const ENGLISH_NAMES: Record<SourceBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: 'Card',
  bank: 'Bank account',
};

/**
 * The source in English ("Visa ending 4242"), as the API's sourceLabel and autopaySource give it;
 * readers get paymentSourceText in their language. The database's payment_source_label_en
 * (migration 0029) writes the same words.
 */
export function sourceLabel(source: PaymentSourceParts | { card: CardInput } | { bank: BankInput }): string {
  const parts = 'last4' in source ? source : sourceParts(source);
  return `${ENGLISH_NAMES[parts.brand]} ending ${parts.last4}`;
}
