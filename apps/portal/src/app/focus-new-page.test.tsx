import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/test-app.tsx';

describe('focus after a route change', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('stays put on the first load, then moves to the new page’s heading on each navigation', async () => {
    const { router } = renderApp({ path: '/home' });
    const home = await screen.findByRole('heading', { level: 1 }, { timeout: 3000 });
    // Give a wrongly triggered focus move its frames to happen.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).not.toBe(home);
    expect(home.hasAttribute('tabindex')).toBe(false);

    await act(() => router.navigate('/aboutus'));
    const about = await screen.findByRole('heading', { level: 1, name: 'About Us' }, { timeout: 3000 });
    await waitFor(() => expect(document.activeElement).toBe(about));
    expect(about.getAttribute('tabindex')).toBe('-1');

    await act(() => router.navigate('/contactus'));
    const contact = await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, { timeout: 3000 });
    await waitFor(() => expect(document.activeElement).toBe(contact));
  });

  it('lands on the login heading when a guard redirects', async () => {
    const { router } = renderApp({ path: '/home' });
    await screen.findByRole('heading', { level: 1 }, { timeout: 3000 });
    await act(() => router.navigate('/settings'));
    const login = await screen.findByRole('heading', { level: 1, name: 'Login' }, { timeout: 3000 });
    await waitFor(() => expect(document.activeElement).toBe(login));
  });
});
