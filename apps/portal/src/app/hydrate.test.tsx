// Which of the server's first views the app hydrates (issue 7, main.tsx, app/server-view.ts). The
// hydration itself, Preact's over the markup of preact-render-to-string as both ship, is checked in
// the browser against the build (e2e/hydration.e2e.ts: every server-rendered route keeps the server's
// nodes, with the useId values the app gives, and logs no error): the portal's unit tests run on
// React (vite.config.ts), which could neither render the server's view nor hydrate it as shipped.
import { afterEach, describe, expect, it } from 'vitest';
import { hydratableView, keepOnly } from './server-view.ts';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-gf-lang');
  document.documentElement.removeAttribute('data-gf-theme');
});

describe('which view the app hydrates', () => {
  function shell(views: string) {
    document.documentElement.setAttribute('data-gf-lang', 'en');
    document.documentElement.setAttribute('data-gf-theme', 'green');
    document.body.innerHTML = `<div id="root"><div class="gf-frame gf-frame-alt"></div>${views}</div>`;
    return document.getElementById('root') as HTMLElement;
  }
  const both =
    '<div class="gf-first-view" inert><h1>visitor</h1></div><div class="gf-first-view" data-gf-for="session" inert><h1>customer</h1></div>';
  const visitor = { signedIn: false, language: 'en', themeId: 'green' };

  it('takes the view of the browser’s session kind', () => {
    const container = shell(both);
    expect(hydratableView(container, visitor)?.textContent).toBe('visitor');
    expect(hydratableView(container, { ...visitor, signedIn: true })?.textContent).toBe('customer');
    expect(
      hydratableView(shell(both.slice(0, both.indexOf('<div', 5))), { ...visitor, signedIn: true }),
    ).toBe(null);
  });

  it('renders afresh in another language or theme, or when the inline script turned the view off', () => {
    const container = shell(both);
    expect(hydratableView(container, { ...visitor, language: 'de' })).toBe(null);
    expect(hydratableView(container, { ...visitor, themeId: 'lubbock' })).toBe(null);
    document.documentElement.setAttribute('data-gf-preview', 'off');
    expect(hydratableView(container, visitor)).toBe(null);
    document.documentElement.removeAttribute('data-gf-preview');
    expect(hydratableView(shell('<main></main>'), visitor)).toBe(null);
  });

  it('renders afresh for a sign-up’s session before its profile (the view is nobody’s)', () => {
    const container = shell(both);
    expect(hydratableView(container, { ...visitor, pending: true })).toBe(null);
    expect(hydratableView(container, { ...visitor, pending: false })?.textContent).toBe('visitor');
  });

  it('keeps only the view, and stops the browser submitting a form itself', () => {
    const container = shell(
      '<div class="gf-first-view" inert><form><button type="submit">Send</button></form></div>',
    );
    const view = hydratableView(container, visitor) as HTMLElement;
    keepOnly(container, view);
    expect([...container.children]).toEqual([view]);
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    view.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
