// Work that can wait for a quiet moment of the main thread (issue 7: Total Blocking Time on a
// phone): an API chunk no page needs yet, a part below the first view, the human check's widget.

export interface IdleOptions {
  /** The longest wait for an idle moment once waiting for one, in ms (requestIdleCallback's timeout). */
  timeout: number;
  /** Where requestIdleCallback is missing (Safari): run after this many ms instead. */
  fallbackDelay?: number;
  /** First wait for the page's load event (its images, fonts and first scripts). */
  afterLoad?: boolean;
  /** First wait this many ms. */
  delay?: number;
}

/** Runs `run` once, when the main thread is next idle after what `options` asks for first; returns
 * the cancel, which stops every stage still to come. */
export function whenIdle(run: () => void, options: IdleOptions): () => void {
  const { timeout, fallbackDelay = 0, afterLoad = false, delay = 0 } = options;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waitForIdle = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => run(), { timeout });
    else timer = setTimeout(run, fallbackDelay);
  };
  const afterDelay = () => {
    if (delay > 0) timer = setTimeout(waitForIdle, delay);
    else waitForIdle();
  };
  const loading = afterLoad && document.readyState !== 'complete';
  if (loading) window.addEventListener('load', afterDelay, { once: true });
  else afterDelay();
  return () => {
    if (loading) window.removeEventListener('load', afterDelay);
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
