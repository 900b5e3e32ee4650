// Every portal test: on a busy 2-core machine (CI, or several test projects at once) a render can
// take longer than Testing Library's default second to settle; waiting longer changes no verdict,
// since a wait ends as soon as its condition holds.
import './canvas-stand-ins.ts';
import { configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share one jsdom window (vitest.config.ts, isolate: false): what a file leaves
// in storage or cookies (a session a flow wrote, a saved theme) is cleared before the next file.
afterAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring every cookie of the test window
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

// The app starts imports it does not wait for (a page's code alongside its guard, a page's later
// parts, a lazily drawn piece of the frame): a test may end while one is under way, and Vitest fails
// the whole run when an import ends after the file's environment is gone. Each file waits for them.
afterAll(() => vi.dynamicImportSettled());
