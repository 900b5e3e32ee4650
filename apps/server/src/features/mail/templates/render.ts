// Renders an account e-mail in the user's language with the utility's name, contact and colour:
// a plain-text part and an HTML part in which every inserted value is escaped.

import { FALLBACK_LANGUAGE, LANGUAGES, type Language, type ThemeId } from '@gridfront/contracts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailKind, MailStrings } from './mail-strings.ts';
import { de } from './strings-de.ts';
import { en } from './strings-en.ts';
import { es } from './strings-es.ts';
import { ta } from './strings-ta.ts';

export const MAIL_STRINGS: Record<Language, MailStrings> = { en, es, ta, de };

/** Header colour of each theme (the dark brand colour of its token set). */
export const THEME_COLOURS: Record<ThemeId, string> = {
  green: '#1b5e20',
  red: '#b71c1c',
  blue: '#0d47a1',
  black: '#212121',
  darkBlue: '#0b2545',
  goldenState: '#8a6d00',
  innpower: '#00507a',
  lubbock: '#8c1d18',
  clearWater: '#005f73',
};

export interface MailBrand {
  name: string;
  theme: ThemeId;
  phone: string;
  email: string;
}

export interface MailContent {
  recipientName: string;
  /** A one-time code (code mails). */
  code?: string;
  codeTtlMinutes?: number;
  /** Usernames or account numbers (the forgot-* mails). */
  items?: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function mailLanguage(locale: string | null | undefined): Language {
  const base = (locale ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : FALLBACK_LANGUAGE;
}

export function renderMail(
  kind: MailKind,
  locale: string | null | undefined,
  brand: MailBrand,
  content: MailContent,
): RenderedMail {
  const strings = MAIL_STRINGS[mailLanguage(locale)];
  const text = strings.kinds[kind];
  const subject = text.subject(brand.name);
  const codeLines =
    content.code !== undefined
      ? [
          `${strings.codeLabel}: ${content.code}`,
          strings.codeExpiry(content.codeTtlMinutes ?? 10),
          strings.neverShare,
        ]
      : [];
  const items = content.items ?? [];
  const closing = [strings.notYou, strings.help(brand.phone, brand.email), strings.signature(brand.name)];

  const plain = [
    strings.greeting(content.recipientName),
    '',
    text.intro,
    ...(items.length ? ['', ...items.map((item) => `  ${item}`)] : []),
    ...(codeLines.length ? ['', ...codeLines] : []),
    '',
    ...closing,
  ].join('\n');

  const colour = THEME_COLOURS[brand.theme];
  const e = escapeHtml;
  const codeHtml =
    content.code !== undefined
      ? `<p style="margin:16px 0 4px">${e(strings.codeLabel)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:0 0 8px">${e(content.code)}</p>
<p>${e(strings.codeExpiry(content.codeTtlMinutes ?? 10))}</p><p>${e(strings.neverShare)}</p>`
      : '';
  const listHtml = items.length
    ? `<ul>${items.map((item) => `<li style="font-size:18px;font-weight:bold">${e(item)}</li>`).join('')}</ul>`
    : '';
  const html = `<!doctype html>
<html lang="${mailLanguage(locale)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;background:#f4f4f4">
<div style="max-width:560px;margin:0 auto;background:#ffffff">
<div style="background:${colour};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${e(brand.name)}</div>
<div style="padding:24px">
<p>${e(strings.greeting(content.recipientName))}</p>
<p>${e(text.intro)}</p>
${listHtml}${codeHtml}
<p style="color:#555555">${e(strings.notYou)}</p>
<p style="color:#555555">${e(strings.help(brand.phone, brand.email))}</p>
<p>${e(strings.signature(brand.name))}</p>
</div></div></body></html>`;
  return { subject, text: plain, html };
}

/** The frame of every branded mail: the utility's name on its colour, then the body (already escaped). */
export function brandedMailLayout(
  brand: MailBrand,
  language: Language,
  subject: string,
  body: string,
): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;background:#f4f4f4">
<div style="max-width:560px;margin:0 auto;background:#ffffff">
<div style="background:${THEME_COLOURS[brand.theme]};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${e(brand.name)}</div>
<div style="padding:24px">
${body}
</div></div></body></html>`;
}

export interface FactsMailParts {
  subject: string;
  /** The greeting's name; none: no greeting (a receipt). */
  recipientName?: string;
  intro: string;
  /** Label and value, shown as a table (HTML) or "label: value" lines (text). */
  facts: ReadonlyArray<readonly [string, string]>;
  /** Paragraphs after the facts, before the help line and the signature. */
  after: readonly string[];
  /** A button to the portal after those paragraphs (the address also in the text part). */
  link?: { label: string; url: string };
}

/** A mail of facts (receipt, AutoPay notice, new bill): intro, a table of facts, help and signature. */
export function renderFactsMail(brand: MailBrand, language: Language, parts: FactsMailParts): RenderedMail {
  const account = MAIL_STRINGS[language];
  const greeting = parts.recipientName === undefined ? [] : [account.greeting(parts.recipientName), ''];
  const text = [
    ...greeting,
    parts.intro,
    '',
    ...parts.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...parts.after,
    ...(parts.link ? [`${parts.link.label}: ${parts.link.url}`, ''] : []),
    account.help(brand.phone, brand.email),
    account.signature(brand.name),
  ].join('\n');
  const e = escapeHtml;
  const rows = parts.facts
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 8px 6px 0;color:#555555">${e(label)}</td><td style="padding:6px 0;font-weight:bold;text-align:right">${e(value)}</td></tr>`,
    )
    .join('\n');
  const html = brandedMailLayout(
    brand,
    language,
    parts.subject,
    `${parts.recipientName === undefined ? '' : `<p>${e(account.greeting(parts.recipientName))}</p>\n`}<p>${e(parts.intro)}</p>
<table role="presentation" style="border-collapse:collapse;width:100%">
${rows}
</table>
${parts.after.map((paragraph) => `<p>${e(paragraph)}</p>`).join('\n')}
${parts.link ? `<p><a href="${e(parts.link.url)}" style="display:inline-block;background:${THEME_COLOURS[brand.theme]};color:#ffffff;padding:10px 16px;text-decoration:none;border-radius:4px">${e(parts.link.label)}</a></p>` : ''}
<p style="color:#555555">${e(account.help(brand.phone, brand.email))}</p>
<p>${e(account.signature(brand.name))}</p>`,
  );
  return { subject: parts.subject, text, html };
}
