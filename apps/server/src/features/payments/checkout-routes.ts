// The payments host (/pay): the short-lived tokens of spec point 7 and the hosted checkout page
// with its two calls. The page itself is the portal's app shell at /pay/checkout; the token rides
// in the URL's fragment.
import {
  checkoutPayRequest,
  checkoutRequest,
  checkoutResponse,
  errorResponse,
  generateAuthTokenRequest,
  generateAuthTokenResponse,
  generatePaymentTokenUrlRequest,
  paymentStatusResponse,
  paymentTokenUrlResponse,
  quickPayQrQuery,
} from '@gridfront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { localDate } from '../../domain/calendar/local-day.ts';
import { requestLanguage } from '../../lib/accept-language.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import type { HumanCheck } from '../auth/altcha.ts';
import { grantAuthToken } from './authorize-payment.ts';
import { describeCheckout, payCheckout, spendAuthToken } from './checkout-service.ts';
import { openHostedPage } from './hosted-session.ts';
import { activeProcessor } from './processor-registry.ts';

export interface CheckoutRoutesOptions {
  humanCheck: HumanCheck;
}

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 429: errorResponse } as const;

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  app.post(
    '/auth/generateAuthToken',
    {
      schema: {
        tags: ['payments'],
        summary:
          'A single-use 15-minute token to pay one account: for a signed-in owner or staff (accountId), a guest (account number, PIN, human check), or the utility’s own web site’s server (account number, with Authorization: Bearer gfsk_… — a server-to-server secret, refused from a browser)',
        body: generateAuthTokenRequest,
        response: { 200: generateAuthTokenResponse, ...errors, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const granted = await grantAuthToken(app.db, request, reply, options.humanCheck, request.body);
      return {
        authToken: granted.token,
        expiresAt: granted.expiresAt.toISOString(),
        amountDueCents: granted.amountDueCents,
        accountNumberLast4: granted.accountNumber.slice(-4),
      };
    },
  );

  app.post(
    '/payment/generatePaymentTokenUrl',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Spends an auth token on the URL of a hosted payment page of the active payment platform (single use, 15 minutes)',
        body: generatePaymentTokenUrlRequest,
        response: { 200: paymentTokenUrlResponse, ...errors, 503: errorResponse },
      },
    },
    async (request) => {
      const { authToken, ...overrides } = request.body;
      const tenantId = tenantOf(request).id;
      // The token first (a stranger's or a spent one is 401 whatever the platform), then the
      // platform in the same transaction: with none, the 503 rolls the spending back.
      const { grant, processor } = await app.db.transaction(async (tx) => {
        const spent = await spendAuthToken(tx, tenantId, authToken, overrides);
        return { grant: spent, ...(await activeProcessor(tx, app.paymentProcessors, tenantId)) };
      });
      return openHostedPage(processor, grant, request.headers['accept-language']);
    },
  );

  app.post(
    '/payment/checkout',
    {
      schema: {
        tags: ['payments'],
        summary: 'What the hosted page shows: account, amount due, fees, test mode, and the payment it took',
        body: checkoutRequest,
        response: { 200: checkoutResponse, ...errors, 503: errorResponse },
      },
    },
    (request) => describeCheckout(app.db, tenantOf(request), request.body.token),
  );

  app.post(
    '/payment/submit',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Pays with a card (2.5 % fee) or a bank account ($0.75): one attempt per attemptKey; a repeat replays it',
        body: checkoutPayRequest,
        response: { 200: paymentStatusResponse, ...errors, 409: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      await enforceRateLimits(
        app.db,
        tenant.id,
        [{ rule: RATE_LIMITS.paymentSubmitIp, subject: request.ip }],
        reply,
      );
      const status = await payCheckout(
        {
          db: app.db,
          tenant,
          processor: app.paymentProcessor,
          today: localDate(tenant.timeZone),
          language: requestLanguage(undefined, request.headers['accept-language']),
        },
        request.body,
      );
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        action: `payment.${status.status}`,
        detail: { confirmationNumber: status.confirmationNumber, amountCents: status.amountCents },
      });
      if (status.status === 'succeeded') app.mail.wake();
      return status;
    },
  );

  app.get(
    '/payment/quickPayQr',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Click/Scan to Pay: an SVG QR code of this portal’s Quick Pay with the account number filled in (no PIN, no amount)',
        querystring: quickPayQrQuery,
        response: { 400: errorResponse },
      },
    },
    async (request, reply) => {
      // Quick Pay on the host the customer used, as on the bill PDF, so a tenant's domain stays its own.
      const target = new URL(
        `/paybill?account=${request.query.account}`,
        `${request.protocol}://${request.host}`,
      );
      const svg = await QRCode.toString(target.href, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'private, max-age=3600')
        .send(svg as never);
    },
  );

  // The page itself: the portal's shell, which reads the token from the fragment.
  app.get('/checkout', { schema: { hide: true } }, (request, reply) => {
    if (!app.hasDecorator('serveAppShell')) return sendError(reply, 404, 'The portal is not served here');
    return app.serveAppShell(request, reply);
  });
};
