// The AutoPay e-mails, in the customer's language: the notice before a withdrawal, and the two ways
// a withdrawal does not happen (over the maximum the customer set, or declined by the processor).
import type { Language } from '@gridfront/contracts';
import { paymentSourceText } from '@gridfront/contracts/payment-source-text';
import type { PaymentSourceParts } from '@gridfront/contracts/payment-sources';
import { type MailBrand, mailLanguage, type RenderedMail, renderFactsMail } from './render.ts';

export type AutopayMailKind = 'notice' | 'overMaximum' | 'failed';

export interface AutopayMailContent {
  recipientName: string;
  accountNumberLast4: string;
  amountCents: number;
  maximumCents: number | null;
  dueDate: string;
  /** The saved source, worded here in the customer's language. */
  source: PaymentSourceParts;
  reason?: string;
}

interface AutopayStrings {
  subject: Record<AutopayMailKind, (utility: string) => string>;
  intro: Record<AutopayMailKind, string>;
  account: string;
  amount: string;
  maximum: string;
  date: string;
  source: string;
  reason: string;
  action: Record<AutopayMailKind, string>;
}

const STRINGS: Record<Language, AutopayStrings> = {
  en: {
    subject: {
      notice: (utility) => `${utility}: your AutoPay withdrawal is coming up`,
      overMaximum: (utility) => `${utility}: AutoPay did not pay your bill`,
      failed: (utility) => `${utility}: your AutoPay payment did not go through`,
    },
    intro: {
      notice: 'AutoPay will pay your bill on its due date.',
      overMaximum:
        'Your bill is more than the maximum withdrawal you set for AutoPay, so nothing was withdrawn.',
      failed:
        'We tried to pay your bill with AutoPay, but the payment did not go through. Nothing was charged.',
    },
    account: 'Account ending',
    amount: 'Amount',
    maximum: 'Your maximum withdrawal',
    date: 'Due date',
    source: 'Pays with',
    reason: 'Reason',
    action: {
      notice: 'Nothing to do: the payment is automatic. To change or cancel AutoPay, sign in to the portal.',
      overMaximum: 'Please pay this bill in the portal by its due date, or raise your maximum.',
      failed:
        'Please pay this bill in the portal by its due date, and check the payment method AutoPay uses.',
    },
  },
  es: {
    subject: {
      notice: (utility) => `${utility}: se acerca su cargo de AutoPay`,
      overMaximum: (utility) => `${utility}: AutoPay no pagó su factura`,
      failed: (utility) => `${utility}: su pago de AutoPay no se realizó`,
    },
    intro: {
      notice: 'AutoPay pagará su factura en su fecha de vencimiento.',
      overMaximum: 'Su factura supera el cargo máximo que fijó para AutoPay, por lo que no se cobró nada.',
      failed: 'Intentamos pagar su factura con AutoPay, pero el pago no se realizó. No se cobró nada.',
    },
    account: 'Cuenta terminada en',
    amount: 'Importe',
    maximum: 'Su cargo máximo',
    date: 'Fecha de vencimiento',
    source: 'Paga con',
    reason: 'Motivo',
    action: {
      notice:
        'No tiene que hacer nada: el pago es automático. Para cambiar o cancelar AutoPay, inicie sesión en el portal.',
      overMaximum: 'Pague esta factura en el portal antes de su vencimiento, o aumente su máximo.',
      failed: 'Pague esta factura en el portal antes de su vencimiento y revise el medio de pago de AutoPay.',
    },
  },
  ta: {
    subject: {
      notice: (utility) => `${utility}: உங்கள் AutoPay பணப் பிடித்தம் விரைவில்`,
      overMaximum: (utility) => `${utility}: AutoPay உங்கள் பில்லைச் செலுத்தவில்லை`,
      failed: (utility) => `${utility}: உங்கள் AutoPay கட்டணம் நிறைவேறவில்லை`,
    },
    intro: {
      notice: 'AutoPay உங்கள் பில்லைக் கடைசி தேதியில் செலுத்தும்.',
      overMaximum: 'உங்கள் பில் AutoPay க்கு நீங்கள் அமைத்த அதிகபட்சத் தொகையை விட அதிகம், எனவே எதுவும் பிடிக்கப்படவில்லை.',
      failed: 'உங்கள் பில்லை AutoPay மூலம் செலுத்த முயன்றோம், ஆனால் கட்டணம் நிறைவேறவில்லை. எதுவும் வசூலிக்கப்படவில்லை.',
    },
    account: 'கணக்கு முடிவு எண்',
    amount: 'தொகை',
    maximum: 'உங்கள் அதிகபட்சப் பிடித்தம்',
    date: 'கடைசி தேதி',
    source: 'செலுத்தும் முறை',
    reason: 'காரணம்',
    action: {
      notice:
        'நீங்கள் எதுவும் செய்ய வேண்டியதில்லை: கட்டணம் தானாக நடக்கும். AutoPay ஐ மாற்ற அல்லது ரத்து செய்ய போர்ட்டலில் உள்நுழையுங்கள்.',
      overMaximum: 'கடைசி தேதிக்குள் இந்தப் பில்லைப் போர்ட்டலில் செலுத்துங்கள், அல்லது உங்கள் அதிகபட்சத்தை உயர்த்துங்கள்.',
      failed: 'கடைசி தேதிக்குள் இந்தப் பில்லைப் போர்ட்டலில் செலுத்துங்கள், AutoPay பயன்படுத்தும் கட்டண முறையைச் சரிபாருங்கள்.',
    },
  },
  de: {
    subject: {
      notice: (utility) => `${utility}: Ihre AutoPay-Abbuchung steht bevor`,
      overMaximum: (utility) => `${utility}: AutoPay hat Ihre Rechnung nicht bezahlt`,
      failed: (utility) => `${utility}: Ihre AutoPay-Zahlung ist nicht durchgegangen`,
    },
    intro: {
      notice: 'AutoPay bezahlt Ihre Rechnung an ihrem Fälligkeitsdatum.',
      overMaximum:
        'Ihre Rechnung übersteigt den Höchstbetrag, den Sie für AutoPay festgelegt haben; es wurde nichts abgebucht.',
      failed:
        'Wir wollten Ihre Rechnung mit AutoPay bezahlen, aber die Zahlung ist nicht durchgegangen. Es wurde nichts belastet.',
    },
    account: 'Konto endet auf',
    amount: 'Betrag',
    maximum: 'Ihr Höchstbetrag',
    date: 'Fälligkeitsdatum',
    source: 'Bezahlt mit',
    reason: 'Grund',
    action: {
      notice:
        'Sie müssen nichts tun: Die Zahlung erfolgt automatisch. Um AutoPay zu ändern oder zu beenden, melden Sie sich im Portal an.',
      overMaximum:
        'Bitte bezahlen Sie diese Rechnung bis zum Fälligkeitsdatum im Portal oder erhöhen Sie Ihren Höchstbetrag.',
      failed:
        'Bitte bezahlen Sie diese Rechnung bis zum Fälligkeitsdatum im Portal und prüfen Sie die Zahlungsart von AutoPay.',
    },
  },
};

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', ta: 'ta-IN', de: 'de-DE' };

export function renderAutopayMail(
  kind: AutopayMailKind,
  locale: string | null | undefined,
  brand: MailBrand,
  content: AutopayMailContent,
): RenderedMail {
  const language = mailLanguage(locale);
  const words = STRINGS[language];
  const money = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD' });
  const [year, month, day] = content.dueDate.split('-').map(Number);
  const due = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
  const subject = words.subject[kind](brand.name);
  const facts: [string, string][] = [
    [words.account, content.accountNumberLast4],
    [words.amount, money.format(content.amountCents / 100)],
    ...(kind === 'overMaximum' && content.maximumCents !== null
      ? ([[words.maximum, money.format(content.maximumCents / 100)]] as [string, string][])
      : []),
    [words.date, due],
    [words.source, paymentSourceText(content.source, language)],
    ...(kind === 'failed' && content.reason ? ([[words.reason, content.reason]] as [string, string][]) : []),
  ];
  return renderFactsMail(brand, language, {
    subject,
    recipientName: content.recipientName,
    intro: words.intro[kind],
    facts,
    after: [words.action[kind]],
  });
}
