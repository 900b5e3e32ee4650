// The two e-mails of a contact-form submission: the customer's confirmation (in their language,
// with the reference number and a copy of what they sent) and the notice to the utility's contact
// address (in English, with every field staff need to answer). Values are escaped in HTML.
import type { ContactKind, Language } from '@gridfront/contracts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import { CONTACT_MAIL_STRINGS } from './contact-mail-strings.ts';
import {
  brandedMailLayout,
  MAIL_STRINGS,
  type MailBrand,
  mailLanguage,
  type RenderedMail,
} from './render.ts';

export interface ContactMailContent {
  kind: ContactKind;
  referenceNumber: string;
  fullName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  appointmentAt: Date | null;
  /** The utility's time zone: the appointment is shown in its local time. */
  timeZone: string;
}

const DATE_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', ta: 'ta-IN', de: 'de-DE' };

/** "Tuesday, March 4, 2025 at 10:30 AM CST" in the reader's language and the utility's zone. */
export function formatAppointment(at: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => escapeHtml(line))
    .join('<br>');

export function renderContactConfirmation(
  locale: string | null | undefined,
  brand: MailBrand,
  content: ContactMailContent,
): RenderedMail {
  const language = mailLanguage(locale);
  const words = CONTACT_MAIL_STRINGS[language];
  const account = MAIL_STRINGS[language];
  const isAppointment = content.kind === 'appointment' && content.appointmentAt !== null;
  const subject = isAppointment
    ? words.appointmentSubject(brand.name, content.referenceNumber)
    : words.messageSubject(brand.name, content.referenceNumber);
  const intro = isAppointment ? words.appointmentIntro : words.messageIntro;
  const when =
    isAppointment && content.appointmentAt
      ? formatAppointment(content.appointmentAt, language, content.timeZone)
      : null;
  const facts: [string, string][] = [
    [words.referenceLabel, content.referenceNumber],
    ...(when ? ([[words.appointmentLabel, when]] as [string, string][]) : []),
  ];

  const text = [
    account.greeting(content.fullName),
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    words.copyHeading,
    `${words.subjectLabel}: ${content.subject}`,
    content.message,
    '',
    account.help(brand.phone, brand.email),
    account.signature(brand.name),
  ].join('\n');

  const e = escapeHtml;
  const html = brandedMailLayout(
    brand,
    language,
    subject,
    `<p>${e(account.greeting(content.fullName))}</p>
<p>${e(intro)}</p>
${facts.map(([label, value]) => `<p>${e(label)}: <strong style="font-size:18px">${e(value)}</strong></p>`).join('\n')}
<p style="margin-top:24px">${e(words.copyHeading)}</p>
<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #cccccc;color:#333333">
<p><strong>${e(words.subjectLabel)}:</strong> ${e(content.subject)}</p>
<p>${paragraphs(content.message)}</p>
</blockquote>
<p style="color:#555555">${e(account.help(brand.phone, brand.email))}</p>
<p>${e(account.signature(brand.name))}</p>`,
  );
  return { subject, text, html };
}

export interface ContactNotificationExtras {
  /** The customer's language, so staff can answer in it. */
  language: Language;
  /** The signed-in portal user who sent it, when there was one. */
  username: string | null;
}

/** The notice to the utility's contact address; its staff read English. */
export function renderContactNotification(
  brand: MailBrand,
  content: ContactMailContent,
  extras: ContactNotificationExtras,
): RenderedMail {
  const isAppointment = content.kind === 'appointment' && content.appointmentAt !== null;
  const subject = isAppointment
    ? `Appointment request ${content.referenceNumber}: ${content.subject}`
    : `Contact message ${content.referenceNumber}: ${content.subject}`;
  const facts: [string, string][] = [
    ['Reference number', content.referenceNumber],
    ['Kind', isAppointment ? 'Book Appointment' : 'Send Message'],
    ...(isAppointment && content.appointmentAt
      ? ([['Preferred appointment', formatAppointment(content.appointmentAt, 'en', content.timeZone)]] as [
          string,
          string,
        ][])
      : []),
    ['Full name', content.fullName],
    ['Email', content.email],
    ['Phone', content.phone || '—'],
    ['Language', extras.language],
    ['Portal user', extras.username ?? 'not signed in'],
    ['Subject', content.subject],
  ];
  const intro = isAppointment
    ? `${content.fullName} asked for an appointment through the portal. Please confirm the time within one business day.`
    : `${content.fullName} sent a message through the portal. Please answer within one business day.`;
  const text = [intro, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', content.message].join(
    '\n',
  );
  const e = escapeHtml;
  const html = brandedMailLayout(
    brand,
    'en',
    subject,
    `<p>${e(intro)}</p>
<table style="border-collapse:collapse">${facts
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${e(label)}</th><td style="padding:4px 0">${e(value)}</td></tr>`,
      )
      .join('')}</table>
<p style="margin-top:16px">${paragraphs(content.message)}</p>`,
  );
  return { subject, text, html };
}
