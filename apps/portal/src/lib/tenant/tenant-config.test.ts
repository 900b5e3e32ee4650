import { describe, expect, it } from 'vitest';
import { activePaymentPlatform, tenantConfig } from './tenant-config.ts';

describe('tenantConfig', () => {
  it('keeps a well-formed answer', () => {
    const parsed = tenantConfig.parse({
      name: 'Riverbend Utilities',
      defaultTheme: 'blue',
      features: ['autopay'],
      contact: { phone: '(555) 010-0100', email: 'help@example.test' },
      legal: { privacyUrl: '/legal/privacy' },
      fees: { achFeeCents: 75 },
      paymentPlatforms: [{ platformKey: 'invoiceCloud', name: 'Invoice Cloud', isEnable: true }],
    });
    expect(parsed.name).toBe('Riverbend Utilities');
    expect(parsed.defaultTheme).toBe('blue');
    expect(parsed.paymentPlatforms).toHaveLength(1);
  });

  it('survives a malformed answer', () => {
    expect(tenantConfig.parse('<html>')).toEqual({
      features: [],
      languages: ['en', 'es', 'ta', 'de'],
      contact: {},
      legal: {},
      fees: {},
      paymentPlatforms: [],
      brandColors: {},
      sideAreas: { insights: true, rateComparison: true, assistant: true },
      autopay: { methods: ['card', 'ach'], maxWithdrawalCents: null },
    });
    const parsed = tenantConfig.parse({ name: 42, defaultTheme: 'purple', paymentPlatforms: [{ bad: 1 }] });
    expect(parsed.name).toBeUndefined();
    expect(parsed.defaultTheme).toBeUndefined();
    expect(parsed.paymentPlatforms).toEqual([]);
  });

  it('reads an area switched off only from an explicit false (issue 14)', () => {
    const parsed = tenantConfig.parse({
      sideAreas: { insights: false, rateComparison: 'no', assistant: true },
    });
    expect(parsed.sideAreas).toEqual({ insights: false, rateComparison: true, assistant: true });
  });

  it("reads the utility's AutoPay rules, keeping only known methods (issue 14)", () => {
    expect(
      tenantConfig.parse({ autopay: { methods: ['ach', 'cash'], maxWithdrawalCents: 50_000 } }).autopay,
    ).toEqual({
      methods: ['ach'],
      maxWithdrawalCents: 50_000,
    });
    expect(tenantConfig.parse({ autopay: { methods: [], maxWithdrawalCents: 'lots' } }).autopay).toEqual({
      methods: ['card', 'ach'],
      maxWithdrawalCents: null,
    });
  });
});

describe('tenantConfig field by field', () => {
  it('trims names, drops blank ones and unknown keys, keeps only whole lists of text', () => {
    const parsed = tenantConfig.parse({
      name: '  Riverbend  ',
      timeZone: '   ',
      contentLanguage: ' en-US ',
      secret: 'not for the portal',
      features: ['autopay', 3],
      contact: { phone: '555', email: 7, extra: 'x' },
      legal: 'none',
      fees: { cardFeeBasisPoints: 250, achFeeCents: Number.NaN, lateFeeCents: '5' },
      paymentPlatforms: [
        { platformKey: 'a', name: 'A', isEnable: 'yes' },
        { platformKey: 'b', name: 'B', isEnable: false, extra: 1 },
      ],
    });
    expect(parsed).toEqual({
      name: 'Riverbend',
      contentLanguage: 'en-US',
      features: [],
      languages: ['en', 'es', 'ta', 'de'],
      contact: { phone: '555' },
      legal: {},
      fees: { cardFeeBasisPoints: 250 },
      paymentPlatforms: [{ platformKey: 'b', name: 'B', isEnable: false }],
      brandColors: {},
      sideAreas: { insights: true, rateComparison: true, assistant: true },
      autopay: { methods: ['card', 'ach'], maxWithdrawalCents: null },
    });
    expect(Object.keys(parsed)).not.toContain('secret');
  });
});

describe('activePaymentPlatform', () => {
  it('picks the first enabled entry', () => {
    expect(
      activePaymentPlatform([
        { platformKey: 'paymentus', name: 'Paymentus', isEnable: false },
        { platformKey: 'invoiceCloud', name: 'Invoice Cloud', isEnable: true },
        { platformKey: 'other', name: 'Other', isEnable: true },
      ])?.platformKey,
    ).toBe('invoiceCloud');
    expect(activePaymentPlatform([])).toBeUndefined();
  });
});

describe('the languages the utility offers (issue 14)', () => {
  it('keeps known codes in order, once each; none known means every language', () => {
    expect(tenantConfig.parse({ languages: ['es', 'fr', 'en', 'es'] }).languages).toEqual(['es', 'en']);
    expect(tenantConfig.parse({ languages: ['fr'] }).languages).toEqual(['en', 'es', 'ta', 'de']);
    expect(tenantConfig.parse({ languages: 'es' }).languages).toEqual(['en', 'es', 'ta', 'de']);
  });
});
