import './themes/base.css';
import './i18n/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { createStore } from './app/store.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const store = createStore();
const router = createAppRouter(store);

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
