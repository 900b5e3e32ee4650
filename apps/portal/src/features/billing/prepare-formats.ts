// The formatters a page of figures first uses, made before its figures are drawn (issue 7: total
// blocking time on a phone). A module of its own, asked for by the account and usage pages as they
// load, so that it adds nothing to what any page downloads before it is drawn.
import { formatCents, formatDate, formatQuantity } from './format.ts';

/** How long a page waits for the warm-up below before making its formatters anyway. */
const WARM_UP_TIMEOUT_MS = 2000;

/** The worker's script: makes the formatters a page first uses for `language`, then says so. */
function warmUpScript(language: string): string {
  const tag = JSON.stringify(language);
  return `try{new Intl.NumberFormat(${tag},{style:'currency',currency:'USD'}).format(1);new Intl.NumberFormat(${tag},{maximumFractionDigits:1}).format(1);new Intl.DateTimeFormat(${tag},{dateStyle:'medium',timeZone:'UTC'}).format(0)}finally{postMessage(0)}`;
}

/**
 * Runs `then` once the browser's number and date data for `language` has been loaded off the main
 * thread, by a short-lived worker that makes the same formatters (issue 7). The first Intl number or
 * date formatter of a page loads that data, 70–120 ms of a phone's main thread in one piece that no
 * task can be split around; in Chromium the data loaded by a worker is the renderer's, so the page's
 * own formatters made afterwards cost a few milliseconds each. Where there is no worker (tests, a
 * browser without one), or it fails or takes longer than WARM_UP_TIMEOUT_MS, `then` runs anyway and
 * the page makes the formatters itself, as before: what is written is the same either way.
 */
export function afterLocaleDataWarmUp(language: string, then: () => void): void {
  if (
    typeof Worker === 'undefined' ||
    typeof Blob === 'undefined' ||
    typeof URL.createObjectURL !== 'function'
  ) {
    then();
    return;
  }
  let worker: Worker | undefined;
  let url: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    worker?.terminate();
    if (url) URL.revokeObjectURL(url);
    then();
  };
  try {
    url = URL.createObjectURL(new Blob([warmUpScript(language)], { type: 'text/javascript' }));
    worker = new Worker(url);
    worker.onmessage = finish;
    worker.onerror = finish;
    timer = setTimeout(finish, WARM_UP_TIMEOUT_MS);
  } catch {
    finish();
  }
}

/**
 * Makes the formatters a page of bills first uses (money, both date styles, quantities, and the
 * page's own `extra` ones), so that the render that shows the first figures does not also pay for
 * them: the first currency formatter loads the browser's locale data, tens of milliseconds of a
 * phone's main thread (issue 7). Called while the page's data is on its way; the locale data is
 * loaded by a worker first (afterLocaleDataWarmUp), then each formatter is made in a task of its own
 * (together they were one task of about 150 ms on a phone), so input and the page's own work can run
 * between them.
 */
export function prepareFormats(language: string, extra: ReadonlyArray<() => unknown> = []): void {
  const steps = [
    () => formatCents(0, language),
    () => formatDate('2000-01-01', language),
    () => formatDate('2000-01-01', language, 'short'),
    () => formatQuantity(0, language),
    ...extra,
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  afterLocaleDataWarmUp(language, () => setTimeout(next, 0));
}
