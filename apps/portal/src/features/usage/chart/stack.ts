// Stacked bars for uPlot, which draws each series on its own: every member of a stack is drawn as
// the running total up to itself (positives and negatives summed apart), tallest first, so each
// later, shorter bar paints its own segment over the one below. Tooltips, table and CSV keep the
// members' own values.
import type { ChartSeries } from './chart-types.ts';

export interface DrawnSeries {
  /** Index into the caller's series. */
  source: number;
  values: ArrayLike<number | null>;
}

export function stackForDrawing(
  series: readonly Pick<ChartSeries, 'values' | 'stack' | 'kind'>[],
): DrawnSeries[] {
  const stackOf = (one: Pick<ChartSeries, 'stack' | 'kind'>) => (one.kind === 'bar' ? one.stack : undefined);
  const drawn: DrawnSeries[] = [];
  const placed = new Set<string>();
  series.forEach((one, index) => {
    const stack = stackOf(one);
    if (stack === undefined) drawn.push({ source: index, values: one.values });
    else if (!placed.has(stack)) {
      // The whole stack is drawn where its first member stands.
      placed.add(stack);
      const members = series.flatMap((other, at) => (stackOf(other) === stack ? [at] : []));
      drawn.push(...stackGroup(series, members));
    }
  });
  return drawn;
}

function stackGroup(series: readonly Pick<ChartSeries, 'values'>[], members: number[]): DrawnSeries[] {
  const length = Math.max(...members.map((index) => series[index]?.values.length ?? 0));
  const positive = new Float64Array(length);
  const negative = new Float64Array(length);
  const totals = members.map((index) => {
    const values = series[index]?.values ?? [];
    const total: (number | null)[] = new Array(length);
    for (let at = 0; at < length; at++) {
      const value = values[at];
      if (value === null || value === undefined) {
        total[at] = null;
        continue;
      }
      const sums = value < 0 ? negative : positive;
      sums[at] = (sums[at] ?? 0) + value;
      total[at] = sums[at] ?? value;
    }
    return { source: index, values: total };
  });
  return totals.reverse();
}
