import { describe, expect, it } from 'vitest';
import { chartCsv } from './csv.ts';

const BOM = '\uFEFF';

describe('chartCsv', () => {
  it('writes a header from the labels and one row per point, numbers with a point and no grouping', () => {
    const csv = chartCsv({
      periodHeading: 'Period',
      length: 3,
      period: (index) => `2026-03-0${index + 1}`,
      series: [
        { label: 'Import (kWh)', values: [1.25, 1234.5, 0] },
        { label: 'Export (kWh)', values: new Float64Array([0.5, 2, 3.75]) },
      ],
    });
    expect(csv).toBe(
      `${BOM}Period,Import (kWh),Export (kWh)\r\n2026-03-01,1.25,0.5\r\n2026-03-02,1234.5,2\r\n2026-03-03,0,3.75\r\n`,
    );
  });

  it('leaves a gap empty and quotes labels and periods with commas, quotes or line breaks', () => {
    const csv = chartCsv({
      periodHeading: 'Zeitraum',
      length: 2,
      period: (index) => (index === 0 ? 'Mar 1, 2026' : 'Mar 2, 2026'),
      series: [
        { label: 'Bezug, "Netz"', values: [null, 4] },
        { label: 'Temperatur\n°C', values: [12.5, Number.NaN] },
      ],
    });
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Zeitraum,"Bezug, ""Netz""","Temperatur\n°C"');
    expect(lines[1]).toBe('"Mar 1, 2026",,12.5');
    expect(lines[2]).toBe('"Mar 2, 2026",4,');
  });

  it('starts with a byte order mark so Excel reads the UTF-8 labels', () => {
    const csv = chartCsv({
      periodHeading: 'காலம்',
      length: 1,
      period: () => 'x',
      series: [{ label: 'மின்சாரம்', values: [1] }],
    });
    expect(csv.startsWith(`${BOM}காலம்,மின்சாரம்\r\n`)).toBe(true);
    expect(csv.indexOf(BOM, 1)).toBe(-1);
  });

  it('writes every point of a year of 15-minute reads', () => {
    const length = 35_040;
    const values = Array.from({ length }, (_, index) => index / 4);
    const csv = chartCsv({ periodHeading: 'p', length, period: String, series: [{ label: 'v', values }] });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(length + 1);
    expect(lines.at(-1)).toBe('35039,8759.75');
  });
});
