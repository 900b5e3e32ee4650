// The utility's documents in the first view (issue 7): the server draws /aboutus, /privacy and /terms
// with the document (entry-server.tsx, FIRST_VIEW_DOCUMENTS) and the shell carries the same answers
// inline; the page starts from them: the app hydrates the server's nodes with no mismatch and without
// asking GET /api/tenant/content first, and an administrator's save is not hidden by them.
import { cleanup, screen } from '@testing-library/react';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardDepsFor } from '../../app/router.tsx';
import { buildRoutes } from '../../app/routes.tsx';
import { hydratableView, keepOnly } from '../../app/server-view.ts';
import { createStore } from '../../app/store.ts';
import { FIRST_VIEW_DOCUMENTS, render as renderServerView } from '../../entry-server.tsx';
import { i18n, registeredNamespaceNames } from '../../i18n/i18n.ts';
import { signedOutSession } from '../../lib/session/session-storage.ts';
import { TENANT_DOCUMENTS_DATA_ID } from '../../lib/tenant/first-view-documents.ts';
import { tenantConfig } from '../../lib/tenant/tenant-config.ts';
import { tenantLoaded } from '../../lib/tenant/tenant-slice.ts';
import { hydrateAppOver } from '../../test/hydrate-app.tsx';
import { renderApp } from '../../test/test-app.tsx';
import { forgetTenantDocuments } from './tenant-document.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const tenant = tenantConfig.parse({
  name: 'Riverbend Utilities',
  defaultTheme: 'green',
  contentLanguage: 'en',
});
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

/** The page's content calls (none, when it started from the shell's documents); the footer's hours aside. */
const contentCalls = () =>
  fetchMock.mock.calls
    .map(([request]) => new URL(request.url).pathname)
    .filter((path) => path.includes('/content/') && !path.endsWith('/contactHours'));

/** The shell's inline block, as app-shell.ts writes it. */
function inlineBlock(documents: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = TENANT_DOCUMENTS_DATA_ID;
  element.textContent = JSON.stringify(documents);
  document.head.append(element);
}

let root: Root | null = null;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  fetchMock.mockImplementation(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/tenant') return Response.json(tenant);
    const kind = /\/content\/(\w+)$/.exec(url.pathname)?.[1];
    if (kind) return Response.json({ kind, language: 'en', body: `Fetched ${kind}.` });
    return new Response('{}', { status: 404 });
  });
  forgetTenantDocuments();
});

afterEach(async () => {
  act(() => root?.unmount());
  root = null;
  cleanup();
  document.body.innerHTML = '';
  document.getElementById(TENANT_DOCUMENTS_DATA_ID)?.remove();
  document.documentElement.removeAttribute('data-gf-lang');
  document.documentElement.removeAttribute('data-gf-theme');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  await i18n.changeLanguage('en');
});

describe("the utility's documents the server drew", () => {
  it("names each view's documents: its page's, and the footer's hours on every page that has the footer", () => {
    expect(FIRST_VIEW_DOCUMENTS['/aboutus']).toEqual(['about', 'contactHours']);
    expect(FIRST_VIEW_DOCUMENTS['/privacy']).toEqual(['privacyPolicy', 'contactHours']);
    expect(FIRST_VIEW_DOCUMENTS['/terms']).toEqual(['termsOfUse', 'contactHours']);
    expect(FIRST_VIEW_DOCUMENTS['/contactus']).toEqual(['contactAddress', 'contactHours']);
    expect(FIRST_VIEW_DOCUMENTS['/login']).toEqual(['contactHours']);
    expect(FIRST_VIEW_DOCUMENTS['/accountInfo']).toEqual(['contactHours']);
    // The standalone pages have no footer.
    expect(FIRST_VIEW_DOCUMENTS['/gridx']).toEqual([]);
  });

  it.each([
    ['/aboutus', 'about', false],
    ['/privacy', 'privacyPolicy', false],
    ['/terms', 'termsOfUse', true],
  ] as const)(
    'hydrates %s with its %s (signed in: %s): same nodes, no mismatch, no fetch',
    async (path, kind, signedIn) => {
      const body = `## Heading of ${kind}\n\nThe <i>utility's</i> own ${kind}.`;
      const documents = { [`${kind}:es`]: { kind, language: 'es', body } };
      const markup = await renderServerView({ path, tenant, language: 'es', signedIn, documents });
      await prerender(<p />);
      // The server drew the document as text, in its language.
      expect(markup).toContain(
        `<h2>Heading of ${kind}</h2><p>The &lt;i&gt;utility&#x27;s&lt;/i&gt; own ${kind}.</p>`,
      );
      expect(markup).toMatch(/lang="es"/);

      document.documentElement.setAttribute('data-gf-lang', 'es');
      document.documentElement.setAttribute('data-gf-theme', 'green');
      const kindOf = signedIn ? ' data-gf-for="session"' : '';
      document.body.innerHTML = `<div id="root"><div class="gf-first-view"${kindOf} inert>${markup}</div></div>`;
      inlineBlock(documents);
      const container = document.getElementById('root') as HTMLElement;
      const store = createStore({
        session: { ...signedOutSession, isLoggedIn: signedIn, username: signedIn ? 'demo' : null },
      });
      store.dispatch(tenantLoaded(tenant));
      const router = createMemoryRouter(buildRoutes(guardDepsFor(store)), { initialEntries: [path] });
      await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
      await i18n.changeLanguage('es');
      await i18n.loadNamespaces(registeredNamespaceNames());
      const view = hydratableView(container, { signedIn, language: 'es', themeId: 'green' });
      if (!view) throw new Error('no view to hydrate');
      keepOnly(container, view);
      const paragraph = [...view.querySelectorAll('p')].find((p) => p.textContent?.endsWith(`own ${kind}.`));
      expect(paragraph).toBeDefined();

      const hydrated = await hydrateAppOver(view, { store, router }, 300);
      root = hydrated.root;
      const { errors } = hydrated;
      expect(errors.map(String)).toEqual([]);
      // The server's paragraph is the app's now, the text unchanged; nothing was asked of the API.
      expect(view.contains(paragraph as Node)).toBe(true);
      expect(paragraph?.textContent).toBe(`The <i>utility's</i> own ${kind}.`);
      expect(view.querySelector('i')).toBeNull();
      expect(contentCalls()).toEqual([]);
      // The block is read once and gone.
      expect(document.getElementById(TENANT_DOCUMENTS_DATA_ID)).toBeNull();
    },
  );

  it("fetches a document the shell did not carry (another language), and forgets the shell's after a save", async () => {
    inlineBlock({ 'about:es': { kind: 'about', language: 'es', body: 'Texto del servidor.' } });
    // An English page: the Spanish answer is not for it.
    renderApp({ path: '/aboutus' });
    expect(await screen.findByText('Fetched about.')).toBeTruthy();
    expect(contentCalls()).toEqual(['/api/tenant/content/about']);
    cleanup();

    // In Spanish the shell's answer is used at once, without a call.
    fetchMock.mockClear();
    await i18n.changeLanguage('es');
    renderApp({ path: '/aboutus' });
    expect(await screen.findByText('Texto del servidor.')).toBeTruthy();
    expect(contentCalls()).toEqual([]);
    cleanup();

    // An administrator saved (admin-content.tsx forgets the documents): the next page asks again.
    forgetTenantDocuments();
    renderApp({ path: '/aboutus' });
    expect(await screen.findByText('Fetched about.')).toBeTruthy();
    expect(screen.queryByText('Texto del servidor.')).toBeNull();
    expect(contentCalls()).toEqual(['/api/tenant/content/about']);
  });
});
