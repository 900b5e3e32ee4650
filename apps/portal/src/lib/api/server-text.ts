// The server's own answers (beyond the spec's messages) that the portal knows, so that a reader
// sees them in their language; an unknown answer is shown as sent.

import { i18n } from '../../i18n/i18n.ts';
import type { en } from '../../i18n/locales/en.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { notify, type ToastKind } from '../toast/toast.ts';
import { readErrorBody } from './error-body.ts';
import { isFetchBaseQueryError } from './error-message.ts';

type ServerMessageKey = keyof typeof en.serverMessages;

const keyByText: ReadonlyMap<string, ServerMessageKey> = new Map<string, ServerMessageKey>([
  ['Two-factor authentication required: enter the verification code sent to your email', 'tfaRequired'],
  [
    'Please verify your email address: a verification code has been sent to your email',
    'emailVerificationRequired',
  ],
  ['Sign up successful. A verification code has been sent to your email address', 'signupCodeSent'],
  ['This username is already taken. Please choose another one', 'usernameTaken'],
  ['Email verified successfully', 'emailVerified'],
  ['Verification successful', 'tfaVerified'],
  ['If the details are correct, a new verification code has been sent to your email address', 'codeResent'],
  ['Your sign-in has expired. Please log in again.', 'pendingExpired'],
  ['Invalid or expired verification code', 'invalidCode'],
  ['If an account matches this email address, we have sent the username to it', 'usernameSent'],
  ['If an account matches this email address, we have sent the account number to it', 'accountNumberSent'],
  ['If the username exists, a verification code has been sent to the email address on file', 'resetCodeSent'],
  ['Your password has been reset successfully. Please log in with your new password', 'passwordReset'],
  ['Account verified successfully', 'accountVerified'],
  ['The account number or PIN is incorrect', 'accountMismatch'],
  [
    'This account is already registered. Please log in, or use Forgot Username to recover your username.',
    'accountLinked',
  ],
  ['Too many failed login attempts. Please try again later.', 'loginThrottled'],
  [
    'The human verification failed or expired. Please complete the reCAPTCHA verification again',
    'captchaFailed',
  ],
  ['Password changed successfully', 'passwordChanged'],
  ['Current password is incorrect', 'wrongCurrentPassword'],
  ['New password must be different from the current password', 'samePassword'],
  ['Username changed successfully', 'usernameChanged'],
  ['Password is incorrect', 'wrongPassword'],
  ['This is already your username', 'sameUsername'],
  ['Two-factor authentication enabled', 'tfaEnabled'],
  ['Two-factor authentication disabled', 'tfaDisabled'],
  ['Profile saved successfully', 'profileSaved'],
  ['Profile removed successfully', 'profileRemoved'],
  ['Profile image uploaded successfully', 'imageSaved'],
  ['Please create your profile before uploading an image', 'imageNeedsProfile'],
  ['The image has too many pixels: please choose one of at most 50 megapixels', 'imageTooManyPixels'],
]);

/** A server message in the reader's language when the portal knows it, else as sent. */
export function serverText(message: string): string {
  const key = keyByText.get(message);
  return key ? i18n.t(`serverMessages.${key}`) : translateServerMessage(message);
}

/** What to tell the user about a failed call: the server's message, or a generic line. */
export function failureText(error: unknown): string {
  if (isFetchBaseQueryError(error)) {
    const body = readErrorBody(error.data);
    if (body) return serverText(body.message);
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return i18n.t('errors.network');
  }
  return i18n.t('errors.generic');
}

/** Toasts a server message (translated when known). */
export function notifyServerText(kind: ToastKind, message: string): void {
  notify[kind](serverText(message));
}

/** Toasts the message of a failed call (spec point 8: the server's response message). */
export function notifyFailure(error: unknown): void {
  notify.error(failureText(error));
}
