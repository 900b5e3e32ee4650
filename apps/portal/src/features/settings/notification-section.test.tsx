// Settings › E-mail notifications against a fake server: every type shown with the server's state,
// a switch sends only its own type and shows the answer; a failed load offers a retry, a failed
// save says so and keeps the server's state.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
let preferences: Record<string, boolean>;
let failLoad = false;
let failSave = false;
const saved: unknown[] = [];

async function notificationServer(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path !== '/api/notifications/preferences') return new Response('{}', { status: 404 });
  if (request.method === 'PUT') {
    const body = (await request.json()) as { preferences: Record<string, boolean> };
    saved.push(body);
    if (failSave) return Response.json({ statusCode: 500, error: 'Internal', message: 'x' }, { status: 500 });
    preferences = { ...preferences, ...body.preferences };
  } else if (failLoad) {
    return Response.json({ statusCode: 500, error: 'Internal', message: 'x' }, { status: 500 });
  }
  return Response.json({ email: 'demo@example.com', preferences });
}

// The page's cards are their own chunk (settings-page.tsx): loaded once here, so that a test's wait
// is for the server's answers, not for the first transform of every form module.
beforeAll(async () => {
  await import('./settings-sections.tsx');
});

beforeEach(() => {
  preferences = {
    bill_ready: true,
    due_reminder: false,
    past_due: true,
    autopay: true,
    service_requests: true,
  };
  failLoad = false;
  failSave = false;
  saved.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(notificationServer);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  cleanup();
  clearSession();
});

const section = async () => within(await screen.findByRole('region', { name: 'E-mail notifications' }));

describe('Settings › E-mail notifications', () => {
  it('shows each type as the server has it and saves one switch at a time', async () => {
    renderApp({ path: '/settings', loggedIn: true });
    const notices = await section();
    const reminders = (await notices.findByRole('switch', {
      name: 'Payment due reminders',
    })) as HTMLInputElement;
    expect(notices.getByText(/Choose which e-mails we send to demo@example\.com/)).toBeTruthy();
    expect(reminders.checked).toBe(false);
    for (const name of ['New bill ready', 'Past-due notices', 'AutoPay notices', 'Service request updates']) {
      expect((notices.getByRole('switch', { name }) as HTMLInputElement).checked, name).toBe(true);
    }
    await act(async () => {
      fireEvent.click(reminders);
    });
    await waitFor(() =>
      expect(notices.getByRole('status').textContent).toBe('Saved: Payment due reminders is on.'),
    );
    expect(reminders.checked).toBe(true);
    expect(saved).toEqual([{ preferences: { due_reminder: true } }]);
  });

  it('offers a retry when the choices do not load, and says when a change is not saved', async () => {
    failLoad = true;
    renderApp({ path: '/settings', loggedIn: true });
    const notices = await section();
    expect((await notices.findByRole('alert')).textContent).toBe(
      'We could not load your notification choices.',
    );
    failLoad = false;
    await act(async () => {
      fireEvent.click(notices.getByRole('button', { name: 'Try again' }));
    });
    const pastDue = (await notices.findByRole('switch', { name: 'Past-due notices' })) as HTMLInputElement;
    failSave = true;
    await act(async () => {
      fireEvent.click(pastDue);
    });
    await waitFor(() =>
      expect(notices.getByRole('status').textContent).toBe(
        'We could not save your choice. Please try again.',
      ),
    );
    expect(pastDue.checked).toBe(true);
  });
});
