// A utility's notice settings: the reminder's lead time and the key its unsubscribe links are
// signed with. The row is made on first use with a random key (several instances may race to
// make it: the first insert wins and everyone reads the same row).
import { randomBytes } from 'node:crypto';
import { DEFAULT_REMINDER_DAYS_BEFORE } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/index.ts';

export interface TenantNoticeSettings {
  reminderDaysBefore: number;
  unsubscribeKey: Buffer;
}

export async function noticeSettingsOf(
  db: Database | Transaction,
  tenantId: string,
): Promise<TenantNoticeSettings> {
  await db
    .insert(notificationSettings)
    .values({
      tenantId,
      reminderDaysBefore: DEFAULT_REMINDER_DAYS_BEFORE,
      unsubscribeKey: randomBytes(32).toString('hex'),
    })
    .onConflictDoNothing({ target: notificationSettings.tenantId });
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.tenantId, tenantId))
    .limit(1);
  if (!row) throw new Error('the notification settings row is missing');
  return {
    reminderDaysBefore: row.reminderDaysBefore,
    unsubscribeKey: Buffer.from(row.unsubscribeKey, 'hex'),
  };
}

/** Sets how many days before the due date the reminder goes out (1-30). */
export async function setReminderDaysBefore(
  db: Database | Transaction,
  tenantId: string,
  days: number,
): Promise<void> {
  await noticeSettingsOf(db, tenantId);
  await db
    .update(notificationSettings)
    .set({ reminderDaysBefore: Math.min(30, Math.max(1, Math.round(days))) })
    .where(eq(notificationSettings.tenantId, tenantId));
}
