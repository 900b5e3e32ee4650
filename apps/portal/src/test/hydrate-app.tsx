// Hydrating the app over a server view in a unit test, as main.tsx does in the browser: shared by the
// tests that check the server's first view and the app's first render are the same tree.
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { expect, vi } from 'vitest';
import { App, type AppProps } from '../app/app.tsx';
import { adoptView } from '../app/server-view.ts';

// Both renderers in one test process: React's development build says so for every provider (the
// server's renderer runs in the server's process in production); anything else it says counts.
// jsdom does not know <search> (the header's AI Assist box, drawn after the start).
const SAME_PROCESS =
  /multiple renderers concurrently rendering the same context provider|<%s> is unrecognized in this browser/;

/**
 * Hydrates `view` with the app and waits until it has started, its lazy parts' code has arrived (they
 * hydrate as it does) and `settleMs` more. `errors` holds the recoverable errors and console errors
 * React reported: a mismatch between the server's markup and the app's render shows there.
 */
export async function hydrateAppOver(
  view: HTMLElement,
  { store, router }: Pick<AppProps, 'store' | 'router'>,
  settleMs: number,
): Promise<{ root: Root; errors: unknown[] }> {
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
    if (!SAME_PROCESS.test(String(args[0]))) errors.push(args.map(String).join(' '));
  });
  let started = false;
  let root: Root | undefined;
  try {
    await act(async () => {
      root = hydrateRoot(
        view,
        <StrictMode>
          <App
            store={store}
            router={router}
            onStart={() => {
              started = true;
              adoptView(view);
            }}
          />
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    await vi.waitFor(() => expect(started).toBe(true));
    await act(async () => {
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setTimeout(resolve, settleMs));
    });
  } finally {
    consoleError.mockRestore();
  }
  return { root: root as Root, errors };
}
