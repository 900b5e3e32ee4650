// The token of a notice's unsubscribe link: who (utility and address), which notice type, and the
// page's language, signed with the utility's own HMAC-SHA256 key. It cannot be altered to name
// another address or type, and a token of one utility does not verify at another.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LANGUAGES, type Language, type NoticeType, noticeType } from '@gridfront/contracts';

export interface UnsubscribeClaim {
  tenantId: string;
  email: string;
  type: NoticeType;
  language: Language;
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function signUnsubscribeToken(key: Buffer, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(
    JSON.stringify({ t: claim.tenantId, e: claim.email, k: claim.type, l: claim.language }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The claim of a token signed with `key`, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaim | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const type = noticeType.safeParse(body.k);
    const language = (LANGUAGES as readonly unknown[]).includes(body.l) ? (body.l as Language) : 'en';
    if (typeof body.t !== 'string' || typeof body.e !== 'string' || !type.success) return null;
    return { tenantId: body.t, email: body.e, type: type.data, language };
  } catch {
    return null;
  }
}
