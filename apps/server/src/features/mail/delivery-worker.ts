// Delivers the outbox. Runs in every instance; the claim in claimDueMail keeps them apart.
import type { MailTransport } from '../../adapters/mail/transport.ts';
import type { Database } from '../../db/client.ts';
import { claimDueMail, markFailed, markSent } from './outbox.ts';

export interface DeliveryWorker {
  /** Delivers what is due now (called after enqueueing so mail goes out at once). */
  wake(): void;
  /** Runs one delivery round and resolves when it is done; used by tests. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export interface DeliveryWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  pollMs?: number;
  batchSize?: number;
  onError?: (error: unknown, mailId: string) => void;
}

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, transport, from } = options;
  const batchSize = options.batchSize ?? 20;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function round(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claimDueMail(db, batchSize);
      for (const mail of batch) {
        try {
          await transport.send({
            from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
            ...(mail.headers ? { headers: mail.headers } : {}),
          });
          // The log transport keeps no copy: its outbox row is the dev mailbox.
          await markSent(db, mail.id, { keepBody: transport.kind === 'log' });
          delivered += 1;
        } catch (error) {
          options.onError?.(error, mail.id);
          await markFailed(
            db,
            mail.id,
            mail.attempts,
            error instanceof Error ? error.message : String(error),
          );
        }
      }
      if (batch.length < batchSize || stopped) return delivered;
    }
  }

  function drain(): Promise<number> {
    // One round at a time per instance; a wake during a round is served by the next poll.
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => {
    drain().catch((error) => options.onError?.(error, '-'));
  }, options.pollMs ?? 5000);
  timer.unref();

  return {
    wake: () => {
      drain().catch((error) => options.onError?.(error, '-'));
    },
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
