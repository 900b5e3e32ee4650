import { describe, expect, it } from 'vitest';
import {
  bankProblem,
  cardBrand,
  cardProblem,
  isExpired,
  isValidRoutingNumber,
  luhnCheckDigit,
  passesLuhn,
  sourceLabel,
  sourceParts,
  storedSourceParts,
} from './payment-sources.ts';

const today = new Date('2026-11-24T12:00:00Z');

describe('card checks', () => {
  it('accepts Luhn-valid numbers and refuses one wrong digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
  });

  it('names the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('2223003122003222')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
  });

  it('keeps a card good through its expiry month', () => {
    expect(isExpired(11, 2026, today)).toBe(false);
    expect(isExpired(10, 2026, today)).toBe(true);
    expect(isExpired(1, 27, today)).toBe(false);
    expect(isExpired(13, 2027, today)).toBe(true);
  });

  it('reports the first problem with its field', () => {
    expect(
      cardProblem({ number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' }, today),
    ).toBeNull();
    expect(
      cardProblem({ number: '4242 4242 4242 4241', expMonth: 12, expYear: 2030, cvc: '123' }, today)?.field,
    ).toBe('number');
    expect(
      cardProblem({ number: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123' }, today)?.field,
    ).toBe('expMonth');
    expect(
      cardProblem({ number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '12' }, today)?.field,
    ).toBe('cvc');
  });
});

describe('luhnCheckDigit', () => {
  it('finds the digit the Luhn check asks for, and only that one passes', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit('424242424242424')).toBe('2');
    for (const body of ['47310000000000', '4000000000000', '555555555555444']) {
      const digit = luhnCheckDigit(body);
      expect(passesLuhn(`${body}${digit}`)).toBe(true);
      expect(passesLuhn(`${body}${(Number(digit) + 1) % 10}`)).toBe(false);
    }
  });
});

describe('bank checks', () => {
  it('checks the ABA routing check digit', () => {
    expect(isValidRoutingNumber('110000000')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('000000000')).toBe(false);
    expect(isValidRoutingNumber('12345678')).toBe(false);
  });

  it('checks the account number length', () => {
    expect(bankProblem({ routingNumber: '110000000', accountNumber: '000123456789' })).toBeNull();
    expect(bankProblem({ routingNumber: '110000000', accountNumber: '123' })?.field).toBe('accountNumber');
    expect(bankProblem({ routingNumber: '110000001', accountNumber: '000123456789' })?.field).toBe(
      'routingNumber',
    );
  });
});

describe('sourceLabel', () => {
  it('keeps brand and last four only', () => {
    const card = { number: '4242 4242 4242 4242', expMonth: 1, expYear: 2030, cvc: '123' };
    expect(sourceLabel({ card })).toBe('Visa ending 4242');
    expect(sourceLabel({ bank: { routingNumber: '110000000', accountNumber: '000123456789' } })).toBe(
      'Bank account ending 6789',
    );
  });
});

describe('sourceParts', () => {
  it('keeps the method, the brand or bank and the last four digits, in no language', () => {
    const card = (number: string) => ({ card: { number, expMonth: 1, expYear: 2030, cvc: '123' } });
    expect(sourceParts(card('4242 4242 4242 4242'))).toEqual({
      method: 'card',
      brand: 'visa',
      last4: '4242',
    });
    expect(sourceParts(card('5555555555554444')).brand).toBe('mastercard');
    expect(sourceParts(card('378282246310005'))).toEqual({ method: 'card', brand: 'amex', last4: '0005' });
    expect(sourceParts(card('6011111111111117')).brand).toBe('discover');
    expect(sourceParts(card('3566002020360505')).brand).toBe('card');
    expect(sourceParts({ bank: { routingNumber: '110000000', accountNumber: '000123456789' } })).toEqual({
      method: 'ach',
      brand: 'bank',
      last4: '6789',
    });
  });

  it('reads stored columns back, and nothing from a brand it does not know or no digits', () => {
    expect(storedSourceParts('bank', '6789')).toEqual({ method: 'ach', brand: 'bank', last4: '6789' });
    expect(storedSourceParts('amex', '0005')).toEqual({ method: 'card', brand: 'amex', last4: '0005' });
    expect(storedSourceParts('Visa ending', '4242')).toBeNull();
    expect(storedSourceParts(null, null)).toBeNull();
    expect(sourceLabel({ method: 'card', brand: 'amex', last4: '0005' })).toBe(
      'American Express ending 0005',
    );
  });
});
