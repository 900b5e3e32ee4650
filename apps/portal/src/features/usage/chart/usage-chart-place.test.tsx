// The plot is its own chunk (issue 7): a chart drawn before that chunk has come keeps the plot's
// place at the plot's height, and the plot takes it once the chunk is here.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { CHARTS_NAMESPACE } from './texts.ts';

const chunk = vi.hoisted(() => {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});

vi.mock('./chart-plot.tsx', async () => {
  await chunk.arrived;
  return {
    ChartPlot: ({ chart }: { chart: { title: string } }) => (
      <div role="application" aria-label={chart.title} />
    ),
  };
});

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(CHARTS_NAMESPACE);
});

afterEach(cleanup);

it('keeps the plot its place while its chunk loads, then draws it there', async () => {
  const { UsageChart, loadPlot } = await import('./usage-chart.tsx');
  const { container } = render(
    <UsageChart
      title="Electricity by month"
      x={[0, 1]}
      xKind="category"
      formatX={(index) => `month ${index}`}
      series={[{ key: 'importKwh', label: 'Import', values: [1, 2], kind: 'bar', color: 1 }]}
      unit="kWh"
      formatValue={(value) => `${value} kWh`}
      csvFileName="usage.csv"
      height={240}
    />,
  );
  expect(screen.queryByRole('application')).toBeNull();
  const place = container.querySelector<HTMLElement>('[aria-busy="true"]');
  expect(place).not.toBeNull();
  expect(place?.lastElementChild?.getAttribute('style')).toContain('height: 240px');
  // The rest of the chart (views, CSV download, legend) does not wait for the plot.
  expect(screen.getByRole('button', { name: /csv/i })).toBeTruthy();

  await act(async () => {
    chunk.arrive();
    await loadPlot();
  });
  expect(await screen.findByRole('application', { name: 'Electricity by month' })).toBeTruthy();
  expect(container.querySelector('[aria-busy="true"]')).toBeNull();
});
