// Which notice types a recipient wants. Choices are kept per address (lower-cased) within a
// utility: notices go to an address, and a one-click unsubscribe speaks for that mailbox. A type
// the recipient never chose is on (NOTICE_DEFAULTS).
import { NOTICE_DEFAULTS, NOTICE_TYPES, type NoticeType } from '@gridfront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/index.ts';

export const normalizedAddress = (email: string) => email.trim().toLowerCase();

export async function preferencesOf(
  db: Database | Transaction,
  tenantId: string,
  email: string,
): Promise<Record<NoticeType, boolean>> {
  const rows = await db
    .select({ type: notificationPreferences.type, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.tenantId, tenantId),
        eq(notificationPreferences.email, normalizedAddress(email)),
      ),
    );
  const chosen = new Map(rows.map((row) => [row.type, row.enabled]));
  return Object.fromEntries(
    NOTICE_TYPES.map((type) => [type, chosen.get(type) ?? NOTICE_DEFAULTS[type]]),
  ) as Record<NoticeType, boolean>;
}

/**
 * Whether `email` wants notices of `type` at this utility. The question other features ask before
 * sending a notice of their own (service request updates: type 'service_requests').
 */
export async function wantsNotice(
  db: Database | Transaction,
  notice: { tenantId: string; email: string; type: NoticeType },
): Promise<boolean> {
  const [row] = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.tenantId, notice.tenantId),
        eq(notificationPreferences.email, normalizedAddress(notice.email)),
        eq(notificationPreferences.type, notice.type),
      ),
    )
    .limit(1);
  return row?.enabled ?? NOTICE_DEFAULTS[notice.type];
}

export async function setPreferences(
  db: Database | Transaction,
  tenantId: string,
  email: string,
  changes: Partial<Record<NoticeType, boolean>>,
): Promise<void> {
  const values = Object.entries(changes)
    .filter((entry): entry is [NoticeType, boolean] => typeof entry[1] === 'boolean')
    .map(([type, enabled]) => ({ tenantId, email: normalizedAddress(email), type, enabled }));
  if (values.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.tenantId, notificationPreferences.email, notificationPreferences.type],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
    });
}
