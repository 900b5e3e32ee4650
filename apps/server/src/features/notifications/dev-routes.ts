// Outside production only, and only to this machine (like the dev mailbox): runs the notice
// scheduler now, optionally as of another moment, so an end-to-end run whose clocks are off can
// see a reminder without waiting for the calendar.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { isLoopbackAddress } from '../mail/loopback.ts';
import { sendBillDueNotices } from './bill-due-scheduler.ts';

const runRequest = z.object({ now: z.iso.datetime().optional() }).default({});

export const notificationDevRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, options) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) return reply.callNotFound();
  });

  app.post('/notifications/run', { schema: { hide: true } }, async (request, reply) => {
    const body = runRequest.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ message: 'now must be an ISO date-time' });
    const report = await sendBillDueNotices(app.db, {
      publicUrl: options.publicUrl,
      ...(body.data.now ? { now: new Date(body.data.now) } : {}),
    });
    app.mail.wake();
    return report;
  });
};
