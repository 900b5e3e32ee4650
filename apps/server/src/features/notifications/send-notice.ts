// Sends one notice exactly once: the event's key is recorded in the same transaction as the mail
// is queued, so instances racing on the same event, or a run repeated after a crash, add nothing.
// A recipient who turned the type off gets nothing (the event is still recorded). Each notice
// carries a signed one-click unsubscribe link for its type, in the text and as RFC 8058 headers.
import { HOST_PREFIXES, type NoticeType } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { noticesSent } from '../../db/schema/index.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { withUnsubscribeFooter } from '../mail/templates/notice-footer.ts';
import { mailLanguage, type RenderedMail } from '../mail/templates/render.ts';
import { noticeSettingsOf } from './notification-settings.ts';
import { normalizedAddress, wantsNotice } from './preferences.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

export interface NoticeToSend {
  tenantId: string;
  type: NoticeType;
  /** Unique per utility and event, e.g. `due_reminder:<bill id>`. */
  eventKey: string;
  to: string;
  /** The recipient's language (the mail is rendered in it already; the unsubscribe page uses it). */
  locale: string | null | undefined;
  /** The outbox purpose (what the mail is for). */
  purpose: string;
  /** The portal's public address, for the unsubscribe link. */
  publicUrl: string;
  mail: RenderedMail;
}

export type NoticeOutcome = 'queued' | 'opted_out' | 'already_sent';

export function unsubscribeUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${HOST_PREFIXES.api}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Records and queues one notice inside the caller's transaction. */
export async function sendNotice(tx: Transaction, notice: NoticeToSend): Promise<NoticeOutcome> {
  const email = normalizedAddress(notice.to);
  const [recorded] = await tx
    .insert(noticesSent)
    .values({ tenantId: notice.tenantId, eventKey: notice.eventKey, type: notice.type, email })
    .onConflictDoNothing({ target: [noticesSent.tenantId, noticesSent.eventKey] })
    .returning({ id: noticesSent.id });
  if (!recorded) return 'already_sent';
  if (!(await wantsNotice(tx, { tenantId: notice.tenantId, email, type: notice.type }))) return 'opted_out';
  const language = mailLanguage(notice.locale);
  const { unsubscribeKey } = await noticeSettingsOf(tx, notice.tenantId);
  const token = signUnsubscribeToken(unsubscribeKey, {
    tenantId: notice.tenantId,
    email,
    type: notice.type,
    language,
  });
  const url = unsubscribeUrlFor(notice.publicUrl, token);
  const mailId = await enqueueMail(tx, {
    tenantId: notice.tenantId,
    to: notice.to,
    purpose: notice.purpose,
    ...withUnsubscribeFooter(notice.mail, language, notice.type, url),
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  await tx.update(noticesSent).set({ mailId }).where(eq(noticesSent.id, recorded.id));
  return 'queued';
}
