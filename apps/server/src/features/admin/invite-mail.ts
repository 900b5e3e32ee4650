// The invitation of a new agent or administrator (issue 14), in the utility's content language. It
// carries no secret: the one-time code comes from the forgot-password flow, to this address only.
type Language = 'en' | 'es' | 'ta' | 'de';

interface Facts {
  utility: string;
  username: string;
  role: 'agent' | 'admin';
  setPasswordUrl: string;
}

const ROLE: Record<Language, Record<Facts['role'], string>> = {
  en: { agent: 'an agent', admin: 'an administrator' },
  es: { agent: 'agente', admin: 'administrador' },
  ta: { agent: 'முகவர்', admin: 'நிர்வாகி' },
  de: { agent: 'Mitarbeiter', admin: 'Administrator' },
};

const TEXTS: Record<
  Language,
  { subject: (f: Facts) => string; lines: (f: Facts, role: string) => string[] }
> = {
  en: {
    subject: (f) => `${f.utility}: set your password`,
    lines: (f, role) => [
      `You have been invited as ${role} of the ${f.utility} customer portal.`,
      `Your username is ${f.username}. To set your password, open ${f.setPasswordUrl}, enter your username and the code we then send to this address, and choose a password.`,
      'If you did not expect this message, ignore it: nothing happens without the code.',
    ],
  },
  es: {
    subject: (f) => `${f.utility}: establezca su contraseña`,
    lines: (f, role) => [
      `Ha sido invitado como ${role} del portal de clientes de ${f.utility}.`,
      `Su nombre de usuario es ${f.username}. Para establecer su contraseña, abra ${f.setPasswordUrl}, escriba su nombre de usuario y el código que le enviaremos a esta dirección, y elija una contraseña.`,
      'Si no esperaba este mensaje, ignórelo: sin el código no ocurre nada.',
    ],
  },
  ta: {
    subject: (f) => `${f.utility}: உங்கள் கடவுச்சொல்லை அமைக்கவும்`,
    lines: (f, role) => [
      `${f.utility} வாடிக்கையாளர் போர்ட்டலின் ${role} ஆக நீங்கள் அழைக்கப்பட்டுள்ளீர்கள்.`,
      `உங்கள் பயனர்பெயர் ${f.username}. கடவுச்சொல்லை அமைக்க ${f.setPasswordUrl} ஐத் திறந்து, உங்கள் பயனர்பெயரையும் இந்த முகவரிக்கு நாங்கள் அனுப்பும் குறியீட்டையும் உள்ளிட்டு, ஒரு கடவுச்சொல்லைத் தேர்ந்தெடுக்கவும்.`,
      'இந்தச் செய்தியை நீங்கள் எதிர்பார்க்கவில்லை என்றால், புறக்கணிக்கவும்: குறியீடு இல்லாமல் எதுவும் நடக்காது.',
    ],
  },
  de: {
    subject: (f) => `${f.utility}: Legen Sie Ihr Passwort fest`,
    lines: (f, role) => [
      `Sie wurden als ${role} des Kundenportals von ${f.utility} eingeladen.`,
      `Ihr Benutzername ist ${f.username}. Um Ihr Passwort festzulegen, öffnen Sie ${f.setPasswordUrl}, geben Sie Ihren Benutzernamen und den Code ein, den wir dann an diese Adresse senden, und wählen Sie ein Passwort.`,
      'Falls Sie diese Nachricht nicht erwartet haben, ignorieren Sie sie: Ohne den Code geschieht nichts.',
    ],
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function staffInvitation(
  language: string,
  facts: Facts,
): { subject: string; text: string; html: string } {
  const lang = (language.slice(0, 2) in TEXTS ? language.slice(0, 2) : 'en') as Language;
  const lines = TEXTS[lang].lines(facts, ROLE[lang][facts.role]);
  return {
    subject: TEXTS[lang].subject(facts),
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="${lang}"><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
  };
}
