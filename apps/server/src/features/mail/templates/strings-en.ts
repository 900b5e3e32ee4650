import type { MailStrings } from './mail-strings.ts';

export const en: MailStrings = {
  greeting: (name) => `Hello ${name},`,
  codeLabel: 'Your verification code',
  codeExpiry: (minutes) => `The code expires in ${minutes} minutes and can be used once.`,
  neverShare: 'Never share this code. Our staff will never ask you for it.',
  notYou: 'If you did not ask for this, you can ignore this e-mail; nothing changes in your account.',
  help: (phone, email) => `Questions? Call us at ${phone} or write to ${email}.`,
  signature: (utility) => `${utility} customer service`,
  kinds: {
    signupCode: {
      subject: (utility) => `${utility}: verify your e-mail address`,
      intro: 'Thank you for signing up. Enter this code to verify your e-mail address.',
    },
    tfaCode: {
      subject: (utility) => `${utility}: your sign-in code`,
      intro: 'Someone signed in to your account with your password. Enter this code to finish signing in.',
    },
    forgotPasswordCode: {
      subject: (utility) => `${utility}: reset your password`,
      intro: 'We received a request to reset your password. Enter this code to choose a new one.',
    },
    forgotUsername: {
      subject: (utility) => `${utility}: your username`,
      intro: 'You asked for the username registered with this e-mail address:',
    },
    forgotAccountNumber: {
      subject: (utility) => `${utility}: your account number`,
      intro: 'You asked for the account number registered with this e-mail address:',
    },
    passwordChanged: {
      subject: (utility) => `${utility}: your password was changed`,
      intro:
        'The password of your account was just changed and every other session was signed out. If you did not do this, reset your password now and contact us.',
    },
  },
};
