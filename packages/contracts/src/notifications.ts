// Notices by e-mail (issue 10): the types a customer can turn on or off in /settings, and the
// calls that read and change those choices.
import { z } from 'zod';
import { NOTICE_TYPES } from './notice-types.ts';

export * from './notice-types.ts';
export const noticeType = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof noticeType>;

/** What a recipient gets before choosing: every type is on (a customer can turn any of them off). */
export const NOTICE_DEFAULTS: Record<NoticeType, boolean> = {
  bill_ready: true,
  due_reminder: true,
  past_due: true,
  autopay: true,
  service_requests: true,
};

/** Days before the due date that the reminder goes out, unless the utility sets its own. */
export const DEFAULT_REMINDER_DAYS_BEFORE = 5;

/** GET /notifications/preferences: each type on or off for the signed-in user's address. */
export const notificationPreferencesResponse = z.object({
  email: z.string(),
  preferences: z.record(noticeType, z.boolean()),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponse>;

/** PUT /notifications/preferences: the types to change; the others stay as they are. */
export const updateNotificationPreferencesRequest = z.object({
  preferences: z.partialRecord(noticeType, z.boolean()),
});
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesRequest>;

/** Query of the unsubscribe link (GET shows a confirmation, POST unsubscribes, RFC 8058). */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(2000) });

/** GET/PUT /notifications/settings (the utility's admins): days before the due date the reminder goes. */
export const notificationSettingsBody = z.object({
  reminderDaysBefore: z.int().min(1).max(30),
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;
