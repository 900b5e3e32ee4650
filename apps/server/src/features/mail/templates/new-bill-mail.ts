// The "new bill" e-mail to a paperless customer, in the customer's language: period, amount due,
// due date and a link to Account Information, where the bill is shown and paid.
import type { Language } from '@gridfront/contracts';
import { type MailBrand, mailLanguage, type RenderedMail, renderFactsMail } from './render.ts';

export interface NewBillContent {
  recipientName: string;
  accountNumberLast4: string;
  periodStart: string;
  periodEnd: string;
  amountDueCents: number;
  dueDate: string;
  /** Absolute address of the portal's /accountInfo page. */
  accountInfoUrl: string;
}

interface NewBillStrings {
  subject: (utility: string) => string;
  intro: string;
  account: string;
  accountEnding: (last4: string) => string;
  period: string;
  amountDue: string;
  credit: string;
  dueDate: string;
  view: string;
}

const STRINGS: Record<Language, NewBillStrings> = {
  en: {
    subject: (utility) => `${utility}: your new bill is ready`,
    intro: 'Your new bill is ready.',
    account: 'Account',
    accountEnding: (last4) => `ending ${last4}`,
    period: 'Billing period',
    amountDue: 'Amount due',
    credit: 'Nothing to pay: your account is in credit.',
    dueDate: 'Due date',
    view: 'View and pay your bill',
  },
  es: {
    subject: (utility) => `${utility}: su nueva factura está lista`,
    intro: 'Su nueva factura está lista.',
    account: 'Cuenta',
    accountEnding: (last4) => `terminada en ${last4}`,
    period: 'Período de facturación',
    amountDue: 'Importe a pagar',
    credit: 'No tiene nada que pagar: su cuenta tiene saldo a favor.',
    dueDate: 'Fecha de vencimiento',
    view: 'Ver y pagar su factura',
  },
  ta: {
    subject: (utility) => `${utility}: உங்கள் புதிய கட்டணப் பட்டியல் தயார்`,
    intro: 'உங்கள் புதிய கட்டணப் பட்டியல் தயாராக உள்ளது.',
    account: 'கணக்கு',
    accountEnding: (last4) => `${last4} இல் முடியும்`,
    period: 'கட்டணக் காலம்',
    amountDue: 'செலுத்த வேண்டிய தொகை',
    credit: 'செலுத்த எதுவும் இல்லை: உங்கள் கணக்கில் வரவு உள்ளது.',
    dueDate: 'கடைசி தேதி',
    view: 'உங்கள் கட்டணப் பட்டியலைப் பார்த்து செலுத்துங்கள்',
  },
  de: {
    subject: (utility) => `${utility}: Ihre neue Rechnung ist da`,
    intro: 'Ihre neue Rechnung ist da.',
    account: 'Konto',
    accountEnding: (last4) => `endet auf ${last4}`,
    period: 'Abrechnungszeitraum',
    amountDue: 'Fälliger Betrag',
    credit: 'Nichts zu zahlen: Ihr Konto weist ein Guthaben aus.',
    dueDate: 'Fällig am',
    view: 'Rechnung ansehen und bezahlen',
  },
};

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', ta: 'ta-IN', de: 'de-DE' };

export function renderNewBillMail(
  locale: string | null | undefined,
  brand: MailBrand,
  content: NewBillContent,
): RenderedMail {
  const language = mailLanguage(locale);
  const words = STRINGS[language];
  const money = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD' });
  // Bill dates are calendar dates of the utility: formatted as such, never shifted by a time zone.
  const day = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' });
  const dateOf = (isoDate: string) => day.format(new Date(`${isoDate}T12:00:00Z`));
  const facts: [string, string][] = [
    [words.account, words.accountEnding(content.accountNumberLast4)],
    [words.period, `${dateOf(content.periodStart)} – ${dateOf(content.periodEnd)}`],
    [words.amountDue, money.format(content.amountDueCents / 100)],
  ];
  if (content.amountDueCents > 0) facts.push([words.dueDate, dateOf(content.dueDate)]);
  return renderFactsMail(brand, language, {
    subject: words.subject(brand.name),
    recipientName: content.recipientName,
    intro: words.intro,
    facts,
    after: content.amountDueCents > 0 ? [] : [words.credit],
    link: { label: words.view, url: content.accountInfoUrl },
  });
}
