import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/test-app.tsx';

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

describe('the AI Assist bridge', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete (window as Global).AIAssist;
    for (const script of document.querySelectorAll('script[src="/ml/widget.js"]')) script.remove();
  });

  it('loads nothing when the utility does not offer AI Assist', async () => {
    serveTenant(false);
    renderApp({ path: '/' });
    await screen.findAllByText('Riverbend Utilities');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('script[src="/ml/widget.js"]')).toBeNull();
    expect((window as Global).AIAssistConfig).toBeUndefined();
  });

  it('loads the widget from the ML host with the api key and reports theme, auth after 1000 ms, search after 1 s, hidden on /gridx', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    serveTenant(true);
    const { store, router } = renderApp({ path: '/' });
    const script = await waitFor(
      () => {
        const found = document.querySelector<HTMLScriptElement>('script[src="/ml/widget.js"]');
        if (!found) throw new Error('no widget script yet');
        return found;
      },
      { timeout: 3000 },
    );
    const config = (window as Global).AIAssistConfig;
    expect(config?.apiKey).toBe('gf-assist-demo-7c1e4b2a9d');
    expect(config?.base).toBe('/ml');
    expect(config?.authenticated).toBe(false);

    const handlers = {
      onThemeChange: vi.fn(),
      onSearch: vi.fn(),
      onAuthStatusChange: vi.fn(),
      setHidden: vi.fn(),
    };
    (window as Global).AIAssist = handlers;
    const loadedAt = Date.now();
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
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
    // The /gridx page's chunk (and the contracts it imports) is still loading when the widget is
    // hidden: wait for it, or the file can end first and the late import fails the run after
    // jsdom is gone (it did once in a clean run). rates-api.ts imports its contract on its own, after
    // the page's module has loaded (a second clean run failed on that one): wait for both.
    await import('../rates/gridx-page.tsx');
    await import('@gridfront/contracts/rate-comparison');
    await import('../rates/locales/en.ts');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  });
});
