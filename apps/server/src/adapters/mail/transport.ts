// Where e-mail leaves the product. SMTP (nodemailer) when SMTP_URL is set; otherwise the log
// transport, which only notes the message in the log (never its body: codes do not belong in
// logs): the outbox row itself is the mailbox.
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on notices). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

export function createLogTransport(log: (line: string) => void): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      log(`mail to ${mail.to}: ${mail.subject}`);
    },
    close: () => undefined,
  };
}
