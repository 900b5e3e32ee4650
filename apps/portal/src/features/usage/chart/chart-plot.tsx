// The drawn chart: one focusable element that a keyboard walks point by point (the highlighted
// point is announced politely and shown in a readout just above the plot), Enter drills down, and a
// "Reset zoom" button appears once a drag has zoomed in.
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { UsageChartProps } from './chart-types.ts';
import { describePoint, nextPointIndex } from './point-navigation.ts';
import { CHARTS_NAMESPACE } from './texts.ts';
import styles from './usage-chart.module.css';
import { useChartTheme } from './use-chart-theme.ts';
import { useUplot } from './use-uplot.ts';

export function ChartPlot({ chart, hidden }: { chart: UsageChartProps; hidden: boolean }) {
  const { t, i18n } = useTranslation(CHARTS_NAMESPACE);
  const hostRef = useRef<HTMLDivElement>(null);
  const theme = useChartTheme(hostRef);
  // The highlighted point: under the mouse, or where the keyboard left it; the latest wins.
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const { plotRef, zoomed, resetZoom, reveal, visibleRange } = useUplot(
    hostRef,
    chart,
    theme,
    i18n.language,
    setHighlighted,
  );
  const [announcement, setAnnouncement] = useState('');
  const descriptionId = useId();

  const pointText = (index: number) =>
    describePoint(index, chart.formatX, chart.series, chart.formatValue, t('noData'));

  const moveTo = (index: number) => {
    setHighlighted(index);
    setAnnouncement(pointText(index));
    reveal(index);
    const u = plotRef.current;
    const value = chart.x[index];
    if (!u || value === undefined) return;
    // uPlot's own cursor marks the point on the canvas, as a mouse would.
    u.setCursor({ left: u.valToPos(value, 'x'), top: u.over.clientHeight / 2 }, false);
  };

  // The button goes away with the zoom: the focus moves to the plot rather than being lost.
  const resetAndRefocus = () => {
    resetZoom();
    hostRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && chart.onDrill && highlighted !== null) {
      event.preventDefault();
      chart.onDrill(highlighted);
      return;
    }
    // The first key press starts inside the zoomed window, not at the start of the year.
    const range = visibleRange();
    const next =
      highlighted === null && range && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')
        ? range[event.key === 'ArrowRight' ? 0 : 1]
        : nextPointIndex(event.key, highlighted, chart.x.length);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <div className={styles.plotArea} hidden={hidden}>
      <div className={styles.plotTools}>
        {highlighted === null ? (
          <p className={styles.hint}>{t('zoomHint')}</p>
        ) : (
          // The highlighted point takes the hint's place just above the plot, so the plot does not
          // jump; screen readers hear the live region below instead.
          <p className={styles.readout} aria-hidden="true" data-testid="chart-readout">
            {pointText(highlighted)}
          </p>
        )}
        {zoomed && (
          <button type="button" className="gf-button gf-button--secondary" onClick={resetAndRefocus}>
            {t('resetZoom')}
          </button>
        )}
      </div>
      <div
        ref={hostRef}
        className={styles.plot}
        // The plot's height before its canvas is drawn (use-uplot.ts draws it a task later).
        style={{ minHeight: chart.height ?? 300 }}
        role="application"
        aria-roledescription={t('roleDescription')}
        aria-label={chart.title}
        aria-describedby={descriptionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the plot is one keyboard stop whose arrow keys walk the points
        tabIndex={0}
        onKeyDown={onKeyDown}
      />
      <p id={descriptionId} className="visually-hidden">
        {[chart.description, t('keyboardHelp'), chart.onDrill ? t('drillHelp') : '']
          .filter(Boolean)
          .join(' ')}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="chart-announcement">
        {announcement}
      </p>
    </div>
  );
}
