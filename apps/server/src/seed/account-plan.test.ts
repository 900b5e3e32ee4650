import { describe, expect, it } from 'vitest';
import { accountNumberFor, planAccount } from './account-plan.ts';

describe('account plan', () => {
  it('is the same for the same seed and index, and differs across seeds', () => {
    expect(planAccount(7, 42)).toEqual(planAccount(7, 42));
    expect(planAccount(8, 42)).not.toEqual(planAccount(7, 42));
  });

  it('gives 10-digit unique account numbers and 4-digit PINs', () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const plan = planAccount(1, i);
      expect(plan.accountNumber).toMatch(/^\d{10}$/);
      expect(plan.pin).toMatch(/^\d{4}$/);
      expect(plan.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      expect(plan.utilities[0]).toBe('electricity');
      numbers.add(plan.accountNumber);
    }
    expect(numbers.size).toBe(500);
    expect(accountNumberFor(0)).toBe('3100000003');
  });

  it('makes account 0 the demo solar home with all four services', () => {
    const demo = planAccount(123, 0);
    expect(demo.utilities).toEqual(['electricity', 'gas', 'water', 'sewer']);
    expect(demo.premise.hasSolar).toBe(true);
    expect(demo.load.solarKw).toBeGreaterThan(0);
    expect(demo.email).toBe('demo@example.com');
    expect(demo.pin).toBe('1234');
  });

  it('mixes property types, solar, EVs and payment habits like a real service area', () => {
    const plans = Array.from({ length: 1000 }, (_, i) => planAccount(99, i));
    const share = (test: (p: (typeof plans)[number]) => boolean) => plans.filter(test).length / plans.length;
    expect(share((p) => p.premise.propertyType === 'Residential')).toBeGreaterThan(0.6);
    expect(share((p) => p.electricTariff === 'E-GS')).toBeGreaterThan(0.05);
    expect(share((p) => p.premise.hasSolar)).toBeGreaterThan(0.05);
    expect(share((p) => p.premise.hasEv)).toBeGreaterThan(0.05);
    expect(share((p) => p.payer === 'autopay')).toBeGreaterThan(0.15);
    expect(share((p) => p.payer === 'late')).toBeGreaterThan(0.05);
  });
});
