import type { MailStrings } from './mail-strings.ts';

export const de: MailStrings = {
  greeting: (name) => `Hallo ${name},`,
  codeLabel: 'Ihr Bestätigungscode',
  codeExpiry: (minutes) => `Der Code ist ${minutes} Minuten gültig und kann nur einmal verwendet werden.`,
  neverShare: 'Geben Sie diesen Code niemals weiter. Unsere Mitarbeitenden werden Sie nie danach fragen.',
  notYou:
    'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; an Ihrem Konto ändert sich nichts.',
  help: (phone, email) => `Fragen? Rufen Sie uns an unter ${phone} oder schreiben Sie an ${email}.`,
  signature: (utility) => `Ihr Kundenservice von ${utility}`,
  kinds: {
    signupCode: {
      subject: (utility) => `${utility}: Bestätigen Sie Ihre E-Mail-Adresse`,
      intro:
        'Vielen Dank für Ihre Registrierung. Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen.',
    },
    tfaCode: {
      subject: (utility) => `${utility}: Ihr Anmeldecode`,
      intro:
        'Jemand hat sich mit Ihrem Passwort angemeldet. Geben Sie diesen Code ein, um die Anmeldung abzuschließen.',
    },
    forgotPasswordCode: {
      subject: (utility) => `${utility}: Passwort zurücksetzen`,
      intro:
        'Wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten. Geben Sie diesen Code ein, um ein neues zu wählen.',
    },
    forgotUsername: {
      subject: (utility) => `${utility}: Ihr Benutzername`,
      intro: 'Sie haben den Benutzernamen angefordert, der mit dieser E-Mail-Adresse registriert ist:',
    },
    forgotAccountNumber: {
      subject: (utility) => `${utility}: Ihre Kundennummer`,
      intro: 'Sie haben die Kundennummer angefordert, die mit dieser E-Mail-Adresse registriert ist:',
    },
    passwordChanged: {
      subject: (utility) => `${utility}: Ihr Passwort wurde geändert`,
      intro:
        'Das Passwort Ihres Kontos wurde soeben geändert und alle anderen Sitzungen wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie Ihr Passwort jetzt zurück und kontaktieren Sie uns.',
    },
  },
};
