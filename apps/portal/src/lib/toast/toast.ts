// Every toast of the portal goes through here: plain text cut to 110 characters (spec point 5),
// and only the latest one on screen (spec point 9). The toast library loads with the first toast
// (or the host, whichever comes first), not with the first view (issue 7); a toast raised before
// the host is mounted waits in the library's queue.
import { toToastText } from '@gridfront/contracts/toast-text';
import { translateServerMessage } from '../../i18n/server-message.ts';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

type ToastLibrary = typeof import('react-toastify/unstyled');

let loaded: ToastLibrary | undefined;
let loading: Promise<ToastLibrary> | undefined;

function show({ toast }: ToastLibrary, kind: ToastKind, message: string): void {
  toast.dismiss();
  toast(message, { type: kind });
}

/** At once when the library is there; otherwise after it loads, in the order raised. */
export function showToast(kind: ToastKind, text: unknown): void {
  const message = toToastText(text);
  if (loaded) {
    show(loaded, kind, message);
    return;
  }
  loading ??= import('react-toastify/unstyled').then((library) => {
    loaded = library;
    return library;
  });
  void loading.then((library) => show(library, kind, message));
}

export const notify = {
  success: (text: unknown): void => showToast('success', text),
  error: (text: unknown): void => showToast('error', text),
  info: (text: unknown): void => showToast('info', text),
  warning: (text: unknown): void => showToast('warning', text),
};

/** Shows a server message, translated when it is one of the spec's messages. */
export function notifyServerMessage(kind: ToastKind, message: string): void {
  showToast(kind, translateServerMessage(message));
}
