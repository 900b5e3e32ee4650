// Reads the mail the product sent to the test's SMTP server (smtp-catcher.ts) and pulls out what a
// customer would read: the plain-text part, its 6-digit code.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { CaughtMessage } from './smtp-catcher.ts';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function splitHeaders(part: string): { headers: string; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  if (index < 0) return { headers: part, body: '' };
  return { headers: part.slice(0, index), body: part.slice(index).replace(/^\r?\n\r?\n/, '') };
}

/** The text/plain part of a MIME message (the whole body when it is not multipart). */
export function plainText(raw: string): string {
  const { headers, body } = splitHeaders(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return decodeBody(headers, body);
  for (const part of body.split(`--${boundary}`)) {
    const inner = splitHeaders(part.replace(/^\r?\n/, ''));
    if (/content-type:\s*multipart\//i.test(inner.headers)) {
      const nested = plainText(part.replace(/^\r?\n/, ''));
      if (nested) return nested;
    }
    if (/content-type:\s*text\/plain/i.test(inner.headers)) return decodeBody(inner.headers, inner.body);
  }
  return '';
}

function decodeSubject(raw: string): string {
  const { headers } = splitHeaders(raw);
  const line = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .replace(/\?=\s+=\?/g, '');
}

export function readMailbox(path = inject('mailboxPath')): Mail[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CaughtMessage)
    .map((message) => ({
      to: message.to,
      subject: decodeSubject(message.raw),
      text: plainText(message.raw),
    }));
}

const mailTo = (address: string) => readMailbox().filter((mail) => mail.to.includes(address.toLowerCase()));

/** How many messages an address has received so far: pass it to waitForMail to get only newer ones. */
export function mailCount(address: string): number {
  return mailTo(address).length;
}

/** Waits for a message to the address newer than `after` (a mailCount taken before the action). */
export async function waitForMail(
  address: string,
  options: { after: number; subject?: RegExp; timeoutMs?: number },
): Promise<Mail> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    const fresh = mailTo(address)
      .slice(options.after)
      .filter((mail) => !options.subject || options.subject.test(mail.subject));
    const newest = fresh.at(-1);
    if (newest) return newest;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no mail to ${address} after message ${options.after} within the time limit`);
}

/** The 6-digit code of a code mail. */
export function codeIn(mail: Mail): string {
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}":\n${mail.text}`);
  return code;
}
