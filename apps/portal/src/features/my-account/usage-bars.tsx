// Recent usage at a glance: one bar per bill period, drawn as a few SVG rectangles in the theme's
// first chart colour. Not the usage page's chart library: the dashboard stays a small download.
import styles from './my-account.module.css';

export interface UsageBar {
  key: string;
  value: number;
  /** The period the customer is reading about (the latest billed one). */
  current?: boolean;
}

const WIDTH = 240;
const HEIGHT = 64;
const GAP = 3;

/** Bar heights scaled to the largest value; a value of zero still shows a hairline. */
export function barGeometry(bars: readonly UsageBar[]) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const width = bars.length > 0 ? (WIDTH - GAP * (bars.length - 1)) / bars.length : 0;
  return bars.map((bar, index) => {
    const height = max > 0 ? Math.max(1, (Math.max(0, bar.value) / max) * HEIGHT) : 1;
    return {
      key: bar.key,
      x: index * (width + GAP),
      y: HEIGHT - height,
      width,
      height,
      current: bar.current,
    };
  });
}

export function UsageBars({ bars, label }: { bars: readonly UsageBar[]; label: string }) {
  return (
    <svg
      className={styles.bars}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="usage-bars"
    >
      {barGeometry(bars).map((bar) => (
        <rect
          key={bar.key}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
          className={bar.current ? styles.barCurrent : styles.bar}
        />
      ))}
    </svg>
  );
}
