import { contactMessages, messages, zonedToday } from '@gridfront/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const ZONE = 'America/Chicago';
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const calledPaths = () => fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);

const tenantConfig = {
  name: 'Riverbend Utilities',
  defaultTheme: 'green',
  timeZone: ZONE,
  currency: 'USD',
  features: [],
  contact: {
    phone: '(555) 010-4400',
    outagePhone: '(555) 010-4911',
    email: 'care@riverbend.example',
    address: '200 Water Street, Riverbend',
    hours: 'Monday to Friday 7:30 am – 6:00 pm',
  },
  legal: { privacyUrl: '/privacy', termsUrl: '/terms', electronicPaymentAgreement: 'EPA' },
  fees: { cardFeeBasisPoints: 250, achFeeCents: 75 },
  paymentPlatforms: [],
};

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function send(name = 'Send Message') {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** The field's error, read through aria-describedby as assistive technology does. */
async function errorOf(label: string): Promise<string> {
  const input = screen.getByLabelText(label);
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter((text) => !text.startsWith('Format'))
    .join(' | ');
}

/** A date (YYYY-MM-DD) some days from today in the utility's zone, moved to the wanted weekday. */
function dateAhead(days: number, weekday?: number): string {
  const date = new Date(`${zonedToday(new Date(), ZONE)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  while (weekday !== undefined && date.getUTCDay() !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (request) =>
    new URL(request.url).pathname === '/api/tenant'
      ? Response.json(tenantConfig)
      : new Response('{}', { status: 404 }),
  );
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

describe('Contact Us page', () => {
  it("shows the utility's channels as links, one h1 and the form", async () => {
    renderApp({ path: '/contactus' });
    await screen.findByLabelText('Full name');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Contact Us']);
    const channels = screen.getByRole('region', { name: 'Get in touch' });
    await waitFor(() =>
      expect(within(channels).getByRole('link', { name: '(555) 010-4400' }).getAttribute('href')).toBe(
        'tel:5550104400',
      ),
    );
    expect(within(channels).getByRole('link', { name: '(555) 010-4911' }).getAttribute('href')).toBe(
      'tel:5550104911',
    );
    expect(within(channels).getByRole('link', { name: 'care@riverbend.example' }).getAttribute('href')).toBe(
      'mailto:care@riverbend.example',
    );
    expect(within(channels).getByText('200 Water Street, Riverbend')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Send Message' })).toHaveProperty('checked', true);
  });

  it('checks every field with the spec messages before calling the server', async () => {
    renderApp({ path: '/contactus' });
    await screen.findByLabelText('Full name');
    await send();
    expect(await errorOf('Full name')).toBe(messages.fullNameRequired);
    expect(await errorOf('Email address')).toBe(messages.emailRequired);
    expect(await errorOf('Subject')).toBe(messages.subjectRequired);
    expect(await errorOf('Message')).toBe(messages.messageRequired);
    expect(await screen.findByText(messages.captchaRequired)).toBeTruthy();

    type('Full name', 'Pat Customer');
    type('Email address', 'pat@');
    type('Phone number (optional)', '555 1234');
    type('Subject', 'Meter');
    type('Message', 'Hello');
    await send();
    expect(await errorOf('Email address')).toBe(messages.validEmail);
    expect(await errorOf('Phone number (optional)')).toBe(messages.phoneFormat);
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBeNull();
    expect(calledPaths()).not.toContain('/api/contact/contactus');
  });

  it('moves focus to the human check, and announces it, when only the check stops the submit', async () => {
    renderApp({ path: '/contactus' });
    await screen.findByLabelText('Full name');
    type('Full name', 'Pat Customer');
    type('Email address', 'pat@example.com');
    type('Subject', 'Meter');
    type('Message', 'Hello');
    const button = screen.getByRole('button', { name: 'Send Message' });
    button.focus();
    await send();
    const error = await screen.findByText(messages.captchaRequired);
    expect(error.getAttribute('role')).toBe('alert');
    const check = screen.getByRole('group', { name: 'Human check' });
    await waitFor(() => expect(document.activeElement).toBe(check));
    expect(check.getAttribute('aria-describedby')).toBe(error.id);
    expect(calledPaths()).not.toContain('/api/contact/contactus');
  });

  it('Book Appointment asks for a weekday in business hours, in the future and within 60 days', async () => {
    renderApp({ path: '/contactus' });
    await screen.findByLabelText('Full name');
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Book Appointment' }));
    });
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeTruthy();
    // The hint names the utility's zone once its configuration has arrived.
    await screen.findByText(/Central (Standard|Daylight) Time/);
    await send('Book Appointment');
    expect(await errorOf('Preferred date')).toBe(contactMessages.appointmentDateRequired);

    type('Preferred date', dateAhead(1, 6));
    await send('Book Appointment');
    expect(await errorOf('Preferred date')).toBe(contactMessages.appointmentWeekday);

    type('Preferred date', dateAhead(3, 3));
    await send('Book Appointment');
    expect(await errorOf('Preferred time')).toBe(contactMessages.appointmentTimeRequired);

    const times = within(screen.getByLabelText('Preferred time')).getAllByRole('option');
    expect(times.map((option) => option.getAttribute('value'))).toEqual(
      expect.arrayContaining(['08:00', '12:30', '16:30']),
    );
    expect(times.map((option) => option.getAttribute('value'))).not.toContain('17:00');

    type('Preferred time', '10:00');
    type('Preferred date', dateAhead(-7, 3));
    await send('Book Appointment');
    expect(await errorOf('Preferred date')).toBe(contactMessages.appointmentPast);

    type('Preferred date', dateAhead(62, 3));
    await send('Book Appointment');
    expect(await errorOf('Preferred date')).toBe(contactMessages.appointmentTooFar);

    type('Preferred date', dateAhead(5, 2));
    await send('Book Appointment');
    await waitFor(() =>
      expect(screen.getByLabelText('Preferred date').getAttribute('aria-invalid')).toBeNull(),
    );
    expect(screen.getByLabelText('Preferred time').getAttribute('aria-invalid')).toBeNull();
    expect(calledPaths()).not.toContain('/api/contact/contactus');
  });

  it('says the appointment rules in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    renderApp({ path: '/contactus' });
    await screen.findByLabelText('Vollständiger Name');
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Termin buchen' }));
    });
    type('Gewünschtes Datum', dateAhead(1, 0));
    await send('Termin buchen');
    expect(await errorOf('Gewünschtes Datum')).toBe('Termine gibt es nur von Montag bis Freitag');
    expect(await errorOf('Betreff')).toBe('Betreff ist erforderlich');
  });
});
