import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';
import { THEMES } from '../../themes/registry.ts';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const calls: { method: string; path: string; body: unknown }[] = [];
let admin = true;

function adminServer() {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.method === 'PUT' || request.method === 'POST' ? await request.json() : undefined;
    calls.push({ method: request.method, path: url.pathname, body });
    if (!url.pathname.startsWith('/api/admin/')) return new Response('{}', { status: 404 });
    if (!admin) {
      return Response.json(
        { statusCode: 403, error: 'Forbidden', message: 'Only the utility’s administrators can do this' },
        { status: 403 },
      );
    }
    if (url.pathname === '/api/admin/brand' && request.method === 'GET')
      return Response.json({
        name: 'Riverbend',
        theme: 'lubbock',
        colors: {},
        updatedAt: '2026-11-20T15:00:00.000Z',
      });
    if (url.pathname === '/api/admin/brand')
      return Response.json({ ...(body as object), updatedAt: '2026-11-21T15:00:00.000Z' });
    if (url.pathname === '/api/admin/people' && request.method === 'GET')
      return Response.json({
        people: [
          {
            userId: '55555555-5555-4555-8555-555555555555',
            username: 'admin',
            fullName: 'Ada Admin',
            email: 'a@example.test',
            role: 'admin',
          },
        ],
      });
    if (url.pathname === '/api/admin/people')
      return Response.json(
        { userId: '66666666-6666-4666-8666-666666666666', ...(body as object) },
        { status: 201 },
      );
    if (url.pathname === '/api/admin/audit')
      return Response.json({
        entries: [
          {
            id: '44444444-4444-4444-8444-444444444444',
            action: 'auth.login',
            userId: null,
            username: null,
            detail: {},
            createdAt: '2026-11-20T15:00:00.000Z',
          },
          {
            id: '44444444-4444-4444-8444-444444444445',
            action: 'admin.brand.update',
            userId: '55555555-5555-4555-8555-555555555555',
            username: 'ada',
            detail: {},
            createdAt: '2026-11-20T16:00:00.000Z',
          },
        ],
      });
    return new Response('{}', { status: 404 });
  };
}

const h1 = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

beforeEach(() => {
  admin = true;
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(adminServer());
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

describe('administration pages', () => {
  it('show a guest the 403 page and call nothing', async () => {
    renderApp({ path: '/admin' });
    expect((await h1()).textContent).toBe('Access denied');
    expect(screen.getByRole('link', { name: 'Sign in as an administrator' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('show a signed-in agent or customer the 403 page when the server refuses', async () => {
    admin = false;
    renderApp({ path: '/admin', loggedIn: true });
    expect((await h1()).textContent).toBe('Access denied');
    expect(screen.queryByLabelText('Utility name')).toBeNull();
  });

  it('start from the stored theme, name a failing pair live, refuse to save it, and save a passing brand', async () => {
    renderApp({ path: '/admin', loggedIn: true });
    expect((await h1()).textContent).toBe('Administration');
    const headerFg = (await screen.findByLabelText('--gf-header-fg')) as HTMLInputElement;
    expect(headerFg.value).toBe(THEMES.lubbock.colors['--gf-header-fg'].toLowerCase());
    expect(screen.getByText('Every text and background pair passes WCAG AA.')).toBeTruthy();
    // Header text the colour of the header: 1:1.
    fireEvent.change(headerFg, { target: { value: THEMES.lubbock.colors['--gf-header-bg'].toLowerCase() } });
    const failures = screen.getByTestId('contrast-failures');
    expect(
      within(failures).getByText(/--gf-header-fg on --gf-header-bg: 1\.00:1, needs 4\.5:1/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    fireEvent.change(headerFg, { target: { value: '#ffffff' } });
    fireEvent.change(screen.getByLabelText('Utility name'), { target: { value: 'Riverbend Power' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((call) => call.method === 'PUT')?.body as {
      name: string;
      theme: string;
      colors: Record<string, string>;
    };
    expect(sent.name).toBe('Riverbend Power');
    expect(sent.theme).toBe('lubbock');
    expect(sent.colors['--gf-header-fg']).toBe('#ffffff');
    expect(await screen.findByText('Brand saved. The portal shows it from now on.')).toBeTruthy();
  });

  it('list the audit log and filter it by action', async () => {
    renderApp({ path: '/admin/audit', loggedIn: true });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('auth.login')).toBeTruthy();
    // Who did it, by user name rather than id.
    expect(within(table).getByText('ada')).toBeTruthy();
    expect(within(table).queryByText('55555555-5555-4555-8555-555555555555')).toBeNull();
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'admin.brand.update' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([request]) => request.url.includes('action=admin.brand.update')),
      ).toBe(true),
    );
  });

  it('list the people and invite an agent', async () => {
    renderApp({ path: '/admin/people', loggedIn: true });
    expect(await screen.findByText('Ada Admin (admin) · Administrator')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'nia' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Nia New' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nia@example.test' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'agent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to nia@example.test.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'nia',
      fullName: 'Nia New',
      email: 'nia@example.test',
      role: 'agent',
    });
  });

  it('have a section menu that marks the current section and switches sections', async () => {
    renderApp({ path: '/admin', loggedIn: true });
    const menu = await screen.findByRole('navigation', { name: 'Administration sections' });
    const current = () =>
      within(menu)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current().map((link) => link.textContent)).toEqual(['Brand']);
    expect(await screen.findByLabelText('Utility name')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'People' })).toBeNull();
    fireEvent.click(within(menu).getByRole('link', { name: 'People' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'People' })).toBeTruthy();
    expect(current().map((link) => link.textContent)).toEqual(['People']);
    expect(screen.queryByLabelText('Utility name')).toBeNull();
    fireEvent.click(within(menu).getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(current().map((link) => link.getAttribute('href'))).toEqual(['/admin/audit']);
  });
});
