import type { MyAccountTexts } from './en.ts';

export const de: MyAccountTexts = {
  title: 'Mein Konto',
  welcome: 'Willkommen zurück, {{name}}. Hier ist Ihr Konto auf einen Blick.',
  intro: 'Ihre Rechnung, Ihr Verbrauch, AutoPay und Ihre Serviceanfragen auf einen Blick.',
  accountPicker: 'Konto',
  accountNumber: 'Konto {{number}}',
  noAccount: 'Mit Ihrer Anmeldung ist noch kein Versorgungskonto verknüpft.',
  loading: 'Wird geladen…',
  panelFailed: 'Dieser Teil Ihres Kontos konnte nicht geladen werden.',
  accountFailed: 'Ihr Konto konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  amountDue: {
    heading: 'Fälliger Betrag',
    nothingDue: 'Derzeit ist nichts zu zahlen. Vielen Dank!',
    pastDue: 'Überfällig',
  },
  autopay: {
    manage: 'AutoPay verwalten',
    setUp: 'AutoPay einrichten',
  },
  usage: {
    heading: 'Aktueller Verbrauch',
    chartLabel: '{{service}}verbrauch der letzten {{count}} Abrechnungszeiträume, in {{unit}}',
    latest: '{{month}}: {{quantity}}',
    change: '{{change}} gegenüber demselben Zeitraum im Vorjahr',
    noLastYear: 'Kein Vorjahreswert zum Vergleich.',
    empty: 'Für dieses Konto wurde noch kein Verbrauch erfasst.',
    more: 'Ihren gesamten Verbrauch ansehen',
    unit: {
      kWh: 'kWh',
      therm: 'Therms',
      gal: 'Gallonen',
    },
  },
  requests: {
    heading: 'Offene Serviceanfragen',
    empty: 'Sie haben keine offenen Serviceanfragen.',
    unavailable:
      'Ihre Serviceanfragen können noch nicht angezeigt werden. Sie finden sie unter Anschluss an- / abmelden.',
    effective: 'Ab {{date}}',
    more: 'Anschluss an-, ab- oder ummelden',
    types: {
      start: 'Anmeldung',
      stop: 'Abmeldung',
      transfer: 'Ummeldung',
      plan_switch: 'Tarifwechsel',
    },
    status: {
      submitted: 'Eingereicht',
      in_progress: 'In Bearbeitung',
      completed: 'Erledigt',
      cancelled: 'Storniert',
    },
  },
  links: {
    heading: 'Schnellzugriff',
  },
};
