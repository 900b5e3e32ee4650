// The words of every account e-mail, one object per language (en, es, ta, de).

export const MAIL_KINDS = [
  'signupCode',
  'tfaCode',
  'forgotPasswordCode',
  'forgotUsername',
  'forgotAccountNumber',
  'passwordChanged',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailText {
  subject: (utility: string) => string;
  /** The paragraph before the code or the list. */
  intro: string;
}

export interface MailStrings {
  greeting: (name: string) => string;
  codeLabel: string;
  codeExpiry: (minutes: number) => string;
  neverShare: string;
  notYou: string;
  help: (phone: string, email: string) => string;
  signature: (utility: string) => string;
  kinds: Record<MailKind, MailText>;
}
