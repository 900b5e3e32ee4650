// Every toast of the portal goes through here: plain text cut to 110 characters (spec point 5),
// and only the latest one on screen (spec point 9).
import { toToastText } from '@gridfront/contracts/toast-text';
import { type Id, toast } from 'react-toastify/unstyled';
import { translateServerMessage } from '../../i18n/server-message.ts';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export function showToast(kind: ToastKind, text: unknown): Id {
  toast.dismiss();
  return toast(toToastText(text), { type: kind });
}

export const notify = {
  success: (text: unknown): Id => showToast('success', text),
  error: (text: unknown): Id => showToast('error', text),
  info: (text: unknown): Id => showToast('info', text),
  warning: (text: unknown): Id => showToast('warning', text),
};

/** Shows a server message, translated when it is one of the spec's messages. */
export function notifyServerMessage(kind: ToastKind, message: string): Id {
  return showToast(kind, translateServerMessage(message));
}
