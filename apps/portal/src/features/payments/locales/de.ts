import type { PaymentsTexts } from './en.ts';

export const de: PaymentsTexts = {
  testMode: {
    title: 'Testmodus',
    text: 'Es fließt kein echtes Geld. Verwenden Sie die Karte 4242 4242 4242 4242 (beliebiges künftiges Ablaufdatum, beliebige 3 Ziffern) oder die Bankleitzahl 110000000 mit dem Konto 000123456789. Die Karte 4000 0000 0000 0002 wird abgelehnt.',
  },
  loading: 'Ihre Zahlung wird geladen…',
  invalid: {
    heading: 'Dieser Zahlungslink kann nicht verwendet werden',
    quickPay: 'Schnellzahlung starten',
    account: 'Zu den Kontoinformationen',
  },
  summary: {
    account: 'Konto',
    accountEnding: 'endet auf {{last4}}',
    amountDue: 'Fälliger Betrag',
    nothingDue: 'Auf diesem Konto ist derzeit nichts fällig.',
  },
  amount: {
    legend: 'Zu zahlender Betrag',
    due: 'Fälliger Betrag ({{amount}})',
    other: 'Anderer Betrag',
    otherLabel: 'Betrag in Dollar',
    otherHint: 'Ein Teil des Saldos oder mehr: Was den Saldo übersteigt, bleibt als Guthaben.',
  },
  method: {
    legend: 'Bezahlen mit',
    card: 'Debit- oder Kreditkarte',
    cardFee: '{{percent}} Servicegebühr',
    ach: 'Bankkonto (ACH)',
    achFee: '{{amount}} Servicegebühr',
  },
  card: {
    number: 'Kartennummer',
    expiry: 'Ablaufdatum',
    expiryHint: 'MM/JJ',
    cvc: 'Sicherheitscode (CVC)',
    cvcHint: '3 Ziffern auf der Rückseite, 4 auf der Vorderseite bei American Express',
  },
  bank: {
    routing: 'Bankleitzahl (Routing Number)',
    routingHint: '9 Ziffern, unten links auf einem Scheck',
    account: 'Kontonummer',
  },
  receipt: {
    email: 'E-Mail für den Beleg',
    emailOptional: 'E-Mail für den Beleg (optional)',
    onFile: 'Wir senden den Beleg an {{email}}, sofern Sie keine andere Adresse angeben.',
  },
  check:
    'Zahlen Sie per Scheck? Senden Sie ihn mit dem Zahlungsabschnitt Ihrer Rechnung. Ein Scheck wird bei Eingang von Hand verbucht, was mehrere Werktage dauern kann; ist Ihr Fälligkeitsdatum nah, zahlen Sie online.',
  totals: {
    amount: 'Zahlung',
    fee: 'Servicegebühr',
    total: 'Belasteter Gesamtbetrag',
  },
  review: {
    action: 'Zahlung prüfen',
    heading: 'Prüfen Sie Ihre Zahlung',
    payWith: 'Bezahlen mit',
    pay: '{{amount}} bezahlen',
    paying: 'Zahlung läuft…',
    edit: 'Ändern',
    agreement: 'Mit „Bezahlen“ ermächtigen Sie {{utility}}, den obigen Gesamtbetrag einmal einzuziehen.',
  },
  cancel: 'Abbrechen',
  result: {
    successHeading: 'Vielen Dank, Ihre Zahlung ist abgeschlossen',
    confirmation: 'Bestätigungsnummer',
    paidWith: 'Bezahlt mit',
    date: 'Datum',
    emailed: 'Ein Beleg wurde an {{email}} gesendet.',
    print: 'Beleg drucken',
    return: 'Zurück zum Portal',
    failedHeading: 'Die Zahlung ist nicht durchgegangen',
    failedNothingCharged: 'Es wurde nichts belastet.',
    tryAgain: 'Andere Zahlungsart versuchen',
    pendingHeading: 'Wir bestätigen Ihre Zahlung',
    pendingText:
      'Der Zahlungsdienst hat noch nicht geantwortet. Diese Seite aktualisiert sich selbst; bitte zahlen Sie nicht erneut.',
  },
  quickPay: {
    heading: 'Schnellzahlung',
    intro:
      'Zahlen ohne Anmeldung: Geben Sie die Kontonummer und die PIN von Ihrer Rechnung ein. Den fälligen Betrag sehen Sie auf der nächsten Seite.',
    accountNumber: 'Kontonummer',
    pin: 'PIN',
    pinHint: 'Die 4-stellige PIN auf Ihrer Rechnung',
    continue: 'Weiter zur Zahlung',
    continuing: 'Wird geprüft…',
    signIn: 'Sie haben ein Online-Konto? Anmelden',
  },
  payBill: {
    pay: 'Meine Rechnung bezahlen',
    opening: 'Die Zahlungsseite wird geöffnet…',
    clickToPay: 'Klicken/Scannen und bezahlen',
    clickToPayTitle: 'Klicken/Scannen und bezahlen',
    clickToPayText:
      'Scannen Sie diesen Code mit der Kamera Ihres Telefons, um das Konto {{account}} dort per Schnellzahlung zu bezahlen, oder zahlen Sie jetzt auf diesem Gerät.',
    qrAlt: 'QR-Code, der die Schnellzahlung für das Konto {{account}} öffnet',
    payHere: 'Jetzt auf diesem Gerät bezahlen',
    close: 'Schließen',
  },
  errors: {
    amount: 'Geben Sie einen Betrag von mindestens 0,01 $ ein',
    amountTooLarge: 'Eine einzelne Zahlung darf höchstens 100.000,00 $ betragen',
    cardNumber: 'Die Kartennummer ist ungültig',
    expiry: 'Die Karte ist abgelaufen oder das Ablaufdatum ist ungültig',
    cvc: 'Der Sicherheitscode muss 3 oder 4 Ziffern haben',
    routing: 'Die Bankleitzahl muss 9 Ziffern mit gültiger Prüfziffer haben',
    bankAccount: 'Die Kontonummer muss 4 bis 17 Ziffern haben',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    tokenInvalid: 'Dieser Zahlungslink ist ungültig oder abgelaufen. Bitte starten Sie die Zahlung neu.',
    tokenUsed: 'Dieser Zahlungslink wurde bereits verwendet.',
    inProgress: 'Eine Zahlung von dieser Seite wird bereits verarbeitet.',
    tooManyDeclines:
      'Auf dieser Seite wurden zu viele Versuche abgelehnt. Bitte starten Sie die Zahlung neu oder zahlen Sie anders.',
    unavailable:
      'Online-Zahlungen sind gerade nicht möglich. Bitte versuchen Sie es später erneut oder kontaktieren Sie uns.',
    declined: 'Ihre Karte wurde abgelehnt.',
    insufficientFunds: 'Unzureichende Deckung.',
    closedAccount: 'Das Bankkonto ist geschlossen.',
    notCharged: 'Nicht belastet: Die Zahlung hat den Zahlungsdienst nie erreicht',
    network:
      'Die Zahlungsseite hat den Server nicht erreicht. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut; es wird nicht doppelt belastet.',
  },
};
