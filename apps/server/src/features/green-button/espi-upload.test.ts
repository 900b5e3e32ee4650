// Reading uploaded files: the four reference samples load with the totals computed independently
// (shared/standards/greenbutton/README.md), and hostile or wrong files are refused with the reason.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GreenButtonFileError, localTimeOf, readEspiFeed } from './espi-reader.ts';
import { interpretUpload } from './espi-upload.ts';

const SAMPLES = fileURLToPath(new URL('./test-files/', import.meta.url));
const sample = (name: string) => readFileSync(`${SAMPLES}${name}`, 'utf8');

function load(xml: string) {
  const feed = readEspiFeed(xml);
  return { feed, upload: interpretUpload(feed) };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function refusal(xml: string): string {
  try {
    load(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(GreenButtonFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

const feedOf = (content: string) =>
  `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><id>x</id><title>t</title>${content}</feed>`;
const block = (value: string) =>
  `<entry><link rel="self" href="/a/MeterReading/1/IntervalBlock/1"/><content><IntervalBlock xmlns="http://naesb.org/espi"><IntervalReading><timePeriod><duration>900</duration><start>1330578000</start></timePeriod><value>${value}</value></IntervalReading></IntervalBlock></content></entry>`;
const readingType = `<entry><link rel="self" href="/ReadingType/1"/><content><ReadingType xmlns="http://naesb.org/espi"><uom>72</uom></ReadingType></content></entry>`;

describe('the reference samples', () => {
  it('reads the 15-minute electric sample with its DST day and local time', () => {
    const { feed, upload } = load(sample('sample_electric_15min_14days.xml'));
    expect(upload.utilityType).toBe('electricity');
    expect(upload.unit).toBe('Wh');
    expect(upload.intervalSeconds).toBe(900);
    expect(upload.readings).toHaveLength(1340);
    expect(sum(upload.readings.map((r) => r.value))).toBe(1_391_666);
    expect(localTimeOf(feed)).toEqual({
      tzOffset: -18000,
      dstOffset: 3600,
      dstStartRule: '360E2000',
      dstEndRule: 'B40E2000',
    });
    // 2012-03-11 (spring forward) is 23 hours: 92 readings from local midnight 05:00Z.
    const dstDay = upload.readings.filter((r) => r.start >= 1331442000 && r.start < 1331442000 + 82_800);
    expect(dstDay).toHaveLength(92);
  });

  it('reads the hourly year and the daily-binned sample', () => {
    const hourly = load(sample('sample_electric_hourly_1year_Coastal_Multi_Family.xml')).upload;
    expect(hourly.readings).toHaveLength(8760);
    expect(hourly.intervalSeconds).toBe(3600);
    expect(sum(hourly.readings.map((r) => r.value))).toBe(4_425_305);
    const daily = load(sample('sample_electric_daily_binned_monthly.xml')).upload;
    expect(daily.intervalSeconds).toBe(86_400);
    expect(sum(daily.readings.map((r) => r.value))).toBe(9_917_817);
  });

  it('reads the real-world gas feed in therms although it is not schema-valid', () => {
    const { upload } = load(sample('sample_gas_monthly_billing_realworld.xml'));
    expect(upload.utilityType).toBe('gas');
    expect(upload.unit).toBe('therm');
    expect(upload.readings).toHaveLength(35);
    expect(upload.intervalSeconds).toBeNull();
    expect(upload.readings[0]?.value).toBe(37);
    expect(sum(upload.readings.map((r) => r.value))).toBeCloseTo(3484, 9);
  });
});

describe('refused files', () => {
  it('refuses a DOCTYPE, so a "billion laughs" file never expands', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
    ).join('')}]><feed xmlns="http://www.w3.org/2005/Atom"><title>&lol9;</title></feed>`;
    expect(refusal(laughs)).toMatch(/DOCTYPE/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY x SYSTEM "file:///etc/passwd">]>${feedOf('<title>&x;</title>')}`;
    expect(refusal(xxe)).toMatch(/DOCTYPE/);
  });

  it('names what is wrong with a file of the wrong shape', () => {
    expect(refusal('<html><body>hello</body></html>')).toMatch(/not a Green Button file.*<html>/);
    expect(refusal('just text')).toMatch(/not well-formed XML/);
    expect(
      refusal(feedOf('<entry><content><UsagePoint xmlns="http://naesb.org/espi"/></content></entry>')),
    ).toMatch(/no IntervalBlock.*UsagePoint/);
    expect(refusal(feedOf(readingType + block('12.5')))).toMatch(
      /IntervalReading value "12.5" is not a whole number/,
    );
    expect(refusal(feedOf(readingType + block('abc')))).toMatch(/value "abc"/);
    expect(refusal(feedOf(block('10')))).toMatch(/no ReadingType/);
    expect(refusal(`${feedOf(readingType + block('10')).slice(0, -5)}`)).toMatch(/not well-formed/);
  });

  it('stops when reading takes too long', () => {
    let clock = 0;
    const slowClock = () => {
      clock += 10_000;
      return clock;
    };
    expect(() => readEspiFeed(sample('sample_electric_15min_14days.xml'), slowClock)).toThrow(
      /took too long/,
    );
  });

  it('accepts a minimal well-formed feed', () => {
    const { upload } = load(feedOf(readingType + block('250')));
    expect(upload.readings).toEqual([{ start: 1330578000, duration: 900, value: 250, direction: 'import' }]);
  });
});
