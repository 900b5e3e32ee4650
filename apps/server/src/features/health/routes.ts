// Probes for orchestrators: /healthz says the process is alive, /readyz that it can reach its
// database. Each host prefix also answers /info so a host running alone can be checked.

import { errorResponse } from '@gridfront/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EnabledHost } from '../../config.ts';
import { errorBody } from '../../plugins/errors.ts';

const READY_TIMEOUT_MS = 2_000;

const probeResponse = z.object({ status: z.enum(['ok', 'ready']) });
const hostInfoResponse = z.object({
  host: z.enum(['api', 'ml', 'pay']),
  status: z.literal('ok'),
  version: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: probeResponse } }, config: { rateLimit: false } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: probeResponse, 503: errorResponse } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const answered = await Promise.race([
        app.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(resolve, READY_TIMEOUT_MS, false).unref()),
      ]);
      if (!answered) return reply.code(503).send(errorBody(503, 'Database unavailable'));
      return { status: 'ready' as const };
    },
  );
};

export function hostInfoRoutes(host: EnabledHost, version: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/info',
      {
        schema: { tags: ['health'], summary: `The ${host} host is up`, response: { 200: hostInfoResponse } },
      },
      async () => ({ host, status: 'ok' as const, version }),
    );
  };
}
