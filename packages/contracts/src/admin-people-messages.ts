// People's server messages of a disable (issue 14), zod-free so the portal's section can match
// them without loading the schemas.
/** The server's refusals of a disable; the portal shows each in the reader's language. */
export const adminPeopleMessages = {
  notFound: 'No such agent or administrator',
  cannotDisableSelf: 'You cannot disable your own account',
  lastAdmin: 'The last enabled administrator cannot be disabled',
  disabled: 'Disabled: their sessions have ended and they cannot sign in',
  enabled: 'Enabled: they can sign in again',
} as const;
