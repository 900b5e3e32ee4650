// E-mail delivery for the whole app: SMTP when SMTP_URL is set, else the log (the outbox is the
// mailbox then). Features write to the outbox inside their transaction and call app.mail.wake().
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createLogTransport, createSmtpTransport } from '../adapters/mail/transport.ts';
import { type DeliveryWorker, startDeliveryWorker } from '../features/mail/delivery-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: DeliveryWorker;
  }
}

export interface MailPluginOptions {
  smtpUrl: string | undefined;
  from: string;
}

const mailPlugin: FastifyPluginAsync<MailPluginOptions> = async (app, options) => {
  const transport = options.smtpUrl
    ? createSmtpTransport(options.smtpUrl)
    : createLogTransport((line) =>
        app.log.info(
          { mail: line },
          'mail kept in the outbox (no SMTP_URL): read it at /dev/mailbox on this machine',
        ),
      );
  const worker = startDeliveryWorker({
    db: app.db,
    transport,
    from: options.from,
    onError: (error, mailId) =>
      app.log.warn({ err: error, mailId }, 'mail delivery failed; it will be retried'),
  });
  app.decorate('mail', worker);
  app.addHook('onClose', async () => {
    await worker.stop();
  });
};

export const mail = fp(mailPlugin, { name: 'mail', dependencies: ['db'] });
