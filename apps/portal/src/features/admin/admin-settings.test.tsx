import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';
import { decimalOf } from './admin-settings.tsx';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const calls: { method: string; path: string; body: unknown }[] = [];
let sideAreas = { insights: true, rateComparison: true, assistant: true };

const stored = () => ({
  sideAreas,
  fees: { cardFeeBasisPoints: 250, achFeeCents: 75 },
  notifications: { reminderDaysBefore: 5, autopayNoticeDaysBefore: 3 },
  autopay: { maxWithdrawalCents: null, methods: ['card', 'ach'], withdrawalDaysBefore: 0 },
  plans: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      code: 'E-FLAT',
      name: 'Flat rate',
      sector: 'Residential',
      utilityType: 'electricity',
      effectiveFrom: '2024-01-01',
      offered: true,
    },
  ],
});

function server() {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.method === 'PUT' || request.method === 'POST' ? await request.json() : undefined;
    calls.push({ method: request.method, path: url.pathname, body });
    const path = url.pathname;
    if (path === '/api/tenant') return Response.json({ name: 'Riverbend Utilities', sideAreas });
    if (path === '/api/admin/brand')
      return Response.json({
        name: 'Riverbend',
        theme: 'green',
        colors: {},
        updatedAt: '2026-11-20T15:00:00.000Z',
      });
    if (path === '/api/admin/settings') return Response.json(stored());
    if (path === '/api/admin/settings/side-areas') {
      sideAreas = body as typeof sideAreas;
      return Response.json(stored());
    }
    if (path === '/api/admin/settings/fees') return Response.json({ ...stored(), fees: body });
    if (path === '/api/admin/settings/plans')
      return Response.json(
        {
          message: 'Unsupported URDB field dgrules: "Barter" is not a known metering rule',
          field: 'dgrules',
        },
        { status: 422 },
      );
    if (path === '/api/paymentus/getPaymentPlatform')
      return Response.json([{ platformKey: 'invoiceCloud', name: 'Invoice Cloud', isEnable: true }]);
    return new Response('{}', { status: 404 });
  };
}

const puts = (path: string) => calls.filter((call) => call.method !== 'GET' && call.path === path);

beforeEach(() => {
  sideAreas = { insights: true, rateComparison: true, assistant: true };
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(server());
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});

describe('/admin/settings', { timeout: 30_000 }, () => {
  it('turns a side area off and saves it', async () => {
    renderApp({ path: '/admin/settings', loggedIn: true });
    const insights = (await screen.findByLabelText(
      'Energy insights (/net2grid)',
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(insights.checked).toBe(true);
    fireEvent.click(insights);
    fireEvent.click(screen.getByRole('button', { name: 'Save side areas' }));
    await waitFor(() => expect(puts('/api/admin/settings/side-areas')).toHaveLength(1));
    expect(puts('/api/admin/settings/side-areas')[0]?.body).toEqual({
      insights: false,
      rateComparison: true,
      assistant: true,
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('checks the fees as typed (comma decimals too) and sends basis points and cents', async () => {
    renderApp({ path: '/admin/settings', loggedIn: true });
    const card = await screen.findByLabelText('Card fee (%)', {}, { timeout: 10_000 });
    expect((card as HTMLInputElement).value).toBe('2.5');
    fireEvent.change(card, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save fees' }));
    expect(await screen.findByText('Enter a percentage from 0 to 10, e.g. 2.5.')).toBeTruthy();
    expect(puts('/api/admin/settings/fees')).toHaveLength(0);
    fireEvent.change(card, { target: { value: '3,25' } });
    fireEvent.change(screen.getByLabelText('Bank account fee ($)'), { target: { value: '1.10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save fees' }));
    await waitFor(() => expect(puts('/api/admin/settings/fees')).toHaveLength(1));
    expect(puts('/api/admin/settings/fees')[0]?.body).toEqual({ cardFeeBasisPoints: 325, achFeeCents: 110 });
  });

  it('names the field the tariff engine refused in an uploaded URDB record', async () => {
    renderApp({ path: '/admin/settings', loggedIn: true });
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByText('E-FLAT')).toBeTruthy();
    const file = new File([JSON.stringify({ name: 'Broken', dgrules: 'Barter' })], 'broken.json', {
      type: 'application/json',
    });
    fireEvent.change(screen.getByLabelText('URDB record (JSON)'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Check and add the plan' }));
    expect(
      await screen.findByText(/The tariff engine refused the field dgrules: Unsupported URDB field dgrules/),
    ).toBeTruthy();
    expect(puts('/api/admin/settings/plans')[0]?.body).toEqual({
      record: { name: 'Broken', dgrules: 'Barter' },
    });
  });

  it('reads decimals the way people type them', () => {
    expect(decimalOf('2,5')).toBe(2.5);
    expect(decimalOf(' 0.75 ')).toBe(0.75);
    expect(decimalOf('abc')).toBeUndefined();
    expect(decimalOf('-1')).toBeUndefined();
  });
});

describe('a side area switched off', { timeout: 30_000 }, () => {
  it('shows /net2grid as not offered by the utility', async () => {
    sideAreas = { insights: false, rateComparison: true, assistant: true };
    renderApp({ path: '/net2grid', loggedIn: true });
    expect(
      (
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Energy insights is not offered' },
          { timeout: 10_000 },
        )
      ).textContent,
    ).toBe('Energy insights is not offered');
    expect(screen.getByText(/Energy insights is not offered by Riverbend Utilities\./)).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/net2grid'))).toBe(false);
  });
});
