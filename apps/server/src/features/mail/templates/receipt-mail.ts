// The payment receipt e-mail, in the payer's language: confirmation number, account, amount
// applied, fee, total charged and the source (brand or bank and last four only).
import type { Language } from '@gridfront/contracts';
import { paymentSourceText } from '@gridfront/contracts/payment-source-text';
import type { PaymentSourceParts } from '@gridfront/contracts/payment-sources';
import { type MailBrand, mailLanguage, type RenderedMail, renderFactsMail } from './render.ts';

export interface ReceiptContent {
  confirmationNumber: string;
  accountNumberLast4: string;
  amountCents: number;
  feeCents: number;
  /** Method, brand or bank and last four, worded here in the payer's language; null: not shown. */
  paidWith: PaymentSourceParts | null;
  paidAt: Date;
  timeZone: string;
}

interface ReceiptStrings {
  subject: (utility: string, confirmation: string) => string;
  intro: string;
  confirmation: string;
  account: (last4: string) => string;
  accountLabel: string;
  amount: string;
  fee: string;
  total: string;
  paidWith: string;
  date: string;
  keep: string;
}

const STRINGS: Record<Language, ReceiptStrings> = {
  en: {
    subject: (utility, confirmation) => `${utility}: payment receipt ${confirmation}`,
    intro: 'Thank you for your payment. It has been applied to your account.',
    confirmation: 'Confirmation number',
    account: (last4) => `ending ${last4}`,
    accountLabel: 'Account',
    amount: 'Amount applied to your account',
    fee: 'Convenience fee',
    total: 'Total charged',
    paidWith: 'Paid with',
    date: 'Date',
    keep: 'Please keep this receipt for your records.',
  },
  es: {
    subject: (utility, confirmation) => `${utility}: recibo de pago ${confirmation}`,
    intro: 'Gracias por su pago. Se ha aplicado a su cuenta.',
    confirmation: 'Número de confirmación',
    account: (last4) => `terminada en ${last4}`,
    accountLabel: 'Cuenta',
    amount: 'Importe aplicado a su cuenta',
    fee: 'Cargo por servicio',
    total: 'Total cobrado',
    paidWith: 'Pagado con',
    date: 'Fecha',
    keep: 'Conserve este recibo para sus registros.',
  },
  ta: {
    subject: (utility, confirmation) => `${utility}: கட்டண ரசீது ${confirmation}`,
    intro: 'உங்கள் கட்டணத்திற்கு நன்றி. இது உங்கள் கணக்கில் வரவு வைக்கப்பட்டது.',
    confirmation: 'உறுதிப்படுத்தல் எண்',
    account: (last4) => `${last4} இல் முடியும்`,
    accountLabel: 'கணக்கு',
    amount: 'உங்கள் கணக்கில் வரவு வைக்கப்பட்ட தொகை',
    fee: 'வசதிக் கட்டணம்',
    total: 'மொத்தம் வசூலிக்கப்பட்டது',
    paidWith: 'செலுத்திய முறை',
    date: 'தேதி',
    keep: 'இந்த ரசீதை உங்கள் பதிவுகளுக்காக வைத்துக்கொள்ளுங்கள்.',
  },
  de: {
    subject: (utility, confirmation) => `${utility}: Zahlungsbeleg ${confirmation}`,
    intro: 'Vielen Dank für Ihre Zahlung. Sie wurde Ihrem Konto gutgeschrieben.',
    confirmation: 'Bestätigungsnummer',
    account: (last4) => `endet auf ${last4}`,
    accountLabel: 'Konto',
    amount: 'Ihrem Konto gutgeschriebener Betrag',
    fee: 'Servicegebühr',
    total: 'Belasteter Gesamtbetrag',
    paidWith: 'Bezahlt mit',
    date: 'Datum',
    keep: 'Bitte bewahren Sie diesen Beleg für Ihre Unterlagen auf.',
  },
};

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', ta: 'ta-IN', de: 'de-DE' };

export function renderReceipt(
  locale: string | null | undefined,
  brand: MailBrand,
  content: ReceiptContent,
): RenderedMail {
  const language = mailLanguage(locale);
  const words = STRINGS[language];
  const money = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD' });
  const date = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: content.timeZone,
  }).format(content.paidAt);
  const facts: [string, string][] = [
    [words.confirmation, content.confirmationNumber],
    [words.accountLabel, words.account(content.accountNumberLast4)],
    [words.amount, money.format(content.amountCents / 100)],
    [words.fee, money.format(content.feeCents / 100)],
    [words.total, money.format((content.amountCents + content.feeCents) / 100)],
    ...(content.paidWith
      ? ([[words.paidWith, paymentSourceText(content.paidWith, language)]] as [string, string][])
      : []),
    [words.date, date],
  ];
  return renderFactsMail(brand, language, {
    subject: words.subject(brand.name, content.confirmationNumber),
    intro: words.intro,
    facts,
    after: [words.keep],
  });
}
