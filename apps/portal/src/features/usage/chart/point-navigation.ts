// Which point a key moves the chart's highlight to: arrows by one, Page keys by ten, Home/End to
// the ends. Starting from no highlight, forward keys begin at the first point and back keys at the
// last, so the first press always lands somewhere sensible.
export const PAGE_STEP = 10;

export function nextPointIndex(key: string, current: number | null, length: number): number | null {
  if (length === 0) return null;
  const last = length - 1;
  const clamp = (index: number) => Math.min(last, Math.max(0, index));
  switch (key) {
    case 'ArrowRight':
      return current === null ? 0 : clamp(current + 1);
    case 'ArrowLeft':
      return current === null ? last : clamp(current - 1);
    case 'PageDown':
      return current === null ? 0 : clamp(current + PAGE_STEP);
    case 'PageUp':
      return current === null ? last : clamp(current - PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** What a screen reader hears for a point: "label: series value, series value". */
export function describePoint<Series extends { label: string; values: ArrayLike<number | null> }>(
  index: number,
  formatX: (index: number) => string,
  series: readonly Series[],
  formatValue: (value: number, series: Series) => string,
  noData: string,
): string {
  const values = series.map((one) => {
    const value = one.values[index];
    return `${one.label} ${value === null || value === undefined ? noData : formatValue(value, one)}`;
  });
  return `${formatX(index)}: ${values.join(', ')}`;
}
