// A real SMTP server for the end-to-end run (the smtp-server package): the product sends its mail
// here over SMTP, and every message is appended to a JSONL file that the tests read (mailbox.ts).
import { appendFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMessage {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  receivedAt: string;
  /** The whole message as sent (headers and MIME body). */
  raw: string;
}

export interface SmtpCatcher {
  url: string;
  mailboxPath: string;
  close: () => Promise<void>;
}

export async function startSmtpCatcher(mailboxPath: string): Promise<SmtpCatcher> {
  writeFileSync(mailboxPath, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message: CaughtMessage = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          receivedAt: new Date().toISOString(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        appendFileSync(mailboxPath, `${JSON.stringify(message)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailboxPath,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
