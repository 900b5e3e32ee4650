// The two notices about an unpaid bill, in the customer's language: the reminder some days before
// the due date, and the notice once the due date has passed.
import type { Language } from '@gridfront/contracts';
import { type MailBrand, mailLanguage, type RenderedMail, renderFactsMail } from './render.ts';

export type BillDueNoticeKind = 'reminder' | 'pastDue';

export interface BillDueContent {
  recipientName: string;
  accountNumberLast4: string;
  unpaidCents: number;
  dueDate: string;
  /** Absolute address of the portal's /accountInfo page. */
  accountInfoUrl: string;
}

interface BillDueStrings {
  subject: Record<BillDueNoticeKind, (utility: string) => string>;
  intro: Record<BillDueNoticeKind, string>;
  account: string;
  accountEnding: (last4: string) => string;
  unpaid: string;
  dueDate: string;
  after: Record<BillDueNoticeKind, string>;
  pay: string;
}

const STRINGS: Record<Language, BillDueStrings> = {
  en: {
    subject: {
      reminder: (utility) => `${utility}: your bill is due soon`,
      pastDue: (utility) => `${utility}: your bill is past due`,
    },
    intro: {
      reminder: 'This is a reminder that your bill is due soon.',
      pastDue: 'We have not received full payment of your bill, and its due date has passed.',
    },
    account: 'Account',
    accountEnding: (last4) => `ending ${last4}`,
    unpaid: 'Amount unpaid',
    dueDate: 'Due date',
    after: {
      reminder: 'If you have paid already, thank you: please ignore this reminder.',
      pastDue: 'Please pay as soon as you can to avoid a late fee. If you have paid already, thank you.',
    },
    pay: 'Pay my bill',
  },
  es: {
    subject: {
      reminder: (utility) => `${utility}: su factura vence pronto`,
      pastDue: (utility) => `${utility}: su factura está vencida`,
    },
    intro: {
      reminder: 'Le recordamos que su factura vence pronto.',
      pastDue: 'No hemos recibido el pago completo de su factura y su fecha de vencimiento ya pasó.',
    },
    account: 'Cuenta',
    accountEnding: (last4) => `terminada en ${last4}`,
    unpaid: 'Importe pendiente',
    dueDate: 'Fecha de vencimiento',
    after: {
      reminder: 'Si ya pagó, gracias: ignore este recordatorio.',
      pastDue: 'Pague lo antes posible para evitar un cargo por mora. Si ya pagó, gracias.',
    },
    pay: 'Pagar mi factura',
  },
  ta: {
    subject: {
      reminder: (utility) => `${utility}: உங்கள் கட்டணம் விரைவில் செலுத்த வேண்டும்`,
      pastDue: (utility) => `${utility}: உங்கள் கட்டணக் கெடு தாண்டிவிட்டது`,
    },
    intro: {
      reminder: 'உங்கள் கட்டணத்தைச் செலுத்தும் கடைசி தேதி நெருங்குகிறது என்பதற்கான நினைவூட்டல் இது.',
      pastDue: 'உங்கள் கட்டணம் முழுமையாகச் செலுத்தப்படவில்லை, கடைசி தேதியும் கடந்துவிட்டது.',
    },
    account: 'கணக்கு',
    accountEnding: (last4) => `${last4} இல் முடியும்`,
    unpaid: 'செலுத்தப்படாத தொகை',
    dueDate: 'கடைசி தேதி',
    after: {
      reminder: 'ஏற்கெனவே செலுத்தியிருந்தால் நன்றி: இந்த நினைவூட்டலைப் பொருட்படுத்த வேண்டாம்.',
      pastDue: 'தாமதக் கட்டணத்தைத் தவிர்க்க விரைவில் செலுத்துங்கள். ஏற்கெனவே செலுத்தியிருந்தால் நன்றி.',
    },
    pay: 'என் கட்டணத்தைச் செலுத்து',
  },
  de: {
    subject: {
      reminder: (utility) => `${utility}: Ihre Rechnung ist bald fällig`,
      pastDue: (utility) => `${utility}: Ihre Rechnung ist überfällig`,
    },
    intro: {
      reminder: 'Wir erinnern Sie daran, dass Ihre Rechnung bald fällig ist.',
      pastDue:
        'Ihre Rechnung ist noch nicht vollständig bezahlt, und das Fälligkeitsdatum ist überschritten.',
    },
    account: 'Konto',
    accountEnding: (last4) => `endet auf ${last4}`,
    unpaid: 'Offener Betrag',
    dueDate: 'Fällig am',
    after: {
      reminder: 'Falls Sie schon bezahlt haben, vielen Dank: Dann ist diese Erinnerung gegenstandslos.',
      pastDue:
        'Bitte zahlen Sie bald, um eine Mahngebühr zu vermeiden. Falls Sie schon bezahlt haben, vielen Dank.',
    },
    pay: 'Rechnung bezahlen',
  },
};

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', ta: 'ta-IN', de: 'de-DE' };

export function renderBillDueNotice(
  kind: BillDueNoticeKind,
  locale: string | null | undefined,
  brand: MailBrand,
  content: BillDueContent,
): RenderedMail {
  const language = mailLanguage(locale);
  const words = STRINGS[language];
  const money = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD' });
  // A bill's due date is a calendar date of the utility: never shifted by a time zone.
  const day = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' });
  return renderFactsMail(brand, language, {
    subject: words.subject[kind](brand.name),
    recipientName: content.recipientName,
    intro: words.intro[kind],
    facts: [
      [words.account, words.accountEnding(content.accountNumberLast4)],
      [words.unpaid, money.format(content.unpaidCents / 100)],
      [words.dueDate, day.format(new Date(`${content.dueDate}T12:00:00Z`))],
    ],
    after: [words.after[kind]],
    link: { label: words.pay, url: content.accountInfoUrl },
  });
}
