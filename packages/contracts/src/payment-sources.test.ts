import { describe, expect, it } from 'vitest';
import {
  bankProblem,
  cardBrand,
  cardProblem,
  isExpired,
  isValidRoutingNumber,
  passesLuhn,
  sourceLabel,
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
