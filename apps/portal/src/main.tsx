import './themes/base.css';
import './i18n/i18n.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { createStore } from './app/store.ts';
import { loadTenant, readInlineTenant, tenantLoaded } from './lib/tenant/tenant-slice.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const store = createStore();
// The server's shell carries the tenant's answer (issue 7: the first view does not wait for it);
// without it, the answer is on its way while the first view renders. Either way the api keeps it
// fresh once loaded (lib/api/connect-api.ts).
const inlineTenant = readInlineTenant(document);
if (inlineTenant) store.dispatch(tenantLoaded(inlineTenant));
else void store.dispatch(loadTenant());
const router = createAppRouter(store);

// The first view renders as a transition, so React yields to the browser every few milliseconds
// instead of holding the main thread in one long task (issue 7: Total Blocking Time on a phone).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
});

// RTK Query is not needed to draw Home; it is fetched once the first view is drawn and the browser
// is idle, so the next page does not wait for it (a page opened directly loads it with itself).
const loadApi = () => void import('./lib/api/api.ts');
if ('requestIdleCallback' in window) requestIdleCallback(loadApi, { timeout: 5000 });
else setTimeout(loadApi, 1000);
