// English texts of the administration pages (issue 14): the reference shape the other languages match.
export const en = {
  title: {
    admin: 'Administration',
    forbidden: 'Access denied',
  },
  intro: 'Your utility’s brand and the record of every change made here.',
  forbidden: {
    text: 'This page is for the utility’s administrators only.',
    signIn: 'Sign in as an administrator',
    home: 'Back to Home',
  },
  loading: 'Loading…',
  loadFailed: 'We could not load this.',
  retry: 'Try again',
  brand: {
    heading: 'Brand',
    name: 'Utility name',
    theme: 'Starting theme',
    colors: 'Colours',
    preview: 'Preview',
    previewText: 'Text on the page, with a link.',
    previewButton: 'A button',
    contrastOk: 'Every text and background pair passes WCAG AA.',
    contrastFailing: 'These pairs do not pass WCAG AA and cannot be saved:',
    pair: '{{foreground}} on {{background}}: {{ratio}}:1, needs {{required}}:1',
    save: 'Save brand',
    saving: 'Saving…',
    saved: 'Brand saved. The portal shows it from now on.',
  },
  audit: {
    heading: 'Audit log',
    filter: 'Action',
    apply: 'Filter',
    empty: 'No entries.',
    when: 'When',
    action: 'Action',
    user: 'User',
    system: 'System',
  },
};

export type AdminTexts = typeof en;
