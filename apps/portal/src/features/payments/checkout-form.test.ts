import { describe, expect, it } from 'vitest';
import {
  amountOf,
  type CheckoutFormValues,
  parseDollars,
  parseExpiry,
  readCheckoutForm,
} from './checkout-form.ts';

const today = new Date('2026-11-24T12:00:00Z');
const base: CheckoutFormValues = {
  amountChoice: 'due',
  otherAmount: '',
  method: 'card',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/29',
  cvc: '123',
  routingNumber: '',
  bankAccountNumber: '',
  receiptEmail: '',
};

describe('checkout form', () => {
  it('reads dollars as cents, and refuses what is not money', () => {
    expect(parseDollars('1,234.56')).toBe(123_456);
    expect(parseDollars('$12')).toBe(1_200);
    expect(parseDollars('12.5')).toBe(1_250);
    expect(parseDollars('0.01')).toBe(1);
    for (const bad of ['', 'abc', '12.345', '1,23', '-5', '1e3']) expect(parseDollars(bad), bad).toBeNull();
  });

  it('reads MM/YY and MM/YYYY expiry dates', () => {
    expect(parseExpiry('12/29')).toEqual({ expMonth: 12, expYear: 2029 });
    expect(parseExpiry('3/2031')).toEqual({ expMonth: 3, expYear: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('1229')).toBeNull();
  });

  it('pays the amount due by default, or another amount up to the limit', () => {
    expect(amountOf(base, 8_812)).toBe(8_812);
    expect(amountOf({ ...base, amountChoice: 'other', otherAmount: '20' }, 8_812)).toBe(2_000);
    expect(amountOf({ ...base, amountChoice: 'other', otherAmount: '100000.01' }, 8_812)).toBeNull();
    expect(amountOf(base, 0)).toBeNull();
  });

  it('gives a card payment with digits only, and each field its own message', () => {
    const good = readCheckoutForm(base, 5_000, today);
    expect(good.errors).toEqual({});
    expect(good.payment).toEqual({
      method: 'card',
      amountCents: 5_000,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2029, cvc: '123' },
    });
    const bad = readCheckoutForm({ ...base, cardNumber: '4242 4242 4242 4241' }, 5_000, today);
    expect(bad.payment).toBeNull();
    expect(bad.errors.cardNumber).toBe('Card number is not valid');
    expect(readCheckoutForm({ ...base, expiry: '10/26' }, 5_000, today).errors.expiry).toMatch(/expired/);
    expect(readCheckoutForm({ ...base, expiry: 'soon' }, 5_000, today).errors.expiry).toMatch(/expired/);
    expect(readCheckoutForm({ ...base, cvc: '12' }, 5_000, today).errors.cvc).toMatch(/3 or 4 digits/);
    expect(readCheckoutForm({ ...base, receiptEmail: 'nope' }, 5_000, today).errors.receiptEmail).toBe(
      'Please enter a valid email address',
    );
    expect(
      readCheckoutForm({ ...base, amountChoice: 'other', otherAmount: '0' }, 5_000, today).errors.otherAmount,
    ).toBe('Enter an amount of at least $0.01');
  });

  it('checks a bank account by its routing checksum', () => {
    const ach = {
      ...base,
      method: 'ach' as const,
      routingNumber: '110000000',
      bankAccountNumber: '000123456789',
    };
    expect(readCheckoutForm(ach, 5_000, today).payment).toEqual({
      method: 'ach',
      amountCents: 5_000,
      bank: { routingNumber: '110000000', accountNumber: '000123456789' },
    });
    expect(
      readCheckoutForm({ ...ach, routingNumber: '110000001' }, 5_000, today).errors.routingNumber,
    ).toMatch(/check digit/);
  });
});
