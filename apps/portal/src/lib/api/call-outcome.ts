// What a form does with the answer of an RTK Query call: a failure is always toasted with the
// server's message (spec point 8); the pages go on with the data of a success.
import { notifyFailure, notifyServerText } from './server-text.ts';

type CallResult<Data> = { data: Data; error?: undefined } | { data?: undefined; error: object };

/** The data of a call that succeeded; for one that failed, its message is toasted and undefined returned. */
export function dataOrNotifyFailure<Data>(result: CallResult<Data>): Data | undefined {
  if (result.error) {
    notifyFailure(result.error);
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
