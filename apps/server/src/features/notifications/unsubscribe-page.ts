// The small server-rendered pages behind a notice's unsubscribe link, in the recipient's language.
// No script and no inline style (the site's CSP allows neither): a heading, a sentence, a button.
import type { Language, NoticeType } from '@gridfront/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { NOTICE_STRINGS } from '../mail/templates/notice-strings.ts';

interface PageStrings {
  title: string;
  confirm: (typeName: string, email: string) => string;
  button: string;
  done: (typeName: string, email: string) => string;
  invalid: string;
  settings: string;
}

const STRINGS: Record<Language, PageStrings> = {
  en: {
    title: 'Unsubscribe',
    confirm: (type, email) => `Stop "${type}" e-mails to ${email}? Other notices are not affected.`,
    button: 'Unsubscribe',
    done: (type, email) =>
      `You are unsubscribed: ${email} will no longer receive "${type}" e-mails. You can turn them back on in Settings.`,
    invalid: 'This unsubscribe link is not valid. Sign in and choose your e-mails in Settings.',
    settings: 'Go to Settings',
  },
  es: {
    title: 'Darse de baja',
    confirm: (type, email) => `¿Dejar de enviar correos «${type}» a ${email}? Los demás avisos no cambian.`,
    button: 'Darse de baja',
    done: (type, email) =>
      `Se ha dado de baja: ${email} ya no recibirá correos «${type}». Puede volver a activarlos en Configuración.`,
    invalid:
      'Este enlace para darse de baja no es válido. Inicie sesión y elija sus correos en Configuración.',
    settings: 'Ir a Configuración',
  },
  ta: {
    title: 'விலகு',
    confirm: (type, email) => `${email} க்கு "${type}" மின்னஞ்சல்களை நிறுத்தவா? மற்ற அறிவிப்புகள் மாறாது.`,
    button: 'விலகு',
    done: (type, email) =>
      `நீங்கள் விலகிவிட்டீர்கள்: ${email} இனி "${type}" மின்னஞ்சல்களைப் பெறாது. அமைப்புகளில் மீண்டும் இயக்கலாம்.`,
    invalid: 'இந்த விலகல் இணைப்பு செல்லாது. உள்நுழைந்து அமைப்புகளில் உங்கள் மின்னஞ்சல்களைத் தேர்ந்தெடுங்கள்.',
    settings: 'அமைப்புகளுக்குச் செல்',
  },
  de: {
    title: 'Abbestellen',
    confirm: (type, email) =>
      `„${type}“-E-Mails an ${email} abbestellen? Andere Hinweise bleiben unverändert.`,
    button: 'Abbestellen',
    done: (type, email) =>
      `Abbestellt: ${email} erhält keine „${type}“-E-Mails mehr. Sie können sie in den Einstellungen wieder einschalten.`,
    invalid:
      'Dieser Abbestell-Link ist ungültig. Melden Sie sich an und wählen Sie Ihre E-Mails in den Einstellungen.',
    settings: 'Zu den Einstellungen',
  },
};

function page(language: Language, utility: string, title: string, body: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(title)} | ${e(utility)}</title></head>
<body><main><h1>${e(title)}</h1>
${body}
</main></body></html>`;
}

export function confirmationPage(
  language: Language,
  utility: string,
  claim: { type: NoticeType; email: string },
  actionUrl: string,
): string {
  const words = STRINGS[language];
  const typeName = NOTICE_STRINGS[language].typeName[claim.type];
  const e = escapeHtml;
  return page(
    language,
    utility,
    words.title,
    `<p>${e(words.confirm(typeName, claim.email))}</p>
<form method="post" action="${e(actionUrl)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${e(words.button)}</button></form>`,
  );
}

export function unsubscribedPage(
  language: Language,
  utility: string,
  claim: { type: NoticeType; email: string },
): string {
  const words = STRINGS[language];
  const typeName = NOTICE_STRINGS[language].typeName[claim.type];
  return page(
    language,
    utility,
    words.title,
    `<p role="status">${escapeHtml(words.done(typeName, claim.email))}</p>
<p><a href="/settings">${escapeHtml(words.settings)}</a></p>`,
  );
}

export function invalidLinkPage(language: Language, utility: string): string {
  const words = STRINGS[language];
  return page(
    language,
    utility,
    words.title,
    `<p>${escapeHtml(words.invalid)}</p>
<p><a href="/settings">${escapeHtml(words.settings)}</a></p>`,
  );
}
