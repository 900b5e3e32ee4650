// Token cookies with the spec's defaults (path /, not HTTP-only, secure, SameSite strict).
import { COOKIE_DEFAULTS } from '@gridfront/contracts/constants';

const DAY_MS = 86_400_000;

export interface CookieOptions {
  /** A number is days from now (spec point 9); a Date is an absolute expiry. */
  expires?: number | Date;
  path?: string;
  secure?: boolean;
  sameSite?: 'strict' | 'lax' | 'none';
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const settings = { ...COOKIE_DEFAULTS, ...options };
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${settings.path}`];
  if (settings.expires !== undefined) {
    const expiry =
      typeof settings.expires === 'number'
        ? new Date(Date.now() + settings.expires * DAY_MS)
        : settings.expires;
    parts.push(`expires=${expiry.toUTCString()}`);
  }
  if (settings.secure) parts.push('secure');
  if (typeof document === 'undefined') return; // the server's first view (entry-server.tsx) has none
  parts.push(`samesite=${settings.sameSite}`);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = parts.join('; ');
}

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null; // the server's first view: nobody signed in
  const wanted = `${encodeURIComponent(name)}=`;
  for (const pair of document.cookie.split(/;\s*/)) {
    if (pair.startsWith(wanted)) return decodeURIComponent(pair.slice(wanted.length));
  }
  return null;
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path'> = {}): void {
  setCookie(name, '', { ...options, expires: new Date(0) });
}
