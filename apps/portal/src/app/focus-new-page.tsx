// After a route change, focus goes to the new page's heading (WCAG 2.4.3): a screen reader then
// reads the page's name, as it would on a full page load, and keyboard users continue from the
// top of the new content instead of from the body (where focus falls when the link or button they
// used disappears: a menu link, sign-in, Settings in My Account, Logout). Not on the first load:
// there the browser's own start and the skip link serve.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const WAIT_FOR_HEADING_MS = 3000;

/** Focuses the main heading (or the main region) once the new page has rendered. */
export function focusPageHeading(timeoutMs = WAIT_FOR_HEADING_MS): () => void {
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const main = document.querySelector<HTMLElement>('main');
    const heading = main?.querySelector<HTMLElement>('h1');
    // A lazy page or its texts may still be loading: wait for its heading a little.
    if (!heading && performance.now() - started < timeoutMs) {
      frame = requestAnimationFrame(attempt);
      return;
    }
    const target = heading ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

export function FocusNewPage() {
  const { pathname } = useLocation();
  // The path focus was last placed for; the first load's path needs nothing (and StrictMode's
  // second run of the effect must not count as a navigation).
  const handled = useRef(pathname);
  useEffect(() => {
    if (handled.current === pathname) return;
    handled.current = pathname;
    return focusPageHeading();
  }, [pathname]);
  return null;
}
