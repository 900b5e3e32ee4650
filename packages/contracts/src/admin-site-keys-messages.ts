// Payment site keys' constants and server messages (issue 8), zod-free so the portal's card can use
// them without loading the schemas.

/** Every site key starts with this; the rest is 32 random bytes, base64url. */
export const SITE_KEY_PREFIX = 'gfsk_';

/** Active (unrevoked) keys a utility may hold at once. */
export const MAX_ACTIVE_SITE_KEYS = 20;

/** The server's answers about site keys; the portal shows each refusal in the reader's language. */
export const siteKeyMessages = {
  notFound: 'No such payment site key',
  tooMany: `A utility may hold at most ${MAX_ACTIVE_SITE_KEYS} active payment site keys; revoke one first`,
  nameRequired: 'Name the key (1 to 60 characters)',
  missing: 'Payment site key is missing: the utility’s server sends Authorization: Bearer gfsk_…',
  invalid: 'Payment site key is invalid or revoked for this utility',
  fromBrowser:
    'A payment site key is a server-to-server secret and is refused on a call from a browser or with a sign-in',
  siteBodyOnly:
    'With a payment site key, name the account by accountNumber (and optionally amountCents) only',
} as const;
