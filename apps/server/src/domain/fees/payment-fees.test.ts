import { describe, expect, it } from 'vitest';
import { paymentFeeCents, totalWithFeeCents } from './payment-fees.ts';

describe('payment fees', () => {
  it('charges 2.5 % on cards, rounded half away from zero', () => {
    expect(paymentFeeCents(10_000, 'card')).toBe(250);
    expect(paymentFeeCents(12_345, 'card')).toBe(309); // 308.625
    expect(paymentFeeCents(1_234, 'card')).toBe(31); // 30.85
    expect(paymentFeeCents(20, 'card')).toBe(1); // 0.5
  });

  it('charges a flat $0.75 on ACH and nothing on check or cash', () => {
    expect(paymentFeeCents(1, 'ach')).toBe(75);
    expect(paymentFeeCents(987_654, 'ach')).toBe(75);
    expect(paymentFeeCents(5_000, 'check')).toBe(0);
    expect(paymentFeeCents(5_000, 'cash')).toBe(0);
  });

  it('adds the fee to the total and honours a tenant schedule', () => {
    expect(totalWithFeeCents(12_345, 'card')).toBe(12_654);
    expect(paymentFeeCents(10_000, 'card', { cardFeeBasisPoints: 300, achFeeCents: 50 })).toBe(300);
    expect(paymentFeeCents(10_000, 'ach', { cardFeeBasisPoints: 300, achFeeCents: 50 })).toBe(50);
  });

  it('rejects amounts that are not positive whole cents', () => {
    expect(() => paymentFeeCents(0, 'card')).toThrow(RangeError);
    expect(() => paymentFeeCents(10.5, 'ach')).toThrow(RangeError);
  });
});
