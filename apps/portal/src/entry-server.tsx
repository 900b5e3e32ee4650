// The first view of the routes, rendered on the server (issue 7: the largest contentful paint comes
// with the HTML and the stylesheet, not after the entry script has run): a visitor's, and for the
// login-required and standalone routes a signed-in customer's without any customer's data. Built by
// `vite build --ssr` into dist/server/entry-server.js and loaded once by the server's app shell
// (apps/server/src/plugins/app-shell.ts), which puts the markup inside <div id="root"> of the shell it
// caches per utility, route and language. The browser hydrates it (main.tsx: hydrateRoot over the
// view, the same tree as the app's, AppAfterStart in the same place) when the browser's language,
// theme and session kind are the view's; otherwise createRoot replaces it, so a visitor's saved
// language or theme never meets a mismatch. Until then it is inert.
// Each call has its own store (the tenant's answer dispatched as main.tsx does with the inline one)
// and its own i18next instance in the language asked for; the route's page module and texts are
// loaded before rendering, and preact-render-to-string's renderToStringAsync waits for whatever still
// suspends. The portal runs on Preact (preact/compat, vite.config.ts): the server renders with Preact
// too, so the markup (useId values included) is the one the browser's Preact hydrates.
import type { ContentKind } from '@gridfront/contracts/admin-content-basics';
import type { Language } from '@gridfront/contracts/constants';
import { type PortalPath, portalRoutes } from '@gridfront/contracts/routes';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppAfterStart } from './app/app.tsx';
import { pages } from './app/page-registry.ts';
import { buildRoutes } from './app/routes.tsx';
import { createStore } from './app/store.ts';
import { i18n, registeredNamespaceNames } from './i18n/i18n.ts';
import { TextsProvider } from './i18n/use-translation.ts';
import { loadLazyParts } from './lib/lazy-part.tsx';
import { signedOutSession } from './lib/session/session-storage.ts';
import { type FirstViewDocuments, FirstViewDocumentsProvider } from './lib/tenant/first-view-documents.ts';
import type { TenantConfig } from './lib/tenant/tenant-config.ts';
import { tenantLoaded } from './lib/tenant/tenant-slice.ts';
import { ThemeProvider } from './themes/index.ts';

/**
 * The routes whose first view the server renders for a visitor: those opened without signing in whose
 * page needs nothing but the tenant and the language. The steps of a flow (/emailVerify,
 * /twoFactorAuth, /createProfile: their state comes from the page before, in the router's history
 * state) are drawn as the page draws them without that state (a URL opened directly); a browser whose
 * history entry holds router state gets the static frame instead (the shell's inline script). The
 * hosted checkout (/pay/checkout: its token rides in the URL's fragment, which the server never sees)
 * is drawn as it stands until its payment is read: the summary's and the form's places, the test-mode
 * notice of the utility's active platform (checkout-page.tsx draws the same while hydrating).
 */
export const SERVER_RENDERED_PATHS = [
  '/',
  '/home',
  '/login',
  '/signup',
  '/contactus',
  '/services',
  '/aboutus',
  '/privacy',
  '/terms',
  '/forgotUsername',
  '/forgotPassword',
  '/forgotAccountNo',
  '/paybill',
  '/todo',
  '/net2grid',
  '/gridx',
  '/emailVerify',
  '/twoFactorAuth',
  '/createProfile',
  '/pay/checkout',
] as const satisfies readonly PortalPath[];

/**
 * The routes whose first view the server also renders for a signed-in customer (the login-required
 * and the standalone routes): the header as a customer sees it and the page as it stands before any
 * of the customer's data arrives (title, intro, the loading states and skeletons the page draws
 * itself). Nobody's data is in it: the session is only "signed in", with no name, token or account,
 * since the shell is shared by every customer of the utility. The shell shows it only to a browser
 * holding a session; a standalone route (also in SERVER_RENDERED_PATHS) carries both views.
 */
export const SIGNED_IN_PATHS = [
  '/accountInfo',
  '/usage',
  '/settings',
  '/net2grid',
  '/gridx',
  '/aboutus',
  '/privacy',
  '/terms',
] as const satisfies readonly PortalPath[];

/** The utility's own documents (GET /api/tenant/content/{kind}) a route's page shows. */
const PAGE_DOCUMENTS: Partial<Record<PortalPath, readonly ContentKind[]>> = {
  '/aboutus': ['about'],
  '/privacy': ['privacyPolicy'],
  '/terms': ['termsOfUse'],
  '/services': ['services'],
  '/contactus': ['contactAddress', 'contactHours'],
};

/** The footer's opening hours, on every page of the main layout (app/layouts/site-footer.tsx). */
const FOOTER_DOCUMENTS: readonly ContentKind[] = ['contactHours'];
const WITHOUT_FOOTER = new Set<string>(
  portalRoutes.filter((route) => route.access === 'standalone').map((route) => route.path),
);

/**
 * The documents each server-rendered view shows: the shell reads them in the view's language, the
 * render draws them (RenderRequest.documents) and the shell carries the same answers inline, from
 * which the page and the footer start (lib/tenant/first-view-documents.ts), so their text is in the
 * first paint and the app hydrates it without fetching it first (issue 7: no request, and no footer
 * drawn again, after the first view).
 */
export const FIRST_VIEW_DOCUMENTS: Partial<Record<PortalPath, readonly ContentKind[]>> = Object.fromEntries(
  [...new Set<PortalPath>([...SERVER_RENDERED_PATHS, ...SIGNED_IN_PATHS])].map((path) => [
    path,
    [...new Set([...(PAGE_DOCUMENTS[path] ?? []), ...(WITHOUT_FOOTER.has(path) ? [] : FOOTER_DOCUMENTS)])],
  ]),
);

export interface RenderRequest {
  path: string;
  /** The GET /api/tenant answer, the same the shell carries inline. */
  tenant: TenantConfig;
  language: Language;
  /** The signed-in customer's view (a path of SIGNED_IN_PATHS), not the visitor's. */
  signedIn?: boolean;
  /** The documents of FIRST_VIEW_DOCUMENTS[path] in `language`, by "kind:language" (the shell's inline ones). */
  documents?: FirstViewDocuments;
}

// A visitor on the server: guards see nobody signed in and say nothing; a customer: guards let through.
const visitorHandler = createStaticHandler(
  buildRoutes({ isLoggedIn: () => false, onLoginRequired: () => {} }),
);
const signedInHandler = createStaticHandler(
  buildRoutes({ isLoggedIn: () => true, onLoginRequired: () => {} }),
);

/** Stops a render that still waits after this long (a lazy part that never resolves on the server). */
const RENDER_TIMEOUT_MS = 5000;

/**
 * The markup of the route's first view (what createRoot would draw for a visitor without a saved
 * choice), or a rejection when the route is not one of SERVER_RENDERED_PATHS or rendering fails.
 */
export async function render({
  path,
  tenant,
  language,
  signedIn = false,
  documents = {},
}: RenderRequest): Promise<string> {
  const paths: readonly string[] = signedIn ? SIGNED_IN_PATHS : SERVER_RENDERED_PATHS;
  if (!paths.includes(path)) {
    throw new Error(`${path} is not rendered on the server${signedIn ? ' for a customer' : ''}`);
  }
  const page = pages[path as PortalPath];
  // The page module registers its own text namespaces when imported: load it first, then the texts.
  await page.load();
  // And the lazy parts' code (lib/lazy-part.tsx): nothing suspends inside the page, whose useId
  // values are then those the browser gives.
  await loadLazyParts();
  const texts = i18n.cloneInstance({ lng: language, initAsync: false });
  await texts.changeLanguage(language);
  await texts.loadNamespaces(['translation', ...registeredNamespaceNames()]);

  // A visitor: the session starts signed out (the session slice's own start reads no cookie without a
  // document: lib/session/cookies.ts). A customer: signed in, and nothing else of the session known.
  const store = createStore({
    session: { ...signedOutSession, isLoggedIn: signedIn, tokenExpired: false },
  });
  store.dispatch(tenantLoaded(tenant));
  const handler = signedIn ? signedInHandler : visitorHandler;
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} on the server`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const tree: ReactNode = (
    <Provider store={store}>
      <TextsProvider i18n={texts}>
        <ThemeProvider tenantDefault={tenant.defaultTheme} tenantColors={tenant.brandColors}>
          <FirstViewDocumentsProvider value={documents}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
            <AppAfterStart />
          </FirstViewDocumentsProvider>
        </ThemeProvider>
      </TextsProvider>
    </Provider>
  );
  // The tree is written against React's types; what renders it is Preact's (the same elements).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${path} did not render within ${RENDER_TIMEOUT_MS} ms on the server`)),
      RENDER_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([renderToStringAsync(tree as unknown as VNode), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
