// The chart's theme colours, kept current: the theme provider rewrites the tokens on <html>
// (style attribute, data-theme), and a MutationObserver turns that into a redraw with the new
// colours. Unchanged colours keep the same object, so nothing redraws for other attribute changes.
import { type RefObject, useLayoutEffect, useState } from 'react';
import { type ChartTheme, readChartTheme, sameChartTheme } from './chart-theme.ts';

export function useChartTheme(elementRef: RefObject<HTMLElement | null>): ChartTheme | null {
  const [theme, setTheme] = useState<ChartTheme | null>(null);
  useLayoutEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const update = () =>
      setTheme((previous) => {
        const next = readChartTheme(element);
        return previous && sameChartTheme(previous, next) ? previous : next;
      });
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['style', 'class', 'data-theme'],
    });
    return () => observer.disconnect();
  }, [elementRef]);
  return theme;
}
