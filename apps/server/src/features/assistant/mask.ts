// Masks what must never appear in an answer or a stored chat log: card numbers (13–19 digits, with
// or without spaces or dashes: the last four stay), one-time codes and other long digit runs
// (account, routing and bank numbers keep their last four), and whatever follows "password",
// "PIN" or "code" in any of the portal's languages.
const MASK = '•';

/** 13–19 digits, optionally grouped by single spaces or dashes. */
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
/** A bare run of 6 or more digits not part of an amount ("$100,000.00" has none). */
const DIGIT_RUN = /(?<![\d.,$€])\b\d{6,}\b(?![.,]\d)/g;
/** A secret's label, an optional "is" / ":" and the secret (one word). */
const PASSWORD_PHRASE =
  /\b(password|passwort|kennwort|contraseña|clave|passcode)(\s*(?:is|es|ist|lautet|=|:)\s*)([^\s,;.!?]+)/giu;
/** A PIN or code is masked only when it holds digits ("rate code E-RS" stays). */
const CODE_PHRASE = /\b(pin|code|código|codigo)(\s*(?:is|es|ist|=|:)?\s*)(\S*\d[^\s,;.!?]*)/giu;
const TAMIL_SECRET = /(கடவுச்சொல்|பின்|குறியீடு)(\s*[:=]?\s*)([^\s,;.!?]+)/gu;

function keepLastFour(digits: string): string {
  const plain = digits.replace(/\D/g, '');
  return `${MASK.repeat(4)}${plain.slice(-4)}`;
}

/** The text with secrets masked; everything else as it was. */
export function maskSecrets(text: string): string {
  return text
    .replace(CARD, (match) => keepLastFour(match))
    .replace(DIGIT_RUN, (match) => (match.length >= 8 ? keepLastFour(match) : MASK.repeat(match.length)))
    .replace(PASSWORD_PHRASE, (_m, label: string, gap: string) => `${label}${gap}${MASK.repeat(6)}`)
    .replace(CODE_PHRASE, (_m, label: string, gap: string, secret: string) =>
      secret.startsWith(MASK) ? `${label}${gap}${secret}` : `${label}${gap}${MASK.repeat(6)}`,
    )
    .replace(TAMIL_SECRET, (_m, label: string, gap: string) => `${label}${gap}${MASK.repeat(6)}`);
}

/**
 * Masks a streamed text piece by piece: holds back the tail that could still grow into a secret
 * (a digit run, or the word after a secret's label), so nothing unmasked leaves before it is whole.
 */
export class StreamMasker {
  private pending = '';

  push(chunk: string): string {
    this.pending += chunk;
    // Emit up to the last whitespace that is followed by neither digits nor a secret's label.
    const cut = safeCut(this.pending);
    if (cut <= 0) return '';
    const out = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return maskSecrets(out);
  }

  flush(): string {
    const out = maskSecrets(this.pending);
    this.pending = '';
    return out;
  }
}

const LABEL_TAIL =
  /(?:password|passwort|kennwort|contraseña|clave|passcode|pin|code|código|codigo|கடவுச்சொல்|பின்|குறியீடு)\s*(?:is|es|ist|=|:)?\s*\S*$/iu;

function safeCut(text: string): number {
  let end = text.length;
  // A label near the end: keep it and what follows until the next sentence.
  const label = LABEL_TAIL.exec(text);
  if (label) end = Math.min(end, label.index);
  // Trailing digits, spaces and dashes may be the start of a card number.
  const digits = /[\d][\d -]*$/.exec(text.slice(0, end));
  if (digits) end = digits.index;
  // Cut at a whitespace so that a word is never split.
  const lastSpace = text.slice(0, end).search(/\s\S*$/);
  return lastSpace >= 0 ? lastSpace + 1 : 0;
}
