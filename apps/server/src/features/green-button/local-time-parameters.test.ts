// LocalTimeParameters against the rules the samples carry and the zones' own transitions.
import { describe, expect, it } from 'vitest';
import {
  ianaZoneFor,
  localDateAt,
  localMidnightAt,
  localTimeParametersOf,
  offsetAt,
} from './local-time-parameters.ts';

const EASTERN = { tzOffset: -18000, dstOffset: 3600, dstStartRule: '360E2000', dstEndRule: 'B40E2000' };

describe('localTimeParametersOf', () => {
  it('encodes US rules as the Green Button samples write them', () => {
    expect(localTimeParametersOf('America/New_York', 2012)).toEqual(EASTERN);
    expect(localTimeParametersOf('America/Chicago', 2026)).toEqual({ ...EASTERN, tzOffset: -21600 });
  });

  it('encodes the last Sunday of the month for Europe and disables DST where there is none', () => {
    const berlin = localTimeParametersOf('Europe/Berlin', 2026);
    expect(berlin.tzOffset).toBe(3600);
    // March, operator 7 (last), Sunday, 02:00 standard time; October, last Sunday, 03:00 summer time.
    expect(berlin.dstStartRule).toBe('3E0E2000');
    expect(berlin.dstEndRule).toBe('AE0E3000');
    expect(localTimeParametersOf('Asia/Kolkata', 2026)).toEqual({
      tzOffset: 19800,
      dstOffset: 0,
      dstStartRule: 'FFFFFFFF',
      dstEndRule: 'FFFFFFFF',
    });
  });
});

describe('offsetAt and local days', () => {
  it('agrees with the IANA zone around both 2012 changes', () => {
    // 2012-03-11 07:00Z is 02:00 EST: DST starts; 2012-11-04 06:00Z is 02:00 EDT: it ends.
    expect(offsetAt(EASTERN, Date.UTC(2012, 2, 11, 6, 59) / 1000)).toBe(-18000);
    expect(offsetAt(EASTERN, Date.UTC(2012, 2, 11, 7, 0) / 1000)).toBe(-14400);
    expect(offsetAt(EASTERN, Date.UTC(2012, 10, 4, 5, 59) / 1000)).toBe(-14400);
    expect(offsetAt(EASTERN, Date.UTC(2012, 10, 4, 6, 0) / 1000)).toBe(-18000);
  });

  it('finds local midnights, so the spring-forward day is 23 hours long', () => {
    const start = localMidnightAt(EASTERN, '2012-03-11');
    expect(start).toBe(Date.UTC(2012, 2, 11, 5) / 1000);
    expect(localMidnightAt(EASTERN, '2012-03-12') - start).toBe(23 * 3600);
    expect(localDateAt(EASTERN, start)).toBe('2012-03-11');
    expect(localDateAt(EASTERN, start - 1)).toBe('2012-03-10');
  });

  it('names the IANA zone that follows the parameters', () => {
    expect(ianaZoneFor(EASTERN, 2012)).toBe('America/New_York');
    expect(ianaZoneFor({ ...EASTERN, tzOffset: -28800 }, 2011)).toBe('America/Los_Angeles');
    expect(
      ianaZoneFor({ tzOffset: -18000, dstOffset: 0, dstStartRule: 'FFFFFFFF', dstEndRule: 'FFFFFFFF' }, 2020),
    ).toBe('Etc/GMT+5');
  });
});
