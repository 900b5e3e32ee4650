// The human check loads the widget's words for the page's language only, and tells the widget to use
// them only once they are registered (issue 7: the three translations no longer come with the widget).
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { HumanCheck } from './human-check.tsx';

// The widget's real element is not loaded here: FakeWidget below stands in for it.
vi.mock('./altcha-loader.ts', () => ({}));

interface Configured {
  language: string;
  /** Whether the widget's words for that language were registered when it was configured. */
  registered: boolean;
}

const configured: Configured[] = [];

interface AltchaGlobal {
  $altcha?: { i18n: { get: (language: string) => unknown } };
}

/** Stands in for the widget's element: records what it is configured with. */
class FakeWidget extends HTMLElement {
  async configure(options: { language: string }): Promise<void> {
    const words = (globalThis as AltchaGlobal).$altcha?.i18n.get(options.language);
    configured.push({ language: options.language, registered: words !== undefined });
  }
  reset(): void {}
}
if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeWidget);

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  configured.length = 0;
  await i18n.changeLanguage('en');
});

function renderCheck() {
  return render(
    <form>
      <HumanCheck onChange={() => {}} />
    </form>,
  );
}

describe('human check', () => {
  it.each([
    ['de', 'de'],
    ['es', 'es-es'],
    ['ta', 'ta'],
  ])('configures the widget in %s after its words are registered', async (language, widgetLanguage) => {
    await act(async () => {
      await i18n.changeLanguage(language);
    });
    renderCheck();
    await waitFor(() => expect(configured.at(-1)).toEqual({ language: widgetLanguage, registered: true }));
    expect(configured.every((entry) => entry.registered)).toBe(true);
  });

  it('configures the widget in English with no translations to load', async () => {
    const view = renderCheck();
    await waitFor(() => expect(configured).toEqual([{ language: 'en', registered: false }]));
    // Shown once configured: the 'Loading' line gives way to the widget.
    await waitFor(() =>
      expect(view.container.querySelector('altcha-widget')?.hasAttribute('hidden')).toBe(false),
    );
  });

  it('once the page is idle, loads the widget only when the check comes within half a screen', async () => {
    let reveal: (() => void) | undefined;
    let margin: string | undefined;
    class Observer {
      constructor(
        private readonly seen: IntersectionObserverCallback,
        options?: IntersectionObserverInit,
      ) {
        margin = options?.rootMargin;
      }
      observe(target: Element) {
        reveal = () =>
          this.seen([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', Observer);
    // A browser with workers: the widget can solve its proof of work.
    vi.stubGlobal('Worker', class {});
    const view = renderCheck();
    await waitFor(() => expect(reveal).toBeDefined(), { timeout: 3000 });
    expect(margin).toBe('50% 0px');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(configured).toEqual([]);
    expect(view.container.querySelector('altcha-widget')).toBeNull();
    act(() => reveal?.());
    await waitFor(() => expect(configured).toEqual([{ language: 'en', registered: false }]));
  });
});
