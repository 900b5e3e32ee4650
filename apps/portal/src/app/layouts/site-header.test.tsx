import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../i18n/i18n.ts';
import { renderApp } from '../../test/test-app.tsx';

describe('site header', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('offers Login and Sign Up to a visitor, My Account and Logout to a customer', async () => {
    renderApp({ path: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toBeTruthy();
    cleanup();

    renderApp({ path: '/', loggedIn: true });
    // The page loads after the frame and can redraw the header between the click and the check on a
    // busy machine (as in the test below): the header is taken once the page is there.
    await screen.findByRole('heading', { level: 1 });
    const signedInNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const account = within(signedInNav).getByRole('button', { name: 'My Account' });
    expect(account.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Usage', 'Account Info', 'Settings']) {
      expect(within(signedInNav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(signedInNav).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(signedInNav).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('has a skip link to the main content and a menu button that reports its state', async () => {
    renderApp({ path: '/' });
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    // The page itself loads after the frame: on a busy machine it can land between click and check.
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    await waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));
  });

  it('leaves the open menu alone on Escape from elsewhere on the page, closes it on Escape inside it', async () => {
    renderApp({ path: '/login' });
    const field = await screen.findByLabelText(/username/i);
    const menu = await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    field.focus();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(field);

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = within(nav).getByRole('link', { name: 'Sign Up' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('keeps the account menu open on Escape from outside it', async () => {
    renderApp({ path: '/', loggedIn: true });
    // The lazy page first: when it arrives its heading takes the focus, which would close the menu.
    await screen.findByRole('heading', { level: 1 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const account = within(nav).getByRole('button', { name: 'My Account' });
    fireEvent.click(account);
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    skip.focus();
    fireEvent.keyDown(skip, { key: 'Escape' });
    expect(account.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(within(nav).getByRole('link', { name: 'Usage' }), { key: 'Escape' });
    expect(account.getAttribute('aria-expanded')).toBe('false');
  });

  it('switches the language at run time, remembers it and updates <html lang>', async () => {
    renderApp({ path: '/' });
    const picker = await screen.findByLabelText('Language');
    await act(async () => {
      fireEvent.change(picker, { target: { value: 'de' } });
    });
    // German is fetched when it is first chosen; the page switches once it has arrived.
    expect(await screen.findByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(screen.getByRole('link', { name: 'Leistungen' })).toBeTruthy();
  });
});
