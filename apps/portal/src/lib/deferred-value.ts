// A value shown one task later than it arrives (issue 7: total blocking time on a phone). React's
// useDeferredValue does this by rendering the new value as a transition, but the portal ships on
// Preact, whose compat useDeferredValue hands the value straight back and startTransition runs its
// callback at once: every "deferred" part of a page rendered in the same long task as the answer
// that changed it. This hook keeps the value it showed until its effect runs, which Preact does after
// the next frame, in a task of its own (and React after the commit): an answer that fills a page then
// renders in steps, each part that reads a deferred value in the task after the part above it.
import { useEffect, useState } from 'react';

/**
 * `value`, one task late: on the first render the value itself, after a change the previous one
 * until the component's effects have run. A part that is expensive to draw should take the
 * deferred value, so that the render which receives the new one stays short.
 */
export function useDeferredValue<T>(value: T): T {
  // Through functions both times, so that a value which is itself a function is stored, not called.
  const [shown, setShown] = useState(() => value);
  useEffect(() => {
    setShown(() => value);
  }, [value]);
  return shown;
}
