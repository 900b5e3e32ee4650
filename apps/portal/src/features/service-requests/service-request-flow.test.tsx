import { messages, serviceRequestMessages, zonedToday } from '@gridfront/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const ZONE = 'America/Chicago';
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const calls = (path: string) =>
  fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname === path);

const tenantConfig = {
  name: 'Riverbend Utilities',
  defaultTheme: 'green',
  timeZone: ZONE,
  currency: 'USD',
  contentLanguage: 'en',
  features: [],
  contact: {
    phone: '(555) 010-4400',
    outagePhone: '',
    email: 'care@riverbend.example',
    address: '',
    hours: '',
  },
  legal: { privacyUrl: '/privacy', termsUrl: '/terms', electronicPaymentAgreement: 'EPA' },
  fees: { cardFeeBasisPoints: 250, achFeeCents: 75 },
  paymentPlatforms: [],
};

type Handler = (request: Request) => Promise<Response> | Response;
let routes: Record<string, Handler> = {};

function daysAhead(days: number): string {
  const date = new Date(`${zonedToday(new Date(), ZONE)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** The field's error, read through aria-describedby as assistive technology does. */
async function errorOf(label: string): Promise<string> {
  const input = screen.getByLabelText(label);
  await waitFor(() => expect(input.getAttribute('aria-invalid'), label).toBe('true'));
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids
    .map((id) => document.getElementById(id))
    .filter((node) => node?.getAttribute('class')?.includes('error'))
    .map((node) => node?.textContent ?? '')
    .join(' | ');
}

/** The flow's error summary (the page has other, empty, alert regions). */
async function errorSummary(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('alert').find((node) => node.textContent?.trim());
    if (!found) throw new Error('no error summary');
    return found;
  });
}

async function stepHeading(name: string) {
  const heading = await screen.findByRole('heading', { level: 3, name });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return heading;
}

beforeEach(() => {
  routes = {
    '/api/tenant': () => Response.json(tenantConfig),
    '/api/oracle/toDoAgreement': () =>
      Response.json({ text: 'Electronic Payment Agreement\n\nWe debit what you approve.', lang: 'en' }),
  };
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (request) => {
    const handler = routes[new URL(request.url).pathname];
    return handler ? handler(request) : new Response('{}', { status: 404 });
  });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  toast.dismiss();
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});

describe('Start / Stop Service (/todo)', () => {
  it('walks a guest through the three steps, each checked with the spec messages before Next', async () => {
    renderApp({ path: '/todo' });
    await screen.findByRole('heading', { level: 3, name: 'Personal Information' });
    expect(screen.queryByRole('radio', { name: 'Stop service' })).toBeNull();
    await press('Next');
    const alert = await errorSummary();
    expect(within(alert).getByText(messages.serviceRequestContactRequired)).toBeTruthy();
    expect(await errorOf('Account holder name')).toBe(messages.serviceRequestContactRequired);
    expect(await errorOf('Effective date')).toBe(messages.serviceRequestContactRequired);
    expect(await errorOf('Email')).toBe(messages.serviceRequestContactRequired);

    type('Account holder name', 'Pat Mover');
    type('Effective date', daysAhead(-2));
    type('Email', 'pat@example.com');
    await press('Next');
    expect(await errorOf('Effective date')).toBe(serviceRequestMessages.effectiveDatePast);
    type('Effective date', daysAhead(3));
    await press('Next');
    await stepHeading('Service Details');

    await press('Next');
    expect(await errorOf('Service address')).toBe(messages.serviceRequestPremiseRequired);
    expect(await errorOf('Property type')).toBe(messages.serviceRequestPremiseRequired);
    expect(calls('/api/oracle/toDoVerify')).toHaveLength(0);

    routes['/api/oracle/toDoVerify'] = () =>
      Response.json(
        { statusCode: 400, error: 'Bad Request', message: serviceRequestMessages.notServed },
        { status: 400 },
      );
    type('Service address', '12 Oak Street');
    type('ZIP code', '90210');
    fireEvent.change(screen.getByLabelText('Property type'), { target: { value: 'Residential' } });
    await press('Next');
    expect(await errorOf('ZIP code')).toBe(serviceRequestMessages.notServed);
    const [verify] = calls('/api/oracle/toDoVerify');
    expect(await verify?.[0].clone().json()).toMatchObject({
      requestType: 'start',
      serviceAddress: '12 Oak Street',
      serviceZip: '90210',
      propertyType: 'Residential',
      services: ['electricity'],
    });

    routes['/api/oracle/toDoVerify'] = () => Response.json({ message: 'ok', serviceable: true });
    type('ZIP code', '63101');
    await press('Next');
    await stepHeading('Electronic Payment Agreement');
    expect(await screen.findByText('We debit what you approve.')).toBeTruthy();
    // The human check's code is fetched when this step shows (a visitor's last step).
    expect(await screen.findByRole('group', { name: 'Human check' })).toBeTruthy();
    await press('Submit request');
    expect(await errorOf('I agree to the Electronic Payment Agreement')).toBe(
      serviceRequestMessages.agreementRequired,
    );
    expect(screen.getAllByText(messages.captchaRequired).length).toBeGreaterThan(0);
    expect(calls('/api/oracle/toDoSubmit')).toHaveLength(0);
    // Ticking the box takes its message away at once, from beside it and from the summary.
    const agreement = screen.getByLabelText('I agree to the Electronic Payment Agreement');
    fireEvent.click(agreement);
    await waitFor(() => expect(agreement.getAttribute('aria-invalid')).toBeNull());
    expect((await errorSummary()).textContent).not.toContain(serviceRequestMessages.agreementRequired);

    await press('Back');
    await stepHeading('Service Details');
    expect(screen.getByLabelText('Service address')).toHaveProperty('value', '12 Oak Street');
  });

  it('fills in what it knows of a signed-in customer, files the request and lists it', async () => {
    let listed: unknown[] = [];
    routes['/api/oracle/getUserDetails'] = () =>
      Response.json({
        userId: '7d8b6c52-6d1f-4f4e-9a43-3f1c2b9e8a10',
        username: 'demo',
        fullName: 'Jamie Demo',
        email: 'demo@example.com',
        accounts: [
          {
            accountId: '0b7e3c1a-7a57-4e0c-8f8a-2d7f4c6b9e21',
            accountNumber: '1234567890',
            holderName: 'Jamie Demo',
            email: 'demo@example.com',
            phone: '(555) 010-1234',
            mailingAddress: '1 Main St',
            city: 'Riverbend',
            state: 'MO',
            zip: '63101',
            paperless: true,
            balanceCents: 0,
            premises: [
              {
                premiseId: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
                serviceAddress: '1 Main St',
                city: 'Riverbend',
                state: 'MO',
                zip: '63101',
                propertyType: 'Residential',
                hasSolar: true,
              },
            ],
            services: [],
            autopay: null,
          },
        ],
      });
    routes['/api/oracle/toDoList'] = () => Response.json({ requests: listed });
    routes['/api/oracle/toDoVerify'] = () => Response.json({ message: 'ok', serviceable: true });
    routes['/api/oracle/toDoSubmit'] = () => {
      listed = [
        {
          referenceNumber: 'SR-ABCD2345',
          requestType: 'stop',
          status: 'submitted',
          effectiveDate: daysAhead(5),
          serviceAddress: '1 Main St',
          propertyType: 'Residential',
          services: ['electricity'],
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        },
      ];
      return Response.json({
        message: serviceRequestMessages.submitted,
        referenceNumber: 'SR-ABCD2345',
        requestType: 'stop',
        status: 'submitted',
        effectiveDate: daysAhead(5),
      });
    };
    renderApp({ path: '/todo', loggedIn: true });
    expect(await screen.findByText('You have not made any service requests yet.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Account holder name')).toHaveProperty('value', 'Jamie Demo'),
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'demo@example.com');
    expect(screen.getByLabelText('Phone number (optional)')).toHaveProperty('value', '(555) 010-1234');
    fireEvent.click(screen.getByRole('radio', { name: 'Stop service' }));
    type('Effective date', daysAhead(5));
    await press('Next');
    await stepHeading('Service Details');
    expect(screen.getByLabelText('Service address')).toHaveProperty('value', '1 Main St');
    expect(screen.getByLabelText('ZIP code')).toHaveProperty('value', '63101');
    expect(screen.getByLabelText('Property type')).toHaveProperty('value', 'Residential');
    await press('Next');
    await stepHeading('Electronic Payment Agreement');
    fireEvent.click(screen.getByLabelText('I agree to the Electronic Payment Agreement'));
    await press('Submit request');

    const done = await screen.findByRole('heading', { name: 'Request received' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByTestId('todo-reference').textContent).toBe('SR-ABCD2345');
    const [submit] = calls('/api/oracle/toDoSubmit');
    const request = submit?.[0];
    expect(request?.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(await request?.clone().json()).toMatchObject({
      requestType: 'stop',
      accountHolderName: 'Jamie Demo',
      email: 'demo@example.com',
      agreementAccepted: true,
      language: 'en',
    });
    const row = await screen.findByTestId('todo-row');
    expect(within(row).getByText('SR-ABCD2345')).toBeTruthy();
    expect(within(row).getByText('Submitted')).toBeTruthy();
    expect(within(row).getByText('Stop service')).toBeTruthy();
  });

  it('speaks the reader’s language, server messages included', async () => {
    await i18n.changeLanguage('de');
    renderApp({ path: '/todo' });
    await screen.findByRole('heading', { level: 3, name: 'Persönliche Angaben' });
    await press('Weiter');
    const alert = await errorSummary();
    expect(alert.textContent).not.toContain(messages.serviceRequestContactRequired);
    expect(alert.textContent).toContain(i18n.t('messages.serviceRequestContactRequired'));
  });
});
