// What a form does with the answer of an RTK Query call: a failure is always toasted with the
// server's message (spec point 8); the pages go on with the data of a success.
import { failureText, notifyFailure, notifyServerText } from './server-text.ts';

type FailureListener = (message: string) => void;
const failureListeners = new Set<FailureListener>();

/**
 * Hears each failure a form call toasts. The toast goes after 2 seconds (the spec's timing), so a
 * FormError beside the form keeps the message until the next attempt (WCAG 2.2.1, 3.3.1; issue 7).
 */
export function onCallFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** Tells the FormErrors of a failure that a form toasted in its own words. */
export function reportFormFailure(message: string): void {
  for (const listener of failureListeners) listener(message);
}

type CallResult<Data> = { data: Data; error?: undefined } | { data?: undefined; error: object };

/** The data of a call that succeeded; for one that failed, its message is toasted and undefined returned. */
export function dataOrNotifyFailure<Data>(result: CallResult<Data>): Data | undefined {
  if (result.error) {
    notifyFailure(result.error);
    reportFormFailure(failureText(result.error));
    return undefined;
  }
  return result.data;
}

/** Toasts either outcome (the failure's message, or the server's success message) and returns the data of a success. */
export function notifyOutcome<Data extends { message: string }>(
  // `| undefined` because TypeScript also takes the failure's `data?: undefined` as a candidate for
  // Data, which would then fail the constraint and lose the endpoint's own type.
  result: CallResult<Data | undefined>,
): Data | undefined {
  const data = dataOrNotifyFailure(result);
  if (data) notifyServerText('success', data.message);
  return data;
}
