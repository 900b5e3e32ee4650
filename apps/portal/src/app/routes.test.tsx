import { HOME_TITLE, portalRoutes } from '@gridfront/contracts';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { renderApp } from '../test/test-app.tsx';
import { RouteErrorFallback } from './route-error-fallback.tsx';

const h1 = () => screen.findByRole('heading', { level: 1 }, { timeout: 3000 });

describe('routes', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  afterEach(async () => {
    cleanup();
    toast.dismiss();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('sends a visitor from a login-required page to /login with the spec toast', async () => {
    const { router } = renderApp({ path: '/usage' });
    expect((await h1()).textContent).toBe('Login');
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Please log in to access the Usage page')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'Please log in to access the Usage page',
    );
  });

  it('translates the login-required toast, page name included', async () => {
    await i18n.changeLanguage('es');
    const { router } = renderApp({ path: '/accountInfo' });
    await h1();
    expect(router.state.location.pathname).toBe('/login');
    expect(
      await screen.findByText('Inicie sesión para acceder a la página Información de la cuenta'),
    ).toBeTruthy();
  });

  it('lets a signed-in customer in, and bounces them from guest-only pages to /home', async () => {
    const { router } = renderApp({ path: '/settings', loggedIn: true });
    expect((await h1()).textContent).toBe('Settings');
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    // A signed-in customer's /home is My Account (issue 10).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Account'), {
      timeout: 15_000,
    });
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('redirects an unknown path to /', async () => {
    const { router } = renderApp({ path: '/no/such/page' });
    expect((await h1()).textContent).toBe(HOME_TITLE);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(portalRoutes.filter((route) => route.access !== 'loginRequired'))(
    'shows one h1 on $path to a visitor',
    async ({ path }) => {
      const { router } = renderApp({ path });
      await h1();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('main')).toBeTruthy();
    },
  );

  it('shows the compare-results state of /gridx?compareResult=true in its own layout', async () => {
    renderApp({ path: '/gridx?compareResult=true' });
    expect((await h1()).textContent).toBe('Gridx');
    expect(screen.getByRole('heading', { level: 2, name: 'Compare results' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the portal' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'About Us' })).toBeNull();
  });

  it('scrolls to the top on every path change, and not where the app starts', async () => {
    const { router } = renderApp({ path: '/services' });
    await h1();
    // The page the app starts on stays where the browser (or the visitor) put it.
    expect(vi.mocked(window.scrollTo)).not.toHaveBeenCalled();
    await act(() => router.navigate('/aboutus'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About Us'));
    expect(vi.mocked(window.scrollTo)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(window.scrollTo)).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    await act(() => router.navigate('/aboutus?tab=1'));
    expect(vi.mocked(window.scrollTo)).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/services'));
    await waitFor(() => expect(vi.mocked(window.scrollTo)).toHaveBeenCalledTimes(2));
  });

  it('shows the fallback view with the message of an unexpected error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp({
      path: '/login',
      guards: {
        isLoggedIn: () => {
          throw new Error('login flag unreadable');
        },
      },
    });
    expect((await h1()).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByText('login flag unreadable')).toBeTruthy();
  });

  it('shows the status and text of an error response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteErrorFallback />,
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
      },
    ]);
    render(<RouterProvider router={router} />);
    expect((await h1()).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByText('Status: 503')).toBeTruthy();
    expect(screen.getByText('Service Unavailable')).toBeTruthy();
  });
});
