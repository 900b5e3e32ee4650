// The chart as a user meets it in the DOM: keyboard walk and announcement, drill, table pages,
// legend, CSV download, loading and error states, colours from the theme tokens.
import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { readChartTheme } from './chart-theme.ts';
import { plotOptions } from './plot-options.ts';
import { CHARTS_NAMESPACE } from './texts.ts';
import {
  ChartError,
  type ChartSeries,
  ChartSkeleton,
  loadPlot,
  UsageChart,
  type UsageChartProps,
} from './usage-chart.tsx';
import { useChartTheme } from './use-chart-theme.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function monthly(overrides: Partial<UsageChartProps> = {}): UsageChartProps {
  const series: ChartSeries[] = [
    {
      key: 'importKwh',
      label: 'Import',
      values: MONTHS.map((_, index) => 100 + index),
      kind: 'bar',
      color: 1,
    },
    {
      key: 'exportKwh',
      label: 'Export',
      values: MONTHS.map((_, index) => (index === 2 ? null : index * 2)),
      kind: 'bar',
      color: 2,
    },
  ];
  return {
    title: 'Electricity by month',
    description: 'Import peaked in December.',
    x: MONTHS.map((_, index) => index),
    xKind: 'category',
    formatX: (index) => `${MONTHS[index]} 2026`,
    series,
    unit: 'kWh',
    formatValue: (value) => `${value} kWh`,
    csvFileName: 'usage-electricity-2026.csv',
    ...overrides,
  };
}

function quarterHours(length: number): UsageChartProps {
  const start = Date.UTC(2026, 0, 1) / 1000;
  return monthly({
    title: 'Electricity every 15 minutes',
    x: Float64Array.from({ length }, (_, index) => start + index * 900),
    xKind: 'time',
    formatX: (index) => `point ${index + 1}`,
    series: [
      {
        key: 'importKwh',
        label: 'Import',
        values: Float64Array.from({ length }, () => 0.5),
        kind: 'area',
        color: 1,
      },
    ],
  });
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(CHARTS_NAMESPACE);
  // The plot is its own chunk: drawn at once only once it has loaded, as in the page.
  await loadPlot();
});

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
});

describe('UsageChart keyboard and screen reader', () => {
  it('is one named, described stop that walks the points and announces each with every series', () => {
    render(<UsageChart {...monthly()} />);
    const plot = screen.getByRole('application', { name: 'Electricity by month' });
    expect(plot.tabIndex).toBe(0);
    expect(plot.getAttribute('aria-roledescription')).toBe('chart');
    expect(document.getElementById(plot.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Import peaked in December.',
    );
    const announcement = screen.getByTestId('chart-announcement');
    expect(announcement.getAttribute('aria-live')).toBe('polite');

    plot.focus();
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(announcement.textContent).toBe('Jan 2026: Import 100 kWh, Export 0 kWh');
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(announcement.textContent).toBe('Mar 2026: Import 102 kWh, Export no data');
    expect(screen.getByTestId('chart-readout').textContent).toBe(announcement.textContent);
    fireEvent.keyDown(plot, { key: 'End' });
    expect(announcement.textContent).toMatch(/^Dec 2026: Import 111 kWh/);
    fireEvent.keyDown(plot, { key: 'PageUp' });
    expect(announcement.textContent).toMatch(/^Feb 2026:/);
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(announcement.textContent).toMatch(/^Jan 2026:/);
  });

  it('drills down on Enter when the caller allows it, and says so', () => {
    const onDrill = vi.fn();
    render(<UsageChart {...monthly({ onDrill })} />);
    const plot = screen.getByRole('application', { name: 'Electricity by month' });
    expect(document.getElementById(plot.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Press Enter',
    );
    fireEvent.keyDown(plot, { key: 'Enter' });
    expect(onDrill).not.toHaveBeenCalled(); // nothing highlighted yet
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    fireEvent.keyDown(plot, { key: 'Enter' });
    expect(onDrill).toHaveBeenCalledWith(10);
  });

  it('has no Enter help without a drill-down', () => {
    render(<UsageChart {...monthly()} />);
    const plot = screen.getByRole('application');
    expect(document.getElementById(plot.getAttribute('aria-describedby') ?? '')?.textContent).not.toContain(
      'Enter',
    );
  });
});

describe('UsageChart legend and views', () => {
  it('names every series and each kind of shaded period once', () => {
    render(
      <UsageChart
        {...monthly({
          bands: [
            { from: 0, to: 2, kind: 'peak', label: 'Peak' },
            { from: 5, to: 7, kind: 'peak', label: 'Peak' },
            { from: 2, to: 5, kind: 'off', label: 'Off-peak' },
          ],
        })}
      />,
    );
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Import', 'Export', 'Peak', 'Off-peak']);
  });

  it('switches to a real table with a caption, column and row headers and formatted values', () => {
    render(<UsageChart {...monthly()} />);
    const tableButton = screen.getByRole('button', { name: 'Table' });
    expect(tableButton.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(tableButton);
    expect(tableButton.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Chart' }).getAttribute('aria-pressed')).toBe('false');
    const table = screen.getByRole('table', { name: 'Electricity by month' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual(['Period', 'Import', 'Export']);
    expect(headers.every((cell) => cell.getAttribute('scope') === 'col')).toBe(true);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    const march = rows[2];
    if (!march) throw new Error('no March row');
    expect(within(march).getByRole('rowheader').textContent).toBe('Mar 2026');
    expect(
      within(march)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['102 kWh', 'no data']);
    // One page only: no pager.
    expect(screen.queryByRole('navigation')).toBeNull();
    // The plot is kept (its zoom survives) but hidden.
    expect(screen.queryByRole('application')).toBeNull();
  });

  it('pages a year of 15-minute points 200 rows at a time', () => {
    render(<UsageChart {...quarterHours(35_040)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const pager = screen.getByRole('navigation', { name: 'Table pages' });
    expect(within(pager).getByText('Page 1 of 176')).toBeTruthy();
    const previous = within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    const firstRowHeader = () => screen.getAllByRole('rowheader')[0]?.textContent;
    expect(screen.getAllByRole('rowheader')).toHaveLength(200);
    expect(firstRowHeader()).toBe('point 1');
    fireEvent.click(next);
    expect(within(pager).getByText('Page 2 of 176')).toBeTruthy();
    expect(firstRowHeader()).toBe('point 201');
    expect(previous.disabled).toBe(false);
  });

  it('ends on a shorter last page and cannot go past it', () => {
    render(<UsageChart {...quarterHours(640)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    for (let page = 1; page < 4; page++) fireEvent.click(next);
    expect(screen.getByText('Page 4 of 4')).toBeTruthy();
    expect(next.disabled).toBe(true);
    // 640 - 3 × 200 = 40 rows left.
    expect(screen.getAllByRole('rowheader')).toHaveLength(40);
    expect(screen.getAllByRole('rowheader')[0]?.textContent).toBe('point 601');
  });

  it('downloads every point as CSV with a BOM under the caller’s file name', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:chart';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(
      <UsageChart {...monthly({ csvValue: (index) => `2026-${String(index + 1).padStart(2, '0')}` })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(clicked).toEqual(['usage-electricity-2026.csv']);
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'Period,Import,Export',
      '2026-01,100,0',
      '2026-02,101,2',
      '2026-03,102,',
    ]);
    expect(lines).toHaveLength(14); // header, 12 months, the empty tail after the last CRLF
  });
});

describe('ChartSkeleton and ChartError', () => {
  it('shows a busy placeholder named for the chart', () => {
    render(<ChartSkeleton title="Gas by month" />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading Gas by month');
  });

  it('says which chart failed and retries on request', () => {
    const onRetry = vi.fn();
    render(<ChartError title="Gas by month" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load Gas by month');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('chart colours', () => {
  const setTokens = (tokens: Record<string, string>) => {
    for (const [name, value] of Object.entries(tokens))
      document.documentElement.style.setProperty(name, value);
  };

  it('come from the theme tokens: series by their colour number, axis text, grid and band fills', () => {
    setTokens({
      '--gf-chart-1': '#112233',
      '--gf-chart-2': '#445566',
      '--gf-chart-4': '#abcdef',
      '--gf-surface-fg': '#010203',
      '--gf-border': '#c0c0c0',
      '--gf-danger': '#aa0000',
    });
    const theme = readChartTheme(document.body);
    const props = monthly();
    const line: ChartSeries = {
      key: 'temp',
      label: 'Temperature',
      values: [],
      kind: 'line',
      color: 4,
      axis: 'right',
    };
    const area: ChartSeries = {
      key: 'gen',
      label: 'Solar',
      values: [],
      kind: 'area',
      color: 2,
      dashed: true,
    };
    const { options } = plotOptions(
      { ...props, series: [...props.series, line, area], width: 390, height: 240, locale: 'en' },
      theme,
      { xRange: () => [0, 11], onSelect: () => {}, onCursor: () => {} },
    );
    const [, importBars, exportBars, temperature, solar] = options.series;
    expect(importBars?.fill).toBe('#112233');
    expect(exportBars?.stroke).toBe('#445566');
    expect(temperature).toMatchObject({ stroke: '#abcdef', scale: 'right' });
    expect(solar).toMatchObject({ stroke: '#445566', fill: 'rgba(68, 85, 102, 0.25)', dash: [6, 4] });
    expect(options.axes?.[0]).toMatchObject({ stroke: '#010203', grid: { stroke: '#c0c0c0' } });
    expect(options.axes?.[2]).toMatchObject({ scale: 'right', side: 1 });
    expect(theme.bands.peak).toBe('#aa0000');
  });

  it('are read again when the theme provider rewrites the tokens on <html>', async () => {
    setTokens({ '--gf-chart-1': '#111111' });
    const { result } = renderHook(() => {
      const ref = useRef<HTMLElement>(document.body);
      return useChartTheme(ref);
    });
    expect(result.current?.series[0]).toBe('#111111');
    const before = result.current;
    await act(async () => {
      setTokens({ '--gf-chart-1': '#222222' });
      await Promise.resolve(); // MutationObserver callbacks run as a microtask
    });
    expect(result.current?.series[0]).toBe('#222222');
    expect(result.current).not.toBe(before);
  });
});

describe('UsageChart mouse', () => {
  // A real drag moves: uPlot ignores mouse moves without movement (jsdom reports none by itself).
  const dragTo = (overlay: HTMLElement, clientX: number) => {
    const move = new MouseEvent('mousemove', { clientX, clientY: 50, bubbles: true });
    Object.defineProperty(move, 'movementX', { value: 10 });
    act(() => {
      overlay.dispatchEvent(move);
    });
  };

  // The first plot is drawn in a task after the render (use-uplot.ts): waited for, as a user would.
  const plotOverlay = async () => {
    expect(document.querySelector('.u-over')).toBeNull();
    await act(() => new Promise((done) => setTimeout(done, 0)));
    const overlay = document.querySelector<HTMLElement>('.u-over');
    if (!overlay) throw new Error('no uPlot overlay');
    return overlay;
  };

  it('drills down on a click on a bar, but not at the end of a drag', async () => {
    const onDrill = vi.fn();
    render(<UsageChart {...monthly({ onDrill })} />);
    const overlay = await plotOverlay();
    fireEvent.mouseMove(overlay, { clientX: 200, clientY: 50 });
    fireEvent.mouseDown(overlay, { clientX: 200, clientY: 50 });
    fireEvent.mouseUp(overlay, { clientX: 200, clientY: 50 });
    fireEvent.click(overlay, { clientX: 200, clientY: 50 });
    expect(onDrill).toHaveBeenCalledTimes(1);
    const [index] = onDrill.mock.calls[0] ?? [];
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(12);

    fireEvent.mouseDown(overlay, { clientX: 100, clientY: 50 });
    dragTo(overlay, 300);
    fireEvent.mouseUp(overlay, { clientX: 300, clientY: 50 });
    dragTo(overlay, 301); // the cursor is on a point again when the click arrives
    fireEvent.click(overlay, { clientX: 301, clientY: 50 });
    expect(onDrill).toHaveBeenCalledTimes(1);
  });

  it('zooms on a drag, offers Reset zoom, and gives the focus back to the plot when reset', async () => {
    render(<UsageChart {...monthly()} />);
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    const overlay = await plotOverlay();
    fireEvent.mouseDown(overlay, { clientX: 100, clientY: 50 });
    dragTo(overlay, 300);
    fireEvent.mouseUp(overlay, { clientX: 300, clientY: 50 });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset zoom' }));
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('application'));
  });
});
