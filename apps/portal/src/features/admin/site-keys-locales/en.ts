// English texts of the payment site keys card (issue 8): the reference shape the other languages match.
export const en = {
  heading: 'Payment site keys',
  intro:
    'Your own web site’s server uses a site key to open a payment page for an account: it calls the payments host’s /auth/generateAuthToken with the header Authorization: Bearer gfsk_…. A key is a server-to-server secret: keep it on that server only, never in a web page, an app or an e-mail.',
  name: 'Key name',
  nameHint: 'The site or system that will use it, so you can tell keys apart.',
  nameRequired: 'Name the key (1 to 60 characters).',
  create: 'Create key',
  creating: 'Creating…',
  created: 'Key “{{name}}” created. Copy its secret now: it is shown only this once.',
  secret: 'Secret of “{{name}}”',
  secretWarning:
    'This is the only time the secret is shown. Store it on your web site’s server. If it is lost or leaks, create a new key and revoke this one.',
  copy: 'Copy secret',
  copied: 'Secret copied.',
  copyFailed: 'Could not copy. Select the secret and copy it yourself.',
  stored: 'I have stored it',
  list: 'Site keys',
  empty: 'No site keys yet.',
  column: {
    name: 'Name',
    ending: 'Ends in',
    createdBy: 'Created by',
    createdAt: 'Created',
    lastUsedAt: 'Last used',
    state: 'State',
    actions: 'Actions',
  },
  never: 'Never',
  active: 'Active',
  revokedOn: 'Revoked {{date}}',
  unknownUser: 'Former user',
  revoke: 'Revoke',
  revokeLabel: 'Revoke key “{{name}}”',
  confirmTitle: 'Revoke “{{name}}”?',
  confirmText:
    'The web site that uses this key can no longer open payment pages, from this moment. This cannot be undone.',
  confirmRevoke: 'Revoke key',
  cancel: 'Cancel',
  revoked: 'Key “{{name}}” revoked.',
  tooMany: 'You already have {{max}} active keys. Revoke one first.',
  notFound: 'This key no longer exists.',
  loading: 'Loading…',
  loadFailed: 'We could not load the site keys.',
  retry: 'Try again',
};

export type AdminSiteKeysTexts = typeof en;
