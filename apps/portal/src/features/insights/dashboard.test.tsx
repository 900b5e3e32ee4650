// The /net2grid dashboard as a user meets it, against a fake /net2grid: every panel from the
// contract's answers; the loader flag cleared before each call and set when one fails, with a
// retry; a panel that fails alone shows its own retry; the questionnaire refreshes the breakdown.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { i18n } from '../../i18n/i18n.ts';
import { CHARTS_NAMESPACE } from '../usage/chart/texts.ts';
import { InsightsDashboard } from './dashboard.tsx';
import { loaderFlag, nextLoaderFlag } from './loader-flag.ts';
import { type FakeServer, fakeServer } from './test-server.ts';
import { INSIGHTS_NAMESPACE } from './texts.ts';

let server: FakeServer;

function renderDashboard() {
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <InsightsDashboard />
      </MemoryRouter>
    </Provider>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });
const calls = (call: string) => server.requests.filter((request) => request.call === call);

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([INSIGHTS_NAMESPACE, CHARTS_NAMESPACE]);
});

beforeEach(() => {
  server = fakeServer();
  loaderFlag.record('fetch');
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => server.handle(request)),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
});

describe('the loader flag', () => {
  it('is cleared by a fetch, set by a failure and left by a success', () => {
    expect(nextLoaderFlag(true, 'fetch')).toBe(false);
    expect(nextLoaderFlag(false, 'failure')).toBe(true);
    expect(nextLoaderFlag(true, 'success')).toBe(true);
    expect(nextLoaderFlag(false, 'success')).toBe(false);
  });
});

describe('the dashboard', () => {
  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces([INSIGHTS_NAMESPACE, CHARTS_NAMESPACE]);
    try {
      renderDashboard();
      expect(await screen.findByText('Konto 1000000001')).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Wofür Ihre Energie verbraucht wird' })).toBeTruthy();
      await within(region('Sparmöglichkeiten')).findByText(/^Spart etwa 42,10\s\$ im Jahr\./);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows every panel from the calls, each with the token and userId it was given', async () => {
    renderDashboard();
    expect(await screen.findByText('Account 1000000001')).toBeTruthy();
    // The questionnaire loads after the panels above it (its own chunk).
    expect(await screen.findByRole('region', { name: 'About your home' })).toBeTruthy();
    for (const name of [
      'Overview',
      'Where your energy goes',
      'Ways to save',
      'Calendar',
      'Day profiles',
      'The last 12 months',
      'Solar production',
      'Energy measurement',
      'About your home',
    ])
      expect(region(name)).toBeTruthy();
    await within(region('Ways to save')).findByText(/^Saves about \$42\.10 a year\./);
    await within(region('Overview')).findByText('Heating used the most energy: 150 kWh, 25% of the total.');
    await within(region('Solar production')).findByText(/Produced 310 kWh/);
    // 600 kWh against September's 480: a quarter more.
    const overview = within(region('Overview'));
    expect(overview.getByText('Against the month before').nextElementSibling?.textContent).toBe('25% more');
    expect(await within(region('Calendar')).findByText('Week of Oct 12, 2026')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const token = calls('getToken')[0];
    expect(token?.body).toEqual({});
    for (const request of server.requests.filter(
      (r) => r.call !== 'getToken' && r.call !== 'getProfileAttributes',
    ))
      expect(request.body).toMatchObject({
        token: 'analytics-token-0123456789',
        userId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      });
    expect(calls('getProfileAttributes')[0]?.body).toEqual({ token: 'analytics-token-0123456789' });
    // The default month's calendar; a chosen day opens its profiles.
    expect(calls('eventSummaryDay')[0]?.body).toMatchObject({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    fireEvent.click(within(region('Calendar')).getByRole('button', { name: 'Oct 12, 2026: 19 kWh' }));
    await waitFor(() => expect(calls('eventSummaryAllDay').at(-1)?.body.dates).toEqual(['2026-10-12']));
  });

  it('shows solar by year, month, week and day, each as a chart and a table', async () => {
    renderDashboard();
    const solar = await screen.findByRole('region', { name: 'Solar production' });
    await within(solar).findByText(/Produced 310 kWh/);
    const solarCalls = () =>
      calls('solarProduction').map(({ body: { token: _t, userId: _u, ...rest } }) => rest);
    const expectations = [
      ['Year', { periodType: 'year', year: 2026, title: 'Solar production, 2026' }, 12],
      // The calendar's day is October 31 (the month's last): its ISO week is 2026-W44, from Monday the 26th.
      [
        'Week',
        { periodType: 'week', year: 2026, monthOrWeek: 44, title: 'Solar production, Week of Oct 26, 2026' },
        7,
      ],
      [
        'Day',
        { periodType: 'day', year: 2026, monthOrWeek: 10, day: 31, title: 'Solar production, Oct 31, 2026' },
        24,
      ],
      [
        'Month',
        { periodType: 'month', year: 2026, monthOrWeek: 10, title: 'Solar production, October 2026' },
        31,
      ],
    ] as const;
    for (const [button, request, rows] of expectations) {
      fireEvent.click(within(solar).getByRole('button', { name: button }));
      expect(within(solar).getByRole('button', { name: button }).getAttribute('aria-pressed')).toBe('true');
      await within(solar).findByText(new RegExp(`^Produced ${rows * 10} kWh`));
      expect(solarCalls()).toContainEqual(request);
      fireEvent.click(within(solar).getByRole('button', { name: 'Table' }));
      const table = await within(solar).findByRole('table');
      expect(within(table).getAllByRole('row').length - 1).toBe(rows);
      fireEvent.click(within(solar).getByRole('button', { name: 'Chart' }));
    }
  });

  it('sets the loader flag when a call fails, shows a retry, and clears it before the retried call', async () => {
    server.failing.set('recommendation', 1);
    renderDashboard();
    const notice = await screen.findByText('Some of your energy insights could not be loaded.');
    expect(loaderFlag.get()).toBe(true);
    const panel = region('Ways to save');
    expect(within(panel).getByText('Could not load Ways to save')).toBeTruthy();
    let flagWhenRetried: boolean | null = null;
    const handle = server.handle;
    server.handle = (request) => {
      if (request.url.endsWith('/recommendation')) flagWhenRetried = loaderFlag.get();
      return handle(request);
    };
    await act(async () => {
      fireEvent.click(within(notice.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }));
    });
    await within(region('Ways to save')).findByText(/^Saves about \$42\.10 a year\./);
    expect(flagWhenRetried).toBe(false);
    expect(loaderFlag.get()).toBe(false);
    expect(screen.queryByText('Some of your energy insights could not be loaded.')).toBeNull();
    expect(calls('recommendation')).toHaveLength(2);
    // Only the failed call was asked again.
    expect(calls('disaggregation/month')).toHaveLength(1);
  });

  it('retries one failed panel from the panel itself', async () => {
    server.failing.set('energyMeasurement', 1);
    renderDashboard();
    await screen.findByText('Account 1000000001');
    const panel = region('Energy measurement');
    await within(panel).findByText(/Could not load/);
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(panel).queryByText(/Could not load/)).toBeNull());
    await within(panel).findByRole('button', { name: 'Table' });
    expect(calls('energyMeasurement')).toHaveLength(2);
  });

  it('refuses an answer out of bounds and, once saved, refreshes the breakdown', async () => {
    renderDashboard();
    const form = await screen.findByRole('form', { name: 'About your home' });
    const breakdown = region('Where your energy goes');
    await within(breakdown).findByText(/^Answer the questions below to refine this split\./);
    expect(within(breakdown).queryByText('EV charging')).toBeNull();

    fireEvent.change(within(form).getByLabelText('People in the household'), { target: { value: '40' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await within(form).findByText('Enter 1 to 12 people.')).toBeTruthy();
    expect(calls('saveProfileAttributes')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('People in the household'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Electric vehicle'), { target: { value: 'true' } });
    fireEvent.change(within(form).getByLabelText('Heating'), { target: { value: 'heat_pump' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(calls('saveProfileAttributes')).toHaveLength(1));
    expect(calls('saveProfileAttributes')[0]?.body.profile).toEqual({
      householdSize: 3,
      homeType: null,
      floorAreaSqFt: null,
      heatingFuel: 'heat_pump',
      waterHeatingFuel: null,
      hasEv: true,
      hasSolar: null,
      hasPool: null,
    });
    await within(breakdown).findByText(/^Your answers to the questions below refined this split\./);
    expect(within(breakdown).getByText('EV charging')).toBeTruthy();
    expect(calls('disaggregation/month')).toHaveLength(2);
    expect(calls('recommendation')).toHaveLength(2);
    expect(await screen.findByText('Saved. Your breakdown is updated.')).toBeTruthy();
  });
});
