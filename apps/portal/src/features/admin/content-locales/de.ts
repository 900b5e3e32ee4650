import type { en } from './en.ts';

export const de: typeof en = {
  loading: 'Inhalte werden geladen…',
  loadFailed: 'Die Inhalte konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  saved: 'Gespeichert.',
  removed: 'Entfernt: Besucher sehen wieder den eingebauten Text.',
  documents: {
    heading: 'Seiten und Dokumente',
    intro:
      'Schreiben Sie jeden Text in jeder Sprache, die der Versorger anbietet. Besucher sehen ihn in ihrer Sprache, sonst in der Standardsprache, sonst den eingebauten Text des Portals.',
    document: 'Dokument',
    language: 'Sprache des Textes',
    text: 'Text',
    hint: 'Reiner Text: Eine Leerzeile beginnt einen neuen Absatz; ein Absatz, der mit ## beginnt, ist eine Überschrift. Leer speichern, um wieder den eingebauten Text zu zeigen.',
    count: '{{count}} von {{max}} Zeichen',
    preview: 'Vorschau',
    empty:
      'In dieser Sprache ist nichts geschrieben: Besucher sehen den Text der Standardsprache oder den eingebauten Text.',
    startsFromBuiltIn:
      'In dieser Sprache noch nicht gespeichert. Das ist der eingebaute Text, den Besucher heute sehen: bearbeiten und dann speichern.',
    startsFromOther:
      'In dieser Sprache noch nicht gespeichert. Besucher sehen heute diesen Text auf {{language}}: übersetzen oder bearbeiten und dann speichern.',
    save: 'Text speichern',
    lastSaved: 'Zuletzt gespeichert: {{when}}',
    kinds: {
      about: 'Über uns',
      services: 'Leistungen',
      privacyPolicy: 'Datenschutzerklärung',
      termsOfUse: 'Nutzungsbedingungen',
      paymentAgreement: 'Vereinbarung über elektronische Zahlungen',
      contactHours: 'Erreichbarkeit',
      contactAddress: 'Büroadresse',
    },
  },
  channels: {
    heading: 'Kontaktwege',
    intro: 'Werden unter Kontakt und in der Fußzeile gezeigt, in jeder Sprache gleich.',
    phone: 'Telefon Kundenservice',
    outagePhone: 'Störungstelefon',
    email: 'E-Mail Kundenservice',
    save: 'Kontaktwege speichern',
  },
  errors: {
    tooLong: 'Höchstens {{max}} Zeichen.',
    language: 'Diese Sprache ist für den Versorger nicht freigeschaltet.',
    phone: 'Nur Ziffern, Leerzeichen und + ( ) - ., höchstens 40 Zeichen.',
    email: 'Geben Sie eine gültige E-Mail-Adresse ein.',
  },
  images: {
    heading: 'Logo und Bilder',
    intro:
      'PNG, JPEG oder WebP, je höchstens {{max}} KiB. SVG wird nicht angenommen, da es Skripte enthalten kann. Ohne Bild erscheint die Grafik des Designs.',
    slots: {
      logo: 'Logo (in der Kopfzeile, neben dem Namen)',
      header: 'Bild der Kopfzeile',
      footer: 'Bild der Fußzeile',
    },
    current: 'Aktuell: {{slot}}',
    none: 'Keines: Die Grafik des Designs wird gezeigt.',
    file: 'Datei auswählen',
    upload: 'Hochladen',
    remove: 'Entfernen',
    uploaded: 'Hochgeladen.',
    removedImage: 'Entfernt: Die Grafik des Designs wird wieder gezeigt.',
    errors: {
      choose: 'Wählen Sie zuerst eine Datei.',
      type: 'Laden Sie ein PNG-, JPEG- oder WebP-Bild hoch. SVG wird nicht angenommen.',
      tooLarge: 'Das Bild ist größer als {{max}} KiB.',
      empty: 'Die Datei ist leer.',
    },
  },
};
