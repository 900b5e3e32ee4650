// The hosted page's form: what the payer types, checked with the server's own rules (the card and
// bank checks and the amount limits come from the contracts), and turned into the submit body.

import { messages } from '@gridfront/contracts/messages';
import { checkoutMessages, MAX_PAYMENT_CENTS } from '@gridfront/contracts/payment-messages';
import {
  bankProblem,
  cardBrand,
  cardProblem,
  digitsOnly,
  paymentSourceMessages,
} from '@gridfront/contracts/payment-sources';

export interface CheckoutFormValues {
  amountChoice: 'due' | 'other';
  otherAmount: string;
  method: 'card' | 'ach';
  cardNumber: string;
  expiry: string;
  cvc: string;
  routingNumber: string;
  bankAccountNumber: string;
  receiptEmail: string;
}

export type CheckoutSource =
  | { method: 'card'; card: { number: string; expMonth: number; expYear: number; cvc: string } }
  | { method: 'ach'; bank: { routingNumber: string; accountNumber: string } };

export type CheckoutPayment = CheckoutSource & { amountCents: number; receiptEmail?: string };

export type CheckoutErrors = Partial<Record<keyof CheckoutFormValues, string>>;

/** "1,234.56", "$12", "12.5" → cents; null when it is not an amount of money. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$\s*/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.replace(/,/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** "MM/YY" or "MM/YYYY" → month and four-digit year; null when unreadable. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** The amount the form stands for, or null while it is not valid. */
export function amountOf(values: CheckoutFormValues, amountDueCents: number): number | null {
  const cents = values.amountChoice === 'due' ? amountDueCents : parseDollars(values.otherAmount);
  if (cents === null || cents < 1 || cents > MAX_PAYMENT_CENTS) return null;
  return cents;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The fields that name a card or a bank account (the payment page's and AutoPay's). */
export type SourceValues = Pick<
  CheckoutFormValues,
  'method' | 'cardNumber' | 'expiry' | 'cvc' | 'routingNumber' | 'bankAccountNumber'
>;

/** The card or bank account the fields describe, or the problem of each field. */
export function readSource(
  values: SourceValues,
  today: Date,
): { errors: CheckoutErrors; source: CheckoutSource | null } {
  const errors: CheckoutErrors = {};
  let source: CheckoutSource | null = null;
  if (values.method === 'card') {
    const expiry = parseExpiry(values.expiry);
    const card = {
      number: digitsOnly(values.cardNumber),
      expMonth: expiry?.expMonth ?? 0,
      expYear: expiry?.expYear ?? 0,
      cvc: values.cvc.trim(),
    };
    const problem = expiry
      ? cardProblem(card, today)
      : (cardProblem({ ...card, expMonth: 1, expYear: 9999 }, today) ?? {
          field: 'expMonth' as const,
          message: paymentSourceMessages.expiry,
        });
    if (problem) {
      errors[problem.field === 'number' ? 'cardNumber' : problem.field === 'cvc' ? 'cvc' : 'expiry'] =
        problem.message;
    } else source = { method: 'card', card };
  } else {
    const bank = {
      routingNumber: digitsOnly(values.routingNumber),
      accountNumber: digitsOnly(values.bankAccountNumber),
    };
    const problem = bankProblem(bank);
    if (problem)
      errors[problem.field === 'routingNumber' ? 'routingNumber' : 'bankAccountNumber'] = problem.message;
    else source = { method: 'ach', bank };
  }
  return { errors, source };
}

/** Every problem of the form (English messages, as the server words them) and, if none, the payment. */
export function readCheckoutForm(
  values: CheckoutFormValues,
  amountDueCents: number,
  today: Date,
): { errors: CheckoutErrors; payment: CheckoutPayment | null } {
  const errors: CheckoutErrors = {};
  const amountCents = amountOf(values, amountDueCents);
  if (amountCents === null) {
    const typed = parseDollars(values.otherAmount);
    errors[values.amountChoice === 'due' ? 'amountChoice' : 'otherAmount'] =
      typed !== null && typed > MAX_PAYMENT_CENTS ? checkoutMessages.amountTooLarge : checkoutMessages.amount;
  }
  const read = readSource(values, today);
  Object.assign(errors, read.errors);
  const source = read.source;
  const email = values.receiptEmail.trim();
  if (email && !EMAIL.test(email)) errors.receiptEmail = messages.validEmail;
  if (Object.keys(errors).length > 0 || !source || amountCents === null) return { errors, payment: null };
  return { errors, payment: { ...source, amountCents, ...(email ? { receiptEmail: email } : {}) } };
}

/** What the review shows of a source: brand or bank, and the last four digits. */
export function describeSource(source: CheckoutSource): {
  kind: 'card' | 'ach';
  brand: string;
  last4: string;
} {
  if (source.method === 'card') {
    return { kind: 'card', brand: cardBrand(source.card.number), last4: source.card.number.slice(-4) };
  }
  return { kind: 'ach', brand: '', last4: source.bank.accountNumber.slice(-4) };
}

/** The convenience fee the server will add (same rule: basis points rounded half up, or flat). */
export function feeFor(
  amountCents: number,
  method: 'card' | 'ach',
  fees: { cardFeeBasisPoints: number; achFeeCents: number },
): number {
  return method === 'card' ? Math.round((amountCents * fees.cardFeeBasisPoints) / 10_000) : fees.achFeeCents;
}
