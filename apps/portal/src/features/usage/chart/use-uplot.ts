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

  // A layout effect: the chart is drawn before the browser first paints the page, rather than a
  // frame later into an empty box.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || !theme) return;
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
    const u = new uPlot(options, data, host);
    plotRef.current = u;

    // uPlot swallows the click that ends a drag (drag.click), so a click here is a real click.
    const onClick = () => {
      const index = u.cursor.idx;
      if (index !== null && index !== undefined) latest.current.onDrill?.(index);
    };
    u.over.addEventListener('click', onClick);

    const resize = new ResizeObserver(() => {
      const width = host.clientWidth;
      // A hidden chart (table view) measures 0: keep its size until it is shown again.
      if (width > 0 && width !== u.width) u.setSize({ width, height });
    });
    resize.observe(host);
    return () => {
      resize.disconnect();
      u.over.removeEventListener('click', onClick);
      u.destroy();
      plotRef.current = null;
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
