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
      contact: {},
      legal: {},
      fees: {},
      paymentPlatforms: [],
    });
    const parsed = tenantConfig.parse({ name: 42, defaultTheme: 'purple', paymentPlatforms: [{ bad: 1 }] });
    expect(parsed.name).toBeUndefined();
    expect(parsed.defaultTheme).toBeUndefined();
    expect(parsed.paymentPlatforms).toEqual([]);
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
