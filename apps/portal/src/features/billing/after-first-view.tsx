// Parts of a page below its first view (tables, history, side-by-side years) mount once what is
// above them has been drawn and the main thread is idle, as a transition: the page's answers then
// arrive as several short tasks on a phone instead of one long one (issue 7: total blocking time).
import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** Whether the page is past its first view: true once the main thread has been idle after it. */
export function useAfterFirstView(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setAfter(true));
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(show, 1);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(show, { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, []);
  return after;
}

/** `children` after the first view (see useAfterFirstView); nothing, or `placeholder`, before. */
export function AfterFirstView({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  return useAfterFirstView() ? children : placeholder;
}
