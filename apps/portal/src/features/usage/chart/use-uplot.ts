// One uPlot instance over a host element for the life of a chart's data and theme: built again
// when either changes, resized with its container (full width, phones included), zoomed from a
// drag selection and reset on demand, and a click (not a drag) on a point drills down.
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartTheme } from './chart-theme.ts';
import type { UsageChartProps } from './chart-types.ts';
import { fullXRange, plotOptions, type XRange } from './plot-options.ts';

/** A selection narrower than this many pixels is a slip of the hand, not a zoom. */
const DRAG_THRESHOLD = 4;
const FALLBACK_WIDTH = 600;

export interface PlotControl {
  plotRef: RefObject<uPlot | null>;
  /** First and last index inside the x window (the zoom), or null before the first draw. */
  visibleRange: () => readonly [number, number] | null;
  zoomed: boolean;
  resetZoom: () => void;
  /** Moves the window, keeping its width, so that the point is inside it. */
  reveal: (index: number) => void;
}

export function useUplot(
  hostRef: RefObject<HTMLDivElement | null>,
  props: UsageChartProps,
  theme: ChartTheme | null,
  locale: string,
  /** Called with the point under the mouse (null when it leaves). */
  onHover: (index: number | null) => void,
): PlotControl {
  const plotRef = useRef<uPlot | null>(null);
  /** Whether this chart has drawn a plot yet: only its first is put off to a task of its own. */
  const drewBefore = useRef(false);
  const zoomRef = useRef<XRange | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const hoverRef = useRef(onHover);
  hoverRef.current = onHover;
  const [zoomed, setZoomed] = useState(false);
  const { x, xKind, series, bands, unit, rightUnit } = props;
  const height = props.height ?? 300;
  const hasTickFormat = props.formatTick !== undefined;

  // New data starts unzoomed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: x is the trigger, not read
  useLayoutEffect(() => {
    zoomRef.current = null;
    setZoomed(false);
  }, [x]);

  // The chart is drawn in tasks of its own just after the page's render (its host keeps the plot's
  // height meanwhile, so nothing moves): building uPlot and drawing its canvas is the longest piece
  // of /usage's main-thread work, and inside the render's commit it made one long task of the
  // numbers and every chart together (issue 7: total blocking time on a phone). A first plot is
  // drawn in two slices that yield between them: its options and uPlot's own elements in one task,
  // then its data, size and canvas in the next (uPlot's deferred init); each chart is its own pair,
  // so the page stays responsive between them. Later draws (a drill-down, a new theme) replace the
  // canvas at once, before the browser paints, as they did.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || !theme) return;
    let drawn: uPlot | null = null;
    let cleanup: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = (deferred: boolean) => {
      const full = fullXRange(x, series);
      const { options, data } = plotOptions(
        {
          x,
          xKind,
          series,
          bands,
          unit,
          rightUnit,
          // The formatters are read through the ref: a caller's new function needs no redraw.
          formatX: (index) => latest.current.formatX(index),
          formatTick: hasTickFormat ? (value) => latest.current.formatTick?.(value) ?? '' : undefined,
          width: host.clientWidth || FALLBACK_WIDTH,
          height,
          locale,
        },
        theme,
        {
          xRange: () => zoomRef.current ?? full,
          onCursor: (index) => hoverRef.current(index),
          onSelect: (u) => {
            const { left, width } = u.select;
            if (width < DRAG_THRESHOLD) return;
            zoomRef.current = [u.posToVal(left, 'x'), u.posToVal(left + width, 'x')];
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            u.setScale('x', { min: zoomRef.current[0], max: zoomRef.current[1] });
            setZoomed(true);
          },
        },
      );
      // Put in the host and drawn (uPlot's init): at once, or in a task after the one building it.
      const show = (plot: uPlot, init: () => void) => {
        host.appendChild(plot.root);
        init();
        drewBefore.current = true;
        plotRef.current = plot;

        // uPlot swallows the click that ends a drag (drag.click), so a click here is a real click.
        const onClick = () => {
          const index = plot.cursor.idx;
          if (index !== null && index !== undefined) latest.current.onDrill?.(index);
        };
        plot.over.addEventListener('click', onClick);

        const resize = new ResizeObserver(() => {
          const width = host.clientWidth;
          // A hidden chart (table view) measures 0: keep its size until it is shown again.
          if (width > 0 && width !== plot.width) plot.setSize({ width, height });
        });
        resize.observe(host);
        cleanup = () => {
          resize.disconnect();
          plot.over.removeEventListener('click', onClick);
        };
      };
      drawn = new uPlot(options, data, (plot, init) => {
        if (!deferred) show(plot, () => init());
        else timer = setTimeout(() => show(plot, () => init()), 0);
      });
    };
    if (drewBefore.current) draw(false);
    else timer = setTimeout(() => draw(true), 0);
    return () => {
      clearTimeout(timer);
      cleanup?.();
      drawn?.destroy();
      if (plotRef.current === drawn) plotRef.current = null;
    };
  }, [hostRef, theme, locale, x, xKind, series, bands, unit, rightUnit, height, hasTickFormat]);

  const resetZoom = useCallback(() => {
    zoomRef.current = null;
    setZoomed(false);
    const u = plotRef.current;
    if (u) {
      const [min, max] = fullXRange(latest.current.x, latest.current.series);
      u.setScale('x', { min, max });
    }
  }, []);

  const reveal = useCallback((index: number) => {
    const u = plotRef.current;
    const window = zoomRef.current;
    const value = latest.current.x[index];
    if (!u || !window || value === undefined || (value >= window[0] && value <= window[1])) return;
    const span = window[1] - window[0];
    const [first, last] = fullXRange(latest.current.x, latest.current.series);
    // The point a tenth in from the edge it came through, the window kept inside the data.
    const wanted = value < window[0] ? value - span * 0.1 : value - span * 0.9;
    const min = Math.max(first, Math.min(last - span, wanted));
    zoomRef.current = [min, min + span];
    u.setScale('x', { min, max: min + span });
  }, []);

  const visibleRange = useCallback((): readonly [number, number] | null => {
    const idxs = plotRef.current?.series[0]?.idxs;
    return idxs ? [idxs[0], idxs[1]] : null;
  }, []);

  return { plotRef, zoomed, resetZoom, reveal, visibleRange };
}
