import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionEnded } from '../../lib/session/session-slice.ts';
import { renderApp } from '../../test/test-app.tsx';
import { ASSIST_STORAGE_KEY, forgetAssistantLoad } from './assistant-bridge.ts';

type Global = Window & {
  AIAssist?: Record<string, ReturnType<typeof vi.fn>>;
  AIAssistConfig?: Record<string, unknown>;
};

/** The utility's public configuration as /api/tenant answers it, with AI Assist on or off (issue 14). */
function serveTenant(assistant: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
      if (url.pathname === '/api/tenant')
        return Response.json({
          name: 'Riverbend Utilities',
          sideAreas: { insights: true, rateComparison: true, assistant },
        });
      return new Response('{}', { status: 404 });
    }),
  );
}

const widgetScript = () => document.querySelector<HTMLScriptElement>('script[src="/ml/widget.js"]');

/** The widget's script element, once the bridge has added it. */
const scriptAdded = () =>
  waitFor(
    () => {
      const found = widgetScript();
      if (!found) throw new Error('no widget script yet');
      return found;
    },
    { timeout: 3000 },
  );

/** What widget.js defines when it runs: the global interface (mocked). */
function widgetLoads(script: HTMLScriptElement) {
  const handlers = {
    onThemeChange: vi.fn(),
    onSearch: vi.fn(),
    onAuthStatusChange: vi.fn(),
    setHidden: vi.fn(),
    open: vi.fn(),
  };
  (window as Global).AIAssist = handlers;
  act(() => {
    script.dispatchEvent(new Event('load'));
  });
  return handlers;
}

const facade = () => screen.findByRole('button', { name: 'Open AI Assist' });
const noFacade = () => expect(screen.queryByRole('button', { name: 'Open AI Assist' })).toBeNull();

describe('the AI Assist bridge', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (window as Global).AIAssist;
    delete (window as Global).AIAssistConfig;
    sessionStorage.clear();
    forgetAssistantLoad();
    for (const script of document.querySelectorAll('script[src="/ml/widget.js"]')) script.remove();
    // Lazy chunks the routes started must finish while jsdom is still here.
    await import('../rates/gridx-page.tsx');
    await import('@gridfront/contracts/rate-comparison');
    await import('../rates/locales/en.ts');
  });

  it('draws nothing and loads nothing when the utility does not offer AI Assist', async () => {
    serveTenant(false);
    renderApp({ path: '/' });
    await screen.findAllByText('Riverbend Utilities');
    await new Promise((resolve) => setTimeout(resolve, 300));
    noFacade();
    expect(widgetScript()).toBeNull();
    expect((window as Global).AIAssistConfig).toBeUndefined();
  });

  it('draws its own launcher and loads the widget only on intent (pointer over it), then hands over and reports theme, auth after 1000 ms, search after 1 s, hidden on /gridx', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    serveTenant(true);
    const { store, router } = renderApp({ path: '/' });
    const launcher = await facade();
    expect(launcher.textContent).toBe('AI Assist');
    expect(launcher.getAttribute('aria-haspopup')).toBe('dialog');
    // Drawn, idle, loaded: still no script until the customer shows intent.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(widgetScript()).toBeNull();
    expect((window as Global).AIAssistConfig).toBeUndefined();

    fireEvent.pointerEnter(launcher);
    const script = await scriptAdded();
    const config = (window as Global).AIAssistConfig;
    expect(config?.apiKey).toBe('gf-assist-demo-7c1e4b2a9d');
    expect(config?.base).toBe('/ml');
    expect(config?.authenticated).toBe(false);
    // More intent does not add a second script.
    fireEvent.focus(launcher);
    expect(document.querySelectorAll('script[src="/ml/widget.js"]')).toHaveLength(1);

    const loadedAt = Date.now();
    const handlers = widgetLoads(script);
    // The widget's own launcher takes over: the portal's goes; nothing was opened.
    await waitFor(noFacade);
    expect(handlers.open).not.toHaveBeenCalled();
    await waitFor(() => expect(handlers.onThemeChange).toHaveBeenCalled());
    const theme = handlers.onThemeChange.mock.calls[0]?.[0] as { id: string; tokens: Record<string, string> };
    expect(theme.id).toBe('green');
    expect(theme.tokens['--gf-dialog-bg']).toMatch(/^#/);
    expect(handlers.setHidden).toHaveBeenLastCalledWith(false);
    expect(handlers.onAuthStatusChange).not.toHaveBeenCalled();
    await waitFor(() => expect(handlers.onAuthStatusChange).toHaveBeenCalledWith({ authenticated: false }), {
      timeout: 2500,
    });
    expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(950);

    const box = screen.getByRole('searchbox', { name: 'Ask AI Assist' });
    fireEvent.change(box, { target: { value: '  what is Green Tags?  ' } });
    const setAt = Date.now();
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(store.getState().search.searchValue).toBe('what is Green Tags?');
    expect(handlers.onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(handlers.onSearch).toHaveBeenCalledWith('what is Green Tags?'), {
      timeout: 2500,
    });
    expect(Date.now() - setAt).toBeGreaterThanOrEqual(950);
    expect(store.getState().search.searchValue).toBe('');

    await act(() => router.navigate('/gridx'));
    await waitFor(() => expect(handlers.setHidden).toHaveBeenLastCalledWith(true));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  });

  it('a click on its launcher loads the widget and opens the chat once it is there', async () => {
    serveTenant(true);
    renderApp({ path: '/' });
    fireEvent.click(await facade());
    const handlers = widgetLoads(await scriptAdded());
    await waitFor(() => expect(handlers.open).toHaveBeenCalledTimes(1));
    noFacade();
  });

  it('a question from the header box loads the widget and reaches it 1 s after it was asked', async () => {
    serveTenant(true);
    const { store } = renderApp({ path: '/' });
    await facade();
    const box = await screen.findByRole('searchbox', { name: 'Ask AI Assist' });
    fireEvent.change(box, { target: { value: 'How to report outages?' } });
    const setAt = Date.now();
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    const handlers = widgetLoads(await scriptAdded());
    await waitFor(() => expect(handlers.onSearch).toHaveBeenCalledWith('How to report outages?'), {
      timeout: 2500,
    });
    expect(Date.now() - setAt).toBeGreaterThanOrEqual(950);
    expect(store.getState().search.searchValue).toBe('');
  });

  it('loads at once when the conversation was left open, and not on /gridx', async () => {
    sessionStorage.setItem(
      ASSIST_STORAGE_KEY,
      JSON.stringify({ messages: [], open: true, authenticated: false }),
    );
    serveTenant(true);
    renderApp({ path: '/gridx' });
    await screen.findAllByText('Riverbend Utilities');
    await new Promise((resolve) => setTimeout(resolve, 300));
    noFacade();
    expect(widgetScript()).toBeNull();
    cleanup();
    renderApp({ path: '/' });
    await scriptAdded();
  });

  it('a failed load is a console warning and its launcher goes (it would open nothing)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serveTenant(true);
    renderApp({ path: '/' });
    fireEvent.focus(await facade());
    const script = await scriptAdded();
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('AI Assist could not be loaded', expect.any(Error)),
    );
    await waitFor(noFacade);
  });

  it('forgets a stored conversation when the customer signs out while the widget is not loaded', async () => {
    sessionStorage.setItem(
      ASSIST_STORAGE_KEY,
      JSON.stringify({ messages: [{ role: 'user', text: 'mine' }], open: false, authenticated: true }),
    );
    serveTenant(true);
    const { store } = renderApp({ path: '/', loggedIn: true });
    await facade();
    expect(sessionStorage.getItem(ASSIST_STORAGE_KEY)).not.toBeNull();
    act(() => {
      store.dispatch(sessionEnded());
    });
    await waitFor(() => expect(sessionStorage.getItem(ASSIST_STORAGE_KEY)).toBeNull());
    expect(widgetScript()).toBeNull();
  });
});
