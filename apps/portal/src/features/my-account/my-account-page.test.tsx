// My Account as a signed-in customer meets it on /home: every panel with its data, and each call
// that fails takes only its own panel down, with a retry that brings it back, while the rest show.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const ACCOUNT_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const PREMISE_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function account(overrides: Record<string, unknown> = {}) {
  return {
    accountId: ACCOUNT_ID,
    accountNumber: '1234567890',
    holderName: 'Dana Demo',
    email: 'demo@example.com',
    phone: '(555) 555-0100',
    mailingAddress: '1 Main St',
    city: 'Springfield',
    state: 'CA',
    zip: '90001',
    paperless: true,
    balanceCents: 12_345,
    premises: [
      {
        premiseId: PREMISE_ID,
        serviceAddress: '1 Main St',
        city: 'Springfield',
        state: 'CA',
        zip: '90001',
        propertyType: 'Residential',
        hasSolar: false,
      },
    ],
    services: [
      {
        serviceId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
        premiseId: PREMISE_ID,
        utilityType: 'electricity',
        status: 'active',
        tariffName: 'E-TOU',
      },
      {
        serviceId: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
        premiseId: PREMISE_ID,
        utilityType: 'gas',
        status: 'active',
        tariffName: 'G-1',
      },
    ],
    autopay: null,
    ...overrides,
  };
}

let userAccount = account();
/** A second account of the same user, when a test gives one. */
let secondAccount: ReturnType<typeof account> | null = null;
const SECOND_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

const bill = {
  billId: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  billNumber: 'B-000123',
  billDate: '2098-12-20',
  dueDate: '2099-01-15',
  periodStart: '2098-11-15',
  periodEnd: '2098-12-14',
  previousBalanceCents: 10_000,
  paymentsReceivedCents: 10_000,
  currentChargesCents: 12_345,
  amountDueCents: 12_345,
  status: 'open',
  segments: [],
};

const quickStats = [
  {
    utilityType: 'electricity',
    usageQuantity: 812,
    usageUnit: 'kWh',
    amountCents: 9_876,
    lastYearUsageQuantity: 700,
  },
  {
    utilityType: 'gas',
    usageQuantity: 31,
    usageUnit: 'therm',
    amountCents: 2_469,
    lastYearUsageQuantity: null,
  },
];

function period(month: string, quantity: number, costCents: number | null, lastYearQuantity: number | null) {
  return {
    month,
    periodStart: `${month}-01`,
    periodEnd: `${month}-28`,
    quantity,
    costCents,
    lastYearQuantity,
    lastYearCostCents: null,
    averageTempC: null,
    exportQuantity: null,
    generationQuantity: null,
    estimated: costCents === null,
  };
}

const usage = {
  type: 'usage',
  view: 'monthly',
  accountId: ACCOUNT_ID,
  utilityType: 'electricity',
  unit: 'kWh',
  timeZone: 'America/Los_Angeles',
  from: '2025-11-26',
  toDate: '2026-11-26',
  hasSolar: false,
  uploadId: null,
  tou: null,
  highlights: { highestDay: null, changeFromLastYear: null, touShares: [], solarSavingsCents: null },
  periods: [
    period('2026-08', 900, 15_000, 950),
    period('2026-09', 700, 12_000, 800),
    period('2026-10', 500, 9_000, 400),
    period('2026-11', 120, null, null),
  ],
};

function request(reference: string, status: string, requestType = 'start') {
  return {
    referenceNumber: reference,
    requestType,
    status,
    effectiveDate: '2099-02-01',
    serviceAddress: '9 Elm St',
    propertyType: 'Residential',
    services: ['electricity'],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

const requests = [
  request('SR-OPEN0001', 'submitted'),
  request('SR-WORK0002', 'in_progress', 'transfer'),
  request('SR-DONE0003', 'completed', 'stop'),
];

/** Which calls fail, by path, and with which status. */
let failing: Record<string, number> = {};
const calls: string[] = [];
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

async function answer(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const body = request.method === 'POST' ? await request.clone().text() : '';
  const name = path === '/api/oracle/transactionDetails' && body.includes('"usage"') ? 'usage' : path;
  calls.push(name);
  const status = failing[name];
  if (status) return Response.json({ statusCode: status, error: 'Failed', message: 'Failed' }, { status });
  switch (name) {
    case '/api/oracle/getUserDetails':
      return Response.json({
        userId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
        username: 'demo',
        fullName: 'Dana Demo',
        email: 'demo@example.com',
        accounts: secondAccount ? [userAccount, secondAccount] : [userAccount],
      });
    case '/api/oracle/getBillDetails':
      return body.includes(SECOND_ID)
        ? Response.json({ accountId: SECOND_ID, bill: null, quickStats: [], outstandingCents: 0 })
        : Response.json({ accountId: ACCOUNT_ID, bill, quickStats, outstandingCents: 12_345 });
    case 'usage':
      return Response.json(usage);
    case '/api/oracle/toDoList':
      return Response.json({ requests });
    default:
      return new Response('{}', { status: 404 });
  }
}

const panel = (name: string) => screen.getByRole('region', { name });
const findPanel = (name: string) => screen.findByRole('region', { name }, { timeout: 15_000 });

async function dashboard() {
  renderApp({ path: '/home', loggedIn: true });
  expect((await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).textContent).toBe(
    'My Account',
  );
}

describe('My Account', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    failing = {};
    calls.length = 0;
    userAccount = account();
    secondAccount = null;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(answer);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  afterEach(() => {
    cleanup();
    toast.dismiss();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
    clearSession();
  });

  it('greets the customer and shows every panel with its data', async () => {
    await dashboard();
    await screen.findByText('Welcome back, Dana Demo. Here is your account at a glance.');

    const amount = await findPanel('Amount due');
    await waitFor(() =>
      expect(within(amount).getByTestId('dashboard-amount-due').textContent).toBe('$123.45'),
    );
    expect(within(amount).getByText('Due Jan 15, 2099')).toBeTruthy();
    expect(within(amount).getByText('Account 1234567890')).toBeTruthy();
    expect(within(amount).getByRole('button', { name: 'Pay my Bill' })).toBeTruthy();
    expect(within(amount).getByRole('link', { name: 'View my Account' }).getAttribute('href')).toBe(
      '/accountInfo',
    );

    const stats = panel('Quick Stats');
    const tiles = within(stats).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.getAttribute('data-utility'))).toEqual(['electricity', 'gas']);
    expect(within(tiles[0] as HTMLElement).getByText('812 kWh')).toBeTruthy();
    expect(within(tiles[0] as HTMLElement).getByText('+16% vs. same month last year')).toBeTruthy();

    const autopay = panel('Autopay benefits');
    expect(within(autopay).getByText('Never miss a due date or pay a late fee.')).toBeTruthy();
    expect(within(autopay).getByRole('link', { name: 'Set up AutoPay' })).toBeTruthy();

    // The latest billed period (October), not the one still being read.
    const recent = await findPanel('Recent usage');
    await within(recent).findByText('October 2026: 500 kWh');
    expect(within(recent).getByText('+25% against the same period last year')).toBeTruthy();
    const bars = within(recent).getByRole('img', {
      name: 'Electricity use of the last 4 bill periods, in kWh',
    });
    expect(bars.querySelectorAll('rect')).toHaveLength(4);

    // Only the open requests, with their status.
    const open = await findPanel('Open service requests');
    await within(open).findByText('SR-OPEN0001');
    expect(within(open).getByText('SR-WORK0002')).toBeTruthy();
    expect(within(open).queryByText('SR-DONE0003')).toBeNull();
    expect(within(open).getByText('Move service')).toBeTruthy();
    expect(within(open).getByText('In progress')).toBeTruthy();

    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/accountInfo', '/todo', '/usage', '/settings']);
  });

  it('shows AutoPay as it stands when the account is enrolled', async () => {
    userAccount = account({
      autopay: {
        accountId: ACCOUNT_ID,
        startDate: '2026-01-01',
        endDate: null,
        expireDate: null,
        entityName: 'Dana Demo',
        autoPayMethod: 'card',
        autopaySource: 'Visa ending 4242',
        autopayMaxWithdrawalAmount: 50_000,
        source: { method: 'card', brand: 'visa', last4: '4242' },
      },
      balanceCents: -500,
    });
    await dashboard();
    const autopay = await findPanel('AutoPay');
    expect(within(autopay).getByText('AutoPay is on')).toBeTruthy();
    expect(within(autopay).getByRole('link', { name: 'Manage AutoPay' })).toBeTruthy();
    const amount = panel('Amount due');
    await within(amount).findByText('Credit on your account');
    expect(within(amount).getByTestId('dashboard-amount-due').textContent).toBe('$5.00');
    expect(within(amount).getByText('Nothing to pay right now. Thank you!')).toBeTruthy();
  });

  it('takes only the bill panels down when the bill fails, and brings them back on retry', async () => {
    failing = { '/api/oracle/getBillDetails': 500 };
    await dashboard();
    const amount = await findPanel('Amount due');
    const failed = await within(amount).findByRole('alert');
    expect(failed.textContent).toContain('This part of your account could not be loaded.');
    expect(within(panel('Quick Stats')).getByRole('alert')).toBeTruthy();
    // The others show their data.
    await within(panel('Recent usage')).findByText('October 2026: 500 kWh');
    await within(panel('Open service requests')).findByText('SR-OPEN0001');
    expect(within(panel('Autopay benefits')).queryByRole('alert')).toBeNull();

    failing = {};
    await act(async () => {
      fireEvent.click(within(amount).getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() =>
      expect(within(amount).getByTestId('dashboard-amount-due').textContent).toBe('$123.45'),
    );
    await waitFor(() => expect(within(panel('Quick Stats')).queryByRole('alert')).toBeNull());
  });

  it('keeps the rest when usage fails, and retries only usage', async () => {
    failing = { usage: 500 };
    await dashboard();
    const recent = await findPanel('Recent usage');
    await within(recent).findByRole('alert');
    await waitFor(() =>
      expect(within(panel('Amount due')).getByTestId('dashboard-amount-due').textContent).toBe('$123.45'),
    );
    await within(panel('Open service requests')).findByText('SR-OPEN0001');

    failing = {};
    const before = calls.filter((call) => call === '/api/oracle/getBillDetails').length;
    await act(async () => {
      fireEvent.click(within(recent).getByRole('button', { name: 'Try again' }));
    });
    await within(recent).findByText('October 2026: 500 kWh');
    expect(calls.filter((call) => call === '/api/oracle/getBillDetails')).toHaveLength(before);
  });

  it('shows a failed request list with a retry, and a missing one as unavailable', async () => {
    failing = { '/api/oracle/toDoList': 500 };
    await dashboard();
    const open = await findPanel('Open service requests');
    await within(open).findByRole('alert');
    failing = {};
    await act(async () => {
      fireEvent.click(within(open).getByRole('button', { name: 'Try again' }));
    });
    await within(open).findByText('SR-OPEN0001');
    cleanup();

    failing = { '/api/oracle/toDoList': 404 };
    await dashboard();
    const missing = await findPanel('Open service requests');
    await within(missing).findByText(/Your service requests cannot be shown yet/);
    expect(within(missing).queryByRole('alert')).toBeNull();
    expect(within(missing).getByRole('link', { name: 'Start, stop or move service' })).toBeTruthy();
  });

  it('keeps the shortcuts when the account itself fails, and loads it on retry', async () => {
    failing = { '/api/oracle/getUserDetails': 500 };
    await dashboard();
    const failed = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(failed.textContent).toContain('Your account could not be loaded.');
    expect(screen.getByRole('navigation', { name: 'Shortcuts' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Amount due' })).toBeNull();
    failing = {};
    await act(async () => {
      fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    });
    const amount = await findPanel('Amount due');
    await waitFor(() =>
      expect(within(amount).getByTestId('dashboard-amount-due').textContent).toBe('$123.45'),
    );
  });

  it('shows one account at a time, chosen with the account picker', async () => {
    secondAccount = account({ accountId: SECOND_ID, accountNumber: '9876543210', balanceCents: 0 });
    await dashboard();
    const picker = await screen.findByLabelText('Account', {}, { timeout: 15_000 });
    const amount = await findPanel('Amount due');
    await waitFor(() =>
      expect(within(amount).getByTestId('dashboard-amount-due').textContent).toBe('$123.45'),
    );
    await act(async () => {
      fireEvent.change(picker, { target: { value: SECOND_ID } });
    });
    const other = panel('Amount due');
    await within(other).findByText('Account 9876543210');
    await within(other).findByText('No bill has been issued for this account yet.');
    expect(within(other).getByTestId('dashboard-amount-due').textContent).toBe('$0.00');
  });

  it('shows the marketing Home to a visitor, and asks for none of the account', async () => {
    renderApp({ path: '/home' });
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).textContent).toBe(
      'The AI Accelerator for the Energy & Utility Industry',
    );
    expect(calls.filter((call) => call.startsWith('/api/oracle') || call === 'usage')).toEqual([]);
  });
});
