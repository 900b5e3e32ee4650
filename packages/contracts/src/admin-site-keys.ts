// Issue 8, /api/admin/site-keys: the server credentials of the utility's own web site for the
// payments host. With one in `Authorization: Bearer gfsk_…` its server asks
// POST {pay}/auth/generateAuthToken for a payment page of an account (payments.ts,
// siteAuthTokenRequest). The secret is answered once, when the key is made; afterwards a key shows
// its name, its last four characters, who made it and when, when it was last used and revoked.
import { z } from 'zod';
import { siteKeyMessages } from './admin-site-keys-messages.ts';

export const adminSiteKeyCreateRequest = z.object({
  name: z.string().trim().min(1, siteKeyMessages.nameRequired).max(60, siteKeyMessages.nameRequired),
});
export type AdminSiteKeyCreateRequest = z.infer<typeof adminSiteKeyCreateRequest>;

export const adminSiteKey = z.object({
  keyId: z.uuid(),
  name: z.string(),
  /** The secret's last four characters, to tell keys apart ("gfsk_…" + last4). */
  last4: z.string(),
  /** The username of the administrator who made it; null once that user is gone. */
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type AdminSiteKey = z.infer<typeof adminSiteKey>;

export const adminSiteKeysResponse = z.object({ keys: z.array(adminSiteKey) });
export type AdminSiteKeysResponse = z.infer<typeof adminSiteKeysResponse>;

/** POST /api/admin/site-keys: the new key and, this once, its secret. */
export const adminSiteKeyCreated = z.object({ key: adminSiteKey, secret: z.string() });
export type AdminSiteKeyCreated = z.infer<typeof adminSiteKeyCreated>;

/** POST /api/admin/site-keys/{keyId}/revoke. */
export const adminSiteKeyParams = z.object({ keyId: z.uuid(siteKeyMessages.notFound) });

export { MAX_ACTIVE_SITE_KEYS, SITE_KEY_PREFIX, siteKeyMessages } from './admin-site-keys-messages.ts';
