import type { AdminTexts } from './en.ts';

export const de: AdminTexts = {
  title: {
    admin: 'Verwaltung',
    forbidden: 'Zugriff verweigert',
  },
  intro: 'Die Marke Ihres Versorgers und das Protokoll jeder hier vorgenommenen Änderung.',
  forbidden: {
    text: 'Diese Seite ist nur für die Administratoren des Versorgers.',
    signIn: 'Als Administrator anmelden',
    home: 'Zurück zur Startseite',
  },
  loading: 'Wird geladen…',
  loadFailed: 'Das konnten wir nicht laden.',
  retry: 'Erneut versuchen',
  brand: {
    heading: 'Marke',
    name: 'Name des Versorgers',
    theme: 'Ausgangsdesign',
    colors: 'Farben',
    preview: 'Vorschau',
    previewText: 'Text auf der Seite, mit einem Link.',
    previewButton: 'Eine Schaltfläche',
    contrastOk: 'Jedes Paar aus Text und Hintergrund erfüllt WCAG AA.',
    contrastFailing: 'Diese Paare erfüllen WCAG AA nicht und können nicht gespeichert werden:',
    pair: '{{foreground}} auf {{background}}: {{ratio}}:1, nötig sind {{required}}:1',
    save: 'Marke speichern',
    saving: 'Wird gespeichert…',
    saved: 'Marke gespeichert. Das Portal zeigt sie ab jetzt.',
  },
  audit: {
    heading: 'Prüfprotokoll',
    filter: 'Aktion',
    apply: 'Filtern',
    empty: 'Keine Einträge.',
    when: 'Wann',
    action: 'Aktion',
    user: 'Benutzer',
    system: 'System',
  },
};
