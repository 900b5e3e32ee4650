// Which of the server's first views the app can hydrate (issue 7: Total Blocking Time). The shell
// (apps/server/src/plugins/app-shell.ts) holds inside #root the static frame and one or two views
// rendered by entry-server.tsx: a visitor's (<div class="gf-first-view" inert>) and, on the
// login-required and standalone routes, a signed-in customer's (data-gf-for="session"). Each was
// rendered in one language (<html data-gf-lang>) and one theme (<html data-gf-theme>), with a session
// that says only "signed in" or "nobody". Where the app starts the same way, hydrateRoot takes the
// view over in place: React builds no DOM and commits no new nodes, which was the longest task of
// the start. Anything else (a saved language or theme, another session kind, a query string the page
// may read, a view the inline script turned off) keeps the createRoot path: the app replaces it all.

export interface AppStart {
  /** The session's kind as the app starts (the store's session.isLoggedIn). */
  signedIn: boolean;
  /**
   * A sign-up's session before its profile (a username stored, not signed in): /emailVerify names
   * that user, which the visitor's view (nobody at all) does not.
   */
  pending?: boolean;
  /** The language i18n started in. */
  language: string;
  /** The theme the app draws in (the saved choice, else the utility's default). */
  themeId: string;
}

/** The view to hydrate, or null when the app must render afresh. */
export function hydratableView(container: HTMLElement, start: AppStart): HTMLElement | null {
  const page = container.ownerDocument;
  const html = page.documentElement;
  if (html.getAttribute('data-gf-preview') === 'off') return null;
  if (html.getAttribute('data-gf-lang') !== start.language) return null;
  if (html.getAttribute('data-gf-theme') !== start.themeId) return null;
  if (start.pending) return null;
  // The server rendered the path alone; a page reading the query may draw otherwise.
  if ((page.defaultView?.location.search ?? '') !== '') return null;
  const selector = start.signedIn
    ? ':scope > .gf-first-view[data-gf-for="session"]'
    : ':scope > .gf-first-view:not([data-gf-for])';
  return container.querySelector<HTMLElement>(selector);
}

/**
 * Before hydrating `view`: the frame and the other view leave (both are hidden by the stylesheet
 * already, so nothing moves).
 */
export function keepOnly(container: HTMLElement, view: HTMLElement): void {
  for (const child of [...container.children]) if (child !== view) child.remove();
  // Parts of a page that load lazily are hydrated when their code arrives; a form among them
  // submitted before then must not be sent by the browser itself (the reason the view was inert: a
  // password in the URL). The portal's forms all submit through script, so the browser's own
  // submission is never wanted here.
  view.addEventListener('submit', (event) => event.preventDefault());
}

/**
 * Once the app has committed over `view`: it is the app's now, no longer inert nor styled as the
 * server's view (the stylesheet's .gf-first-view rules hide it for a session or when turned off).
 */
export function adoptView(view: HTMLElement): void {
  view.removeAttribute('inert');
  view.removeAttribute('data-gf-for');
  view.className = 'gf-app';
}
