// English texts of /admin/languages (issue 14): the reference shape the other languages match.
export const en = {
  heading: 'Languages',
  intro:
    'The languages your customers can choose in the portal. Visitors who have not chosen one see the default language.',
  enabled: 'Languages offered',
  default: 'Default language',
  save: 'Save languages',
  saving: 'Saving…',
  saved: 'Languages saved. The portal offers them from now on.',
  noneEnabled: 'Choose at least one language.',
  loading: 'Loading…',
  loadFailed: 'We could not load the languages.',
  retry: 'Try again',
};

export type AdminLanguagesTexts = typeof en;
