import type { AdminLanguagesTexts } from './en.ts';

export const de: AdminLanguagesTexts = {
  heading: 'Sprachen',
  intro:
    'Die Sprachen, die Ihre Kunden im Portal wählen können. Wer noch keine gewählt hat, sieht die Standardsprache.',
  enabled: 'Angebotene Sprachen',
  default: 'Standardsprache',
  save: 'Sprachen speichern',
  saving: 'Wird gespeichert…',
  saved: 'Sprachen gespeichert. Das Portal bietet sie ab sofort an.',
  noneEnabled: 'Wählen Sie mindestens eine Sprache.',
  loading: 'Wird geladen…',
  loadFailed: 'Die Sprachen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
};
