// uPlot's chunk is asked for only when a chart comes near the viewport, and a chart below the fold
// is not drawn on load (issue 7: total blocking time on a phone); its place keeps the plot's height.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { CHARTS_NAMESPACE } from './texts.ts';

const plotChunk = vi.hoisted(() => ({ requested: 0 }));

vi.mock('./chart-plot.tsx', () => {
  plotChunk.requested += 1;
  return {
    ChartPlot: ({ chart }: { chart: { title: string } }) => (
      <div role="application" aria-label={chart.title} />
    ),
  };
});

/** Stands in for the browser's IntersectionObserver: the test says when the place comes near. */
const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
class FakeIntersectionObserver {
  constructor(
    public callback: IntersectionObserverCallback,
    public options?: IntersectionObserverInit,
  ) {
    observers.push({ callback, ...(options ? { options } : {}) });
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(CHARTS_NAMESPACE);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('loads and draws the plot only once its place comes near the viewport', async () => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const { UsageChart } = await import('./usage-chart.tsx');
  const { container } = render(
    <UsageChart
      title="Solar by day"
      x={[0, 1]}
      xKind="category"
      formatX={(index) => `day ${index}`}
      series={[{ key: 'importKwh', label: 'Import', values: [1, 2], kind: 'bar', color: 1 }]}
      unit="kWh"
      formatValue={(value) => `${value} kWh`}
      csvFileName="solar.csv"
      height={220}
    />,
  );
  // Far below: the place at the plot's height, the rest of the chart (views, CSV, legend) drawn.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(plotChunk.requested).toBe(0);
  expect(screen.queryByRole('application')).toBeNull();
  const place = container.querySelector<HTMLElement>('[aria-busy="true"]');
  expect(place?.lastElementChild?.getAttribute('style')).toContain('height: 220px');
  expect(screen.getByRole('button', { name: /csv/i })).toBeTruthy();
  const observer = observers.at(-1);
  expect(observer?.options?.rootMargin).toBe('100% 0px');

  // A screen's height away: asked for and drawn in that place.
  await act(async () => {
    observer?.callback(
      [{ isIntersecting: true, target: place } as unknown as IntersectionObserverEntry],
      observer as unknown as IntersectionObserver,
    );
  });
  expect(await screen.findByRole('application', { name: 'Solar by day' })).toBeTruthy();
  expect(plotChunk.requested).toBe(1);
  expect(container.querySelector('[aria-busy="true"]')).toBeNull();
});
