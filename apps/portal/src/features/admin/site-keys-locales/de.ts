import type { AdminSiteKeysTexts } from './en.ts';

export const de: AdminSiteKeysTexts = {
  heading: 'Zahlungsschlüssel der Website',
  intro:
    'Der Server Ihrer eigenen Website öffnet mit einem Website-Schlüssel eine Zahlungsseite für ein Konto: Er ruft /auth/generateAuthToken des Zahlungsdienstes mit dem Header Authorization: Bearer gfsk_… auf. Ein Schlüssel ist ein Geheimnis zwischen Servern: Bewahren Sie ihn nur auf diesem Server auf, nie in einer Webseite, einer App oder einer E-Mail.',
  name: 'Name des Schlüssels',
  nameHint: 'Die Website oder das System, das ihn nutzt, damit Sie die Schlüssel unterscheiden können.',
  nameRequired: 'Geben Sie dem Schlüssel einen Namen (1 bis 60 Zeichen).',
  create: 'Schlüssel erstellen',
  creating: 'Wird erstellt…',
  created:
    'Schlüssel „{{name}}“ erstellt. Kopieren Sie das Geheimnis jetzt: Es wird nur dieses eine Mal gezeigt.',
  secret: 'Geheimnis von „{{name}}“',
  secretWarning:
    'Nur jetzt wird das Geheimnis gezeigt. Speichern Sie es auf dem Server Ihrer Website. Geht es verloren oder wird es bekannt, erstellen Sie einen neuen Schlüssel und widerrufen diesen.',
  copy: 'Geheimnis kopieren',
  copied: 'Geheimnis kopiert.',
  copyFailed: 'Kopieren nicht möglich. Markieren Sie das Geheimnis und kopieren Sie es selbst.',
  stored: 'Ich habe es gespeichert',
  list: 'Website-Schlüssel',
  empty: 'Noch keine Website-Schlüssel.',
  column: {
    name: 'Bezeichnung',
    ending: 'Endet auf',
    createdBy: 'Erstellt von',
    createdAt: 'Erstellt',
    lastUsedAt: 'Zuletzt benutzt',
    state: 'Status',
    actions: 'Aktionen',
  },
  never: 'Nie',
  active: 'Aktiv',
  revokedOn: 'Widerrufen am {{date}}',
  unknownUser: 'Ehemaliger Benutzer',
  revoke: 'Widerrufen',
  revokeLabel: 'Schlüssel „{{name}}“ widerrufen',
  confirmTitle: '„{{name}}“ widerrufen?',
  confirmText:
    'Die Website, die diesen Schlüssel nutzt, kann ab sofort keine Zahlungsseiten mehr öffnen. Das lässt sich nicht rückgängig machen.',
  confirmRevoke: 'Schlüssel widerrufen',
  cancel: 'Abbrechen',
  revoked: 'Schlüssel „{{name}}“ widerrufen.',
  tooMany: 'Sie haben bereits {{max}} aktive Schlüssel. Widerrufen Sie zuerst einen.',
  notFound: 'Diesen Schlüssel gibt es nicht mehr.',
  loading: 'Wird geladen…',
  loadFailed: 'Die Website-Schlüssel konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
};
