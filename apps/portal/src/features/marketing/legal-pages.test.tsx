import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { renderApp } from '../../test/test-app.tsx';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

function tenantWith(legal: Record<string, string>) {
  fetchMock.mockImplementation(async (request) =>
    new URL(request.url).pathname === '/api/tenant'
      ? Response.json({
          name: 'Riverbend Utilities',
          defaultTheme: 'green',
          timeZone: 'America/Chicago',
          currency: 'USD',
          contentLanguage: 'en',
          features: [],
          contact: { hours: 'Monday to Friday 8 am – 5 pm' },
          legal: { electronicPaymentAgreement: 'EPA', ...legal },
          fees: { cardFeeBasisPoints: 250, achFeeCents: 75 },
          paymentPlatforms: [],
        })
      : new Response('{}', { status: 404 }),
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  cleanup();
  await i18n.changeLanguage('en');
});

describe('legal pages', () => {
  it("follows the footer's link to the privacy policy and shows its headings and paragraphs", async () => {
    tenantWith({
      privacyUrl: '/privacy',
      termsUrl: 'https://riverbend.example/terms',
      privacyPolicy: 'We protect your data.\n\n## What we collect\n\nYour name and <b>address</b>.',
    });
    const { router } = renderApp({ path: '/aboutus' });
    const footer = await screen.findByRole('contentinfo');
    const privacy = await within(footer).findByRole('link', { name: 'Privacy Policy' });
    // An address of the utility's own site stays an ordinary link.
    expect(within(footer).getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe(
      'https://riverbend.example/terms',
    );
    await act(async () => {
      fireEvent.click(privacy);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    // The router has the new path before the new page is drawn: wait for the page's own heading.
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'What we collect' })).toBeTruthy();
    expect(screen.getByText('We protect your data.')).toBeTruthy();
    // The tenant's words are text, never markup.
    expect(screen.getByText('Your name and <b>address</b>.')).toBeTruthy();
  });

  it('says so, in the chosen language, when the utility has not published the document', async () => {
    tenantWith({ privacyUrl: '/privacy', termsUrl: '/terms' });
    await i18n.changeLanguage('es');
    renderApp({ path: '/terms' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Condiciones de uso');
    const notice = await screen.findByText(
      'Riverbend Utilities aún no ha publicado este documento en el portal. Pida una copia a atención al cliente.',
    );
    // The notice is the portal's own text, so it is not marked with the utility's language.
    expect(notice.closest('[lang]')?.getAttribute('lang')).not.toBe('en');
  });

  it("marks the utility's own words with its language when the portal speaks another", async () => {
    tenantWith({ privacyUrl: '/privacy', termsUrl: '/terms', termsOfUse: 'These terms apply.' });
    await i18n.changeLanguage('de');
    renderApp({ path: '/terms' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Nutzungsbedingungen');
    const terms = await screen.findByText('These terms apply.');
    expect(terms.closest('article')?.getAttribute('lang')).toBe('en');
    const hours = await screen.findByText('Monday to Friday 8 am – 5 pm');
    expect(hours.getAttribute('lang')).toBe('en');
  });
});
