// German texts of the Notifications section of /settings.
import type { NotificationTexts } from './en.ts';

export const de: NotificationTexts = {
  heading: 'E-Mail-Benachrichtigungen',
  intro:
    'Wählen Sie, welche E-Mails wir an {{email}} senden. Jeder Hinweis enthält außerdem einen Link, um diese Art von E-Mail abzubestellen.',
  loading: 'Ihre Benachrichtigungseinstellungen werden geladen …',
  loadFailed: 'Ihre Benachrichtigungseinstellungen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  saved: 'Gespeichert: {{type}} ist {{state}}.',
  on: 'eingeschaltet',
  off: 'ausgeschaltet',
  saveFailed: 'Ihre Auswahl konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  types: {
    bill_ready: {
      label: 'Neue Rechnung verfügbar',
      description: 'Wenn Ihre neue Rechnung erstellt ist (papierlose Konten).',
    },
    due_reminder: {
      label: 'Zahlungserinnerungen',
      description: 'Einige Tage vor dem Fälligkeitsdatum, solange die Rechnung offen ist.',
    },
    past_due: {
      label: 'Hinweise auf überfällige Zahlungen',
      description: 'Wenn das Fälligkeitsdatum überschritten und die Rechnung nicht vollständig bezahlt ist.',
    },
    autopay: {
      label: 'AutoPay-Hinweise',
      description: 'Vor einer AutoPay-Abbuchung und wenn sie nicht möglich ist.',
    },
    service_requests: {
      label: 'Neuigkeiten zu Serviceanfragen',
      description: 'Wenn sich der Status Ihres An-, Ab- oder Ummeldeauftrags ändert.',
    },
  },
};
