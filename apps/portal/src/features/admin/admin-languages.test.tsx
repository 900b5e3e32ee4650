// /admin/languages (issue 14): starts from the stored languages, keeps the default among the offered
// ones, refuses none at all without calling the server, and saves the choice.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const puts: unknown[] = [];

async function server(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/api/admin/brand')
    return Response.json({
      name: 'Riverbend',
      theme: 'lubbock',
      colors: {},
      updatedAt: '2026-11-20T15:00:00.000Z',
    });
  if (url.pathname === '/api/admin/languages' && request.method === 'GET')
    return Response.json({ enabled: ['en', 'es'], default: 'en', updatedAt: '2026-11-20T15:00:00.000Z' });
  if (url.pathname === '/api/admin/languages' && request.method === 'PUT') {
    const body = (await request.json()) as { enabled: string[]; default: string };
    puts.push(body);
    const ordered = [body.default, ...body.enabled.filter((code) => code !== body.default)];
    return Response.json({ enabled: ordered, default: body.default, updatedAt: '2026-11-21T15:00:00.000Z' });
  }
  return new Response('{}', { status: 404 });
}

beforeEach(() => {
  puts.length = 0;
  vi.stubGlobal('fetch', vi.fn(server));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});

describe('/admin/languages', () => {
  it('is in the section menu, marked current, and starts from the stored languages', async () => {
    renderApp({ path: '/admin/languages', loggedIn: true });
    const menu = await screen.findByRole('navigation', { name: 'Administration sections' });
    expect(within(menu).getByRole('link', { name: 'Languages' }).getAttribute('aria-current')).toBe('page');
    const offered = await screen.findByRole('group', { name: 'Languages offered' });
    const checked = within(offered)
      .getAllByRole('checkbox')
      .map((box) => [(box as HTMLInputElement).labels?.[0]?.textContent, (box as HTMLInputElement).checked]);
    expect(checked).toEqual([
      ['English', true],
      ['Español', true],
      ['தமிழ்', false],
      ['Deutsch', false],
    ]);
    expect((screen.getByLabelText('Default language') as HTMLSelectElement).value).toBe('en');
  });

  it('keeps the default among the offered languages and refuses none at all without a call', async () => {
    renderApp({ path: '/admin/languages', loggedIn: true });
    const english = await screen.findByLabelText('English');
    fireEvent.click(english);
    const select = screen.getByLabelText('Default language') as HTMLSelectElement;
    expect(select.value).toBe('es');
    expect([...select.options].map((option) => option.value)).toEqual(['es']);
    fireEvent.click(screen.getByLabelText('Español'));
    fireEvent.click(screen.getByRole('button', { name: 'Save languages' }));
    expect(await screen.findByText('Choose at least one language.')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('saves the offered languages and the default', async () => {
    renderApp({ path: '/admin/languages', loggedIn: true });
    fireEvent.click(await screen.findByLabelText('Deutsch'));
    fireEvent.change(screen.getByLabelText('Default language'), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save languages' }));
    expect(await screen.findByText('Languages saved. The portal offers them from now on.')).toBeTruthy();
    await waitFor(() => expect(puts).toEqual([{ enabled: ['en', 'es', 'de'], default: 'de' }]));
  });
});
