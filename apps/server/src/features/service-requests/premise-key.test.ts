import { describe, expect, it } from 'vitest';
import { normalizeAddress, premiseKey } from './premise-key.ts';

describe('premise key', () => {
  it('spells the same address the same way', () => {
    expect(normalizeAddress('12  Oak Street, Apt. 4')).toBe('12 oak st apt 4');
    expect(premiseKey('12 oak st apt 4', '63101')).toBe(premiseKey('12 Oak Street, Apartment 4', ' 63101 '));
  });

  it('keeps different addresses and ZIP codes apart', () => {
    expect(premiseKey('12 Oak St', '63101')).not.toBe(premiseKey('14 Oak St', '63101'));
    expect(premiseKey('12 Oak St', '63101')).not.toBe(premiseKey('12 Oak St', '63104'));
  });
});
