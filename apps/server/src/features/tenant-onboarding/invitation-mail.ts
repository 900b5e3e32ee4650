// The first administrator's invitation (issue 14): where to set a password, in the utility's first
// language. It carries no secret: the one-time code comes from the forgot-password flow, to this
// address only.
import type { Language } from '@gridfront/contracts';

interface InvitationFacts {
  utility: string;
  username: string;
  setPasswordUrl: string;
}

interface InvitationText {
  subject: (utility: string) => string;
  lines: (facts: InvitationFacts) => string[];
}

const TEXTS: Record<Language, InvitationText> = {
  en: {
    subject: (utility) => `${utility}: set your administrator password`,
    lines: ({ utility, username, setPasswordUrl }) => [
      `You are the first administrator of the ${utility} customer portal.`,
      `Your username is ${username}. To set your password, open ${setPasswordUrl}, enter your username and the code we then send to this address, and choose a password.`,
      'If you did not expect this message, ignore it: nothing happens without the code.',
    ],
  },
  es: {
    subject: (utility) => `${utility}: establezca su contraseña de administrador`,
    lines: ({ utility, username, setPasswordUrl }) => [
      `Usted es el primer administrador del portal de clientes de ${utility}.`,
      `Su nombre de usuario es ${username}. Para establecer su contraseña, abra ${setPasswordUrl}, escriba su nombre de usuario y el código que le enviaremos a esta dirección, y elija una contraseña.`,
      'Si no esperaba este mensaje, ignórelo: sin el código no ocurre nada.',
    ],
  },
  ta: {
    subject: (utility) => `${utility}: உங்கள் நிர்வாகி கடவுச்சொல்லை அமைக்கவும்`,
    lines: ({ utility, username, setPasswordUrl }) => [
      `${utility} வாடிக்கையாளர் போர்ட்டலின் முதல் நிர்வாகி நீங்கள்.`,
      `உங்கள் பயனர்பெயர் ${username}. கடவுச்சொல்லை அமைக்க ${setPasswordUrl} ஐத் திறந்து, உங்கள் பயனர்பெயரையும் இந்த முகவரிக்கு நாங்கள் அனுப்பும் குறியீட்டையும் உள்ளிட்டு, ஒரு கடவுச்சொல்லைத் தேர்ந்தெடுக்கவும்.`,
      'இந்தச் செய்தியை நீங்கள் எதிர்பார்க்கவில்லை என்றால், புறக்கணிக்கவும்: குறியீடு இல்லாமல் எதுவும் நடக்காது.',
    ],
  },
  de: {
    subject: (utility) => `${utility}: Legen Sie Ihr Administratorpasswort fest`,
    lines: ({ utility, username, setPasswordUrl }) => [
      `Sie sind der erste Administrator des Kundenportals von ${utility}.`,
      `Ihr Benutzername ist ${username}. Um Ihr Passwort festzulegen, öffnen Sie ${setPasswordUrl}, geben Sie Ihren Benutzernamen und den Code ein, den wir dann an diese Adresse senden, und wählen Sie ein Passwort.`,
      'Falls Sie diese Nachricht nicht erwartet haben, ignorieren Sie sie: Ohne den Code geschieht nichts.',
    ],
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function adminInvitation(
  language: string,
  facts: InvitationFacts,
): { subject: string; text: string; html: string } {
  const texts = TEXTS[(language in TEXTS ? language : 'en') as Language];
  const lines = texts.lines(facts);
  const url = escapeHtml(facts.setPasswordUrl);
  return {
    subject: texts.subject(facts.utility),
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="${escapeHtml(language)}"><body>${lines
      .map((line) => `<p>${escapeHtml(line).replace(url, `<a href="${url}">${url}</a>`)}</p>`)
      .join('')}</body></html>`,
  };
}
