// The utility's own texts and images (issue 14, /admin Content) on the public pages.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { refreshBrandImages } from '../../lib/tenant/brand-images.ts';
import { renderApp } from '../../test/test-app.tsx';
import { forgetTenantDocuments } from './tenant-document.tsx';

const fetchMock = vi.fn<(request: Request | URL) => Promise<Response>>();
const LOGO = `/api/brand-images/logo/${'ab'.repeat(16)}`;

/** The server: a tenant, its documents by kind and language (with the default-language fallback), its images. */
function serve(
  documents: Record<string, Partial<Record<string, string>>>,
  images: Record<string, string | null>,
) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : input.href);
    if (url.pathname === '/api/tenant')
      return Response.json({
        name: 'Riverbend Utilities',
        defaultTheme: 'green',
        contentLanguage: 'en',
        features: [],
        contact: { phone: '(555) 010-4400', hours: 'Monday to Friday 8 am – 5 pm' },
        legal: {},
        fees: {},
        paymentPlatforms: [],
      });
    if (url.pathname === '/api/tenant/images')
      return Response.json({ logo: null, header: null, footer: null, ...images });
    const kind = /^\/api\/tenant\/content\/(\w+)$/.exec(url.pathname)?.[1];
    if (kind) {
      const lang = url.searchParams.get('lang') ?? 'en';
      const written = documents[kind] ?? {};
      const language = written[lang] ? lang : written.en ? 'en' : null;
      return Response.json({ kind, language, body: language ? written[language] : null });
    }
    return new Response('{}', { status: 404 });
  });
}

function siteHeader(): HTMLElement {
  const header = document.querySelector<HTMLElement>('header.gf-themed-header');
  if (!header) throw new Error('no site header');
  return header;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  forgetTenantDocuments();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  cleanup();
  await i18n.changeLanguage('en');
});

describe("the utility's own content", () => {
  it('shows a Spanish visitor the Spanish About Us, as text, and the utility’s logo in the header', async () => {
    serve(
      { about: { en: 'We keep the lights on.', es: '## Quiénes somos\n\nMantenemos la <b>luz</b>.' } },
      { logo: LOGO },
    );
    await refreshBrandImages();
    await i18n.changeLanguage('es');
    renderApp({ path: '/aboutus' });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Quiénes somos' });
    const section = heading.closest('section');
    expect(section?.getAttribute('lang')).toBe('es');
    // Markup in the text stays text.
    expect(within(section as HTMLElement).getByText('Mantenemos la <b>luz</b>.')).toBeTruthy();
    expect(section?.querySelector('b')).toBeNull();
    // The built-in About Us is not shown beside it.
    expect(screen.queryByRole('heading', { name: i18n.t('about.missionHeading') })).toBeNull();
    await waitFor(() => expect(siteHeader().querySelector('img')?.getAttribute('src')).toBe(LOGO));
  });

  it("falls back to the utility's default language, marked with its lang", async () => {
    serve({ services: { en: 'Electricity and water for the valley.' } }, {});
    await i18n.changeLanguage('de');
    renderApp({ path: '/services' });
    const text = await screen.findByText('Electricity and water for the valley.');
    expect(text.closest('[lang]')?.getAttribute('lang')).toBe('en');
  });

  it('keeps the built-in texts and the theme’s mark when the utility set nothing', async () => {
    serve({}, {});
    await refreshBrandImages();
    renderApp({ path: '/aboutus' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Our mission' })).toBeTruthy();
    const logo = siteHeader().querySelector('img')?.getAttribute('src') ?? '';
    expect(logo).not.toContain('/api/brand-images/');
    expect(siteHeader().getAttribute('style')).toBeNull();
  });

  it("shows Contact Us hours in the visitor's language when the utility wrote them", async () => {
    serve({ contactHours: { es: 'Lunes a viernes, 8 a 17 h' } }, {});
    await i18n.changeLanguage('es');
    renderApp({ path: '/contactus' });
    // On the page and in the footer, both marked Spanish.
    const hours = await screen.findAllByText('Lunes a viernes, 8 a 17 h');
    expect(hours.map((element) => element.getAttribute('lang'))).toEqual(['es', 'es']);
  });
});
