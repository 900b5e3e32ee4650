// What each colour means, in words: every series with a swatch of its own shape (bar, line,
// dashed line, area) and every kind of shaded period, so colour is never the only cue.
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ChartBand, ChartSeries } from './chart-types.ts';
import { CHARTS_NAMESPACE } from './texts.ts';
import styles from './usage-chart.module.css';

const BAND_COLOR: Record<ChartBand['kind'], string> = {
  peak: 'var(--gf-danger)',
  mid: 'var(--gf-warning)',
  off: 'var(--gf-success)',
};

function swatchClass(one: ChartSeries): string {
  if (one.kind === 'bar') return styles.swatchBar ?? '';
  if (one.kind === 'area') return styles.swatchArea ?? '';
  return (one.dashed ? styles.swatchDashed : styles.swatchLine) ?? '';
}

export function ChartLegend({ series, bands = [] }: { series: ChartSeries[]; bands?: ChartBand[] }) {
  const { t } = useTranslation(CHARTS_NAMESPACE);
  // One entry per kind of period and name, however many spans of it the chart shades.
  const bandKinds = [...new Map(bands.map((band) => [`${band.kind}:${band.label}`, band])).values()];
  return (
    <ul className={styles.legend} aria-label={t('legend')}>
      {series.map((one) => (
        <li key={one.key}>
          <span
            className={`${styles.swatch} ${swatchClass(one)}`}
            style={{ '--swatch': `var(--gf-chart-${one.color})` } as CSSProperties}
            aria-hidden="true"
          />
          {one.label}
        </li>
      ))}
      {bandKinds.map((band) => (
        <li key={`${band.kind}:${band.label}`}>
          <span
            className={`${styles.swatch} ${styles.swatchBand}`}
            style={{ '--swatch': BAND_COLOR[band.kind] } as CSSProperties}
            aria-hidden="true"
          />
          {band.label}
        </li>
      ))}
    </ul>
  );
}
