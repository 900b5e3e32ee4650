// Issue 14, /api/admin/people: the utility's agents and administrators, inviting new ones, and
// disabling (and enabling again) one.
import { z } from 'zod';

export const staffRole = z.enum(['agent', 'admin']);

/** POST /api/admin/people: the new staff member gets an e-mail to set a password; none is chosen here. */
export const adminInviteRequest = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be 3 to 40 characters')
    .max(40, 'Username must be 3 to 40 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may hold letters, digits, dot, dash and underscore'),
  fullName: z.string().trim().min(1, 'Full name is required').max(120),
  email: z.email('Enter a valid e-mail address').max(254),
  role: staffRole,
});
export type AdminInviteRequest = z.infer<typeof adminInviteRequest>;

export const adminPerson = z.object({
  userId: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: staffRole,
  /** Disabled by an administrator: cannot sign in, and their sessions were ended. */
  disabled: z.boolean().default(false),
});
export type AdminPerson = z.infer<typeof adminPerson>;

export const adminPeopleResponse = z.object({ people: z.array(adminPerson) });

/** POST /api/admin/people/{userId}/disable and /enable. */
export const adminPersonKey = z.object({ userId: z.uuid('Unknown person') });

export { adminPeopleMessages } from './admin-people-messages.ts';
