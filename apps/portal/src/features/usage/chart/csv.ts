// A chart's points as a CSV file (RFC 4180): one row per x, one column per series, numbers as
// JavaScript writes them (a '.' decimal, no grouping) so any spreadsheet locale reads them; a BOM
// first so Excel opens the UTF-8 labels (Tamil, German umlauts) correctly.
import { field } from '../../billing/transactions-csv.ts';
import type { ChartSeries } from './chart-types.ts';

const BYTE_ORDER_MARK = '\uFEFF';

export interface ChartCsvInput {
  /** Header of the first column (the period). */
  periodHeading: string;
  length: number;
  /** First column of a row. */
  period: (index: number) => string;
  series: readonly Pick<ChartSeries, 'label' | 'values'>[];
}

function number(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : String(value);
}

export function chartCsv({ periodHeading, length, period, series }: ChartCsvInput): string {
  const lines: string[] = [[periodHeading, ...series.map((one) => one.label)].map(field).join(',')];
  for (let index = 0; index < length; index++) {
    const cells = [field(period(index))];
    for (const one of series) cells.push(number(one.values[index]));
    lines.push(cells.join(','));
  }
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}
