import './themes/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { adoptView, hydratableView, keepOnly } from './app/server-view.ts';
import { createStore } from './app/store.ts';
import { i18n, registeredNamespaceNames } from './i18n/i18n.ts';
import { hydrateInParts, whenHydrated } from './lib/hydrate-in-parts.tsx';
import { nextTask } from './lib/next-task.ts';
import { loadTenant, readInlineTenant, tenantLoaded } from './lib/tenant/tenant-slice.ts';
import { whenIdle } from './lib/when-idle.ts';
import { readStoredThemeId, resolveThemeId } from './themes/theme-store.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The browser evaluates the modules above in one task; the app makes its store in the next one, its
// router in a third, starts the router in a fourth and draws in a fifth (issue 7: each task over
// ~12 ms on this machine counts as blocking on a phone).
await nextTask();
const store = createStore();
// The server's shell carries the tenant's answer (issue 7: the first view does not wait for it);
// without it, the answer is on its way while the first view renders. Either way the api keeps it
// fresh once loaded (lib/api/connect-api.ts).
const inlineTenant = readInlineTenant(document);
if (inlineTenant) store.dispatch(tenantLoaded(inlineTenant));
else void store.dispatch(loadTenant());
// Making the router (its history, the route table ranked) is a task of its own, and starting it
// (the first match, its lazy page requested) another.
await nextTask();
const router = createAppRouter(store);
await nextTask();
router.initialize();

// The first view renders as a transition, so React yields to the browser every few milliseconds
// instead of holding the main thread in one long task (issue 7: Total Blocking Time on a phone).
// Over the server's view of this browser's kind (its language, theme and session: app/server-view.ts)
// the app hydrates it: no DOM is built, and the commit only attaches the app to the nodes already
// drawn. Otherwise createRoot replaces the view (or the static frame).
const render = () =>
  startTransition(() => {
    const { session } = store.getState();
    const view = hydratableView(container, {
      signedIn: session.isLoggedIn,
      pending: !session.isLoggedIn && session.username !== null,
      language: i18n.language,
      themeId: resolveThemeId(readStoredThemeId(), inlineTenant?.defaultTheme),
    });
    if (view) {
      keepOnly(container, view);
      // The header, the page and the footer hydrate in tasks of their own (lib/hydrate-in-parts.tsx);
      // the view stays inert until the last of them is the app's.
      hydrateInParts(() =>
        hydrateRoot(
          view,
          <StrictMode>
            <App
              store={store}
              router={router}
              onStart={() => void whenHydrated().then(() => adoptView(view))}
            />
          </StrictMode>,
        ),
      );
      return;
    }
    createRoot(container).render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    );
  });

// Under the server's first view (issue 7, apps/server/src/plugins/app-shell.ts) the app replaces it
// only once the route's page and texts are loaded: the visitor never sees it give way to a loading
// state, and the page's nodes come back the same size (no new largest paint, no layout shift).
function routeReady(): Promise<unknown> {
  const routed = router.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
  return routed.then(() => i18n.loadNamespaces(registeredNamespaceNames()));
}
const renderNext = () => nextTask().then(render);
if (container.querySelector('.gf-first-view')) void routeReady().then(renderNext, renderNext);
else render();

// RTK Query is not needed to draw Home; it is fetched once the first view is drawn and the browser
// is idle, so the next page does not wait for it (a page opened directly loads it with itself).
whenIdle(() => void import('./lib/api/api.ts'), { timeout: 5000, fallbackDelay: 1000 });
