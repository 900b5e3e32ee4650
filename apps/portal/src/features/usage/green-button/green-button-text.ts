// The Green Button routes' messages in the reader's language; other failures as failureText words them.
import { greenButtonMessages } from '@gridfront/contracts/green-button-limits';
import { readErrorBody } from '../../../lib/api/error-body.ts';
import { isFetchBaseQueryError } from '../../../lib/api/error-message.ts';
import { failureText } from '../../../lib/api/server-text.ts';

export type GreenButtonMessageKey = keyof typeof greenButtonMessages;

const keyByText = new Map<string, GreenButtonMessageKey>(
  Object.entries(greenButtonMessages).map(([key, text]) => [text, key as GreenButtonMessageKey]),
);

/** A known route message as its key (translated by the caller); otherwise the text to show as is. */
export function greenButtonFailure(error: unknown): { key: GreenButtonMessageKey } | { text: string } {
  if (isFetchBaseQueryError(error)) {
    const body = readErrorBody(error.data);
    const key = body ? keyByText.get(body.message) : undefined;
    if (key) return { key };
  }
  // An upload refusal names what is wrong in the server's words (the file's own terms).
  return { text: failureText(error) };
}

/** YYYY-MM-DD of a local calendar date. */
export function isoLocalDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The last 12 months up to today: 365 or 366 days, within the download limit. */
export function lastTwelveMonths(today = new Date()): { from: string; toDate: string } {
  const start = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() + 1);
  return { from: isoLocalDate(start), toDate: isoLocalDate(today) };
}
