// The footer's opening hours in the visitor's language (issue 14 polish): what
// GET /api/tenant/content/contactHours answers for the visitor's language (the utility's own text or
// its built-in hours' translation), marked with that language; else the configured hours, marked
// with the utility's content language.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetTenantDocuments } from '../../features/marketing/tenant-document.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { TENANT_DOCUMENTS_DATA_ID } from '../../lib/tenant/first-view-documents.ts';
import { renderApp } from '../../test/test-app.tsx';

const fetchMock = vi.fn<(request: Request | URL) => Promise<Response>>();
const HOURS_EN = 'Monday to Friday 7:30 am – 6:00 pm';
const HOURS_DE = 'Montag bis Freitag 7:30–18:00 Uhr';
const asked: string[] = [];

/** The server: the configured hours in English, and a German text for contactHours only. */
function serve() {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : input.href);
    if (url.pathname === '/api/tenant')
      return Response.json({
        name: 'Riverbend Utilities',
        defaultTheme: 'green',
        contentLanguage: 'en',
        features: [],
        contact: { phone: '(555) 010-4400', hours: HOURS_EN },
        legal: {},
        fees: {},
        paymentPlatforms: [],
      });
    if (url.pathname === '/api/tenant/images')
      return Response.json({ logo: null, header: null, footer: null });
    if (url.pathname === '/api/tenant/content/contactHours') {
      const lang = url.searchParams.get('lang');
      asked.push(lang ?? '');
      return Response.json(
        lang === 'de'
          ? { kind: 'contactHours', language: 'de', body: HOURS_DE }
          : { kind: 'contactHours', language: null, body: null },
      );
    }
    return new Response('{}', { status: 404 });
  });
}

function footer(): HTMLElement {
  const element = document.querySelector<HTMLElement>('footer');
  if (!element) throw new Error('no footer');
  return element;
}

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  forgetTenantDocuments();
  serve();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  cleanup();
  // The test files of this project share their modules: no answer known here may reach another file.
  forgetTenantDocuments();
  await i18n.changeLanguage('en');
});

describe('footer hours', { timeout: 30_000 }, () => {
  it('shows a German visitor the German hours, marked de', async () => {
    await i18n.changeLanguage('de');
    renderApp({ path: '/aboutus' });
    await screen.findByRole('contentinfo', {}, { timeout: 10_000 });
    const hours = await waitFor(() => within(footer()).getByText(HOURS_DE));
    expect(hours.getAttribute('lang')).toBe('de');
    expect(within(footer()).queryByText(HOURS_EN)).toBeNull();
    expect(asked).toContain('de');
  });

  it('keeps the configured hours, marked with the content language, where nothing else is written', async () => {
    await i18n.changeLanguage('es');
    renderApp({ path: '/aboutus' });
    await screen.findByRole('contentinfo', {}, { timeout: 10_000 });
    await waitFor(() => expect(asked).toContain('es'));
    const hours = within(footer()).getByText(HOURS_EN);
    expect(hours.getAttribute('lang')).toBe('en');
  });

  it("starts from the shell's inline answer in the visitor's language, without asking the API", async () => {
    await i18n.changeLanguage('de');
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = TENANT_DOCUMENTS_DATA_ID;
    inline.textContent = JSON.stringify({
      'contactHours:de': { kind: 'contactHours', language: 'de', body: 'Werktags 8–17 Uhr (aus der Seite)' },
    });
    document.head.append(inline);
    renderApp({ path: '/aboutus' });
    await screen.findByRole('contentinfo', {}, { timeout: 10_000 });
    const hours = within(footer()).getByText('Werktags 8–17 Uhr (aus der Seite)');
    expect(hours.getAttribute('lang')).toBe('de');
    expect(asked).toEqual([]);
  });
});
