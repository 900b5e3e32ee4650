// The one-click unsubscribe link of every notice (RFC 8058), outside the API's client credential:
// a mail client or a browser follows it without signing in. GET shows a confirmation page (link
// scanners that prefetch it change nothing); POST, from that page's button or from the mail
// client's List-Unsubscribe-Post, turns that one notice type off for that address.
import { unsubscribeQuery } from '@gridfront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/accept-language.ts';
import { resolveRequestTenant, tenantOf } from '../../plugins/tenant.ts';
import { noticeSettingsOf } from './notification-settings.ts';
import { setPreferences } from './preferences.ts';
import { confirmationPage, invalidLinkPage, unsubscribedPage } from './unsubscribe-page.ts';
import { readUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token.ts';

/** The claim of the request's token, checked with the key of the utility the request came to. */
async function claimOf(
  request: FastifyRequest<{ Querystring: { token: string } }>,
): Promise<UnsubscribeClaim | null> {
  const tenant = tenantOf(request);
  const { unsubscribeKey } = await noticeSettingsOf(request.server.db, tenant.id);
  const claim = readUnsubscribeToken(unsubscribeKey, request.query.token);
  return claim && claim.tenantId === tenant.id ? claim : null;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', resolveRequestTenant);
  // RFC 8058 clients post "List-Unsubscribe=One-Click" as a form; the token in the URL is all
  // that matters, so the body is read and ignored.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  const schema = {
    tags: ['notifications'],
    querystring: unsubscribeQuery,
  };

  app.get(
    '/unsubscribe',
    {
      schema: {
        ...schema,
        summary: "The page behind a notice's unsubscribe link: asks to confirm (HTML; no sign-in)",
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const claim = await claimOf(request);
      const fallback = requestLanguage(undefined, request.headers['accept-language']);
      if (!claim) return html(reply, 400, invalidLinkPage(fallback, tenant.name));
      return html(reply, 200, confirmationPage(claim.language, tenant.name, claim, request.url));
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        ...schema,
        summary:
          "One-click unsubscribe (RFC 8058 List-Unsubscribe-Post): turns off the link's notice type for its address (HTML; no sign-in)",
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const claim = await claimOf(request);
      const fallback = requestLanguage(undefined, request.headers['accept-language']);
      if (!claim) return html(reply, 400, invalidLinkPage(fallback, tenant.name));
      await setPreferences(app.db, tenant.id, claim.email, { [claim.type]: false });
      return html(reply, 200, unsubscribedPage(claim.language, tenant.name, claim));
    },
  );
};
