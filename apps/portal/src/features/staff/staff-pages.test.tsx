import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const AGENT = '11111111-1111-4111-8111-111111111111';
const ADMIN = '22222222-2222-4222-8222-222222222222';
const ITEM = '33333333-3333-4333-8333-333333333333';
const calls: { method: string; path: string; search: string; body: unknown }[] = [];

interface Item {
  status: string;
  version: number;
  assignee: { userId: string; fullName: string } | null;
  history: unknown[];
}

let item: Item;
let staff = true;
/** When set, the next change is refused as if someone else changed the item first. */
let someoneElseFirst = false;

function queueItem() {
  return {
    kind: 'contact_message',
    id: ITEM,
    referenceNumber: 'MSG-ABCD2345',
    name: 'Casey Writer',
    email: 'casey@example.test',
    subject: 'Billing question',
    requestType: null,
    status: item.status,
    assignee: item.assignee,
    version: item.version,
    createdAt: '2026-11-20T15:00:00.000Z',
  };
}

function detail() {
  return {
    ...queueItem(),
    phone: '',
    message: 'Why is my bill higher?',
    facts: [],
    accountNumber: null,
    language: 'en',
    comments: [],
    history: item.history,
  };
}

const forbidden = () =>
  Response.json(
    { statusCode: 403, error: 'Forbidden', message: 'Only the utility’s staff may do this' },
    { status: 403 },
  );

function staffServer() {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.json() : undefined;
    calls.push({ method: request.method, path: url.pathname, search: url.search, body });
    if (!url.pathname.startsWith('/api/staff/')) return new Response('{}', { status: 404 });
    if (!staff) return forbidden();
    if (url.pathname === '/api/staff/members') {
      return Response.json({
        me: { userId: AGENT, fullName: 'Alex Agent', role: 'agent' },
        members: [
          { userId: ADMIN, fullName: 'Ada Admin', role: 'admin' },
          { userId: AGENT, fullName: 'Alex Agent', role: 'agent' },
        ],
      });
    }
    if (url.pathname === '/api/staff/queue') {
      return Response.json({ totalCount: 1, pageLimit: 25, pageOffset: 0, items: [queueItem()] });
    }
    const itemPath = `/api/staff/items/contact_message/${ITEM}`;
    if (url.pathname === itemPath) return Response.json(detail());
    if (url.pathname === `${itemPath}/status`) {
      const change = body as { status: string; version: number };
      if (someoneElseFirst || change.version !== item.version) {
        someoneElseFirst = false;
        item = { ...item, status: 'in_progress', version: item.version + 1 };
        return Response.json(
          { statusCode: 409, error: 'Conflict', message: 'Someone else changed this request meanwhile' },
          { status: 409 },
        );
      }
      item = {
        ...item,
        history: [
          ...item.history,
          {
            action: 'status',
            from: item.status,
            to: change.status,
            actor: 'Alex Agent',
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        ],
        status: change.status,
        version: item.version + 1,
      };
      return Response.json(detail());
    }
    if (url.pathname === `${itemPath}/assign`) {
      const change = body as { assigneeId: string | null; version: number };
      item = {
        ...item,
        assignee: change.assigneeId ? { userId: AGENT, fullName: 'Alex Agent' } : null,
        version: item.version + 1,
      };
      return Response.json(detail());
    }
    return new Response('{}', { status: 404 });
  };
}

const h1 = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

beforeEach(() => {
  item = { status: 'open', version: 0, assignee: null, history: [] };
  staff = true;
  someoneElseFirst = false;
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(staffServer());
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

describe('staff pages', () => {
  it('show a guest the 403 page with a way to sign in, and call nothing', async () => {
    renderApp({ path: '/staff' });
    expect((await h1()).textContent).toBe('Access denied');
    expect(screen.getByRole('link', { name: 'Sign in as staff' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/staff'))).toEqual([]);
  });

  it('show a signed-in customer the 403 page, not the queue', async () => {
    staff = false;
    renderApp({
      path: '/staff/requests/contact_message/33333333-3333-4333-8333-333333333333',
      loggedIn: true,
    });
    expect((await h1()).textContent).toBe('Access denied');
    expect(screen.queryByText('MSG-ABCD2345')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('list the queue for an agent and send the filters', async () => {
    renderApp({ path: '/staff', loggedIn: true });
    expect((await h1()).textContent).toBe('Staff queue');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'MSG-ABCD2345' }).getAttribute('href')).toBe(
      `/staff/requests/contact_message/${ITEM}`,
    );
    expect(within(table).getByText('Unassigned')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reference, name or e-mail'), { target: { value: 'casey' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'contact_message' } });
    const assignee = screen.getByLabelText('Assigned to');
    expect(within(assignee).getByRole('option', { name: 'Ada Admin' }).getAttribute('value')).toBe(ADMIN);
    fireEvent.change(assignee, { target: { value: 'none' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    });
    await waitFor(() => {
      const last = calls.filter((call) => call.path === '/api/staff/queue').at(-1);
      const params = new URLSearchParams(last?.search);
      expect(params.get('q')).toBe('casey');
      expect(params.get('kind')).toBe('contact_message');
      expect(params.get('assignee')).toBe('none');
      expect(params.get('status')).toBe('open');
    });
  });

  it('close an item with the version on screen and show the new status and history', async () => {
    renderApp({ path: `/staff/requests/contact_message/${ITEM}`, loggedIn: true });
    expect((await h1()).textContent).toBe('Request MSG-ABCD2345');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close request' }));
    });
    await waitFor(() => expect(screen.getByTestId('item-status').textContent).toBe('Closed'));
    const change = calls.find((call) => call.path.endsWith('/status'));
    expect(change?.body).toEqual({ status: 'closed', version: 1 });
    expect(screen.getByText('Alex Agent changed the status from Open to Closed')).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Saved.');
  });

  it('tell the agent when someone else changed the item first, and reload it', async () => {
    someoneElseFirst = true;
    renderApp({ path: `/staff/requests/contact_message/${ITEM}`, loggedIn: true });
    await h1();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close request' }));
    });
    expect(
      await screen.findByText(
        'Someone else changed this request meanwhile. It has been reloaded: check it and try again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('item-status').textContent).toBe('In progress'));
  });

  it('speak the agent’s language', async () => {
    await i18n.changeLanguage('de');
    renderApp({ path: '/staff', loggedIn: true });
    expect((await h1()).textContent).toBe('Mitarbeiter-Warteschlange');
    expect(within(await screen.findByRole('table')).getByText('Kontaktnachricht')).toBeTruthy();
  });
});
