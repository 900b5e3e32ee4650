// The whole application as one Fastify plugin: cross-cutting plugins first, then the three hosts
// as path prefixes (each can be left out with HOSTS / --hosts), the probes and the portal.
// server.ts gives it a logger and a port; tests build it with buildApp and call app.inject.
import { randomUUID } from 'node:crypto';
import { HOST_PREFIXES } from '@gridfront/contracts';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig, EnabledHost } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { tenantContentRoutes } from './features/admin/content-public-routes.ts';
import { adminContentRoutes } from './features/admin/content-routes.ts';
import { brandImageRoutes } from './features/admin/images-routes.ts';
import { knowledgeRoutes } from './features/admin/knowledge-routes.ts';
import { adminLanguagesRoutes } from './features/admin/languages-routes.ts';
import { peopleRoutes } from './features/admin/people-routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { adminSettingsRoutes } from './features/admin/settings-routes.ts';
import { siteKeysRoutes } from './features/admin/site-keys-routes.ts';
import { assistantRoutes } from './features/assistant/routes.ts';
import { widgetRoutes } from './features/assistant/widget-route.ts';
import { createHumanCheck } from './features/auth/altcha.ts';
import { authRoutes } from './features/auth/routes.ts';
import { autopayJob } from './features/autopay/autopay-plugin.ts';
import { autopayRoutes } from './features/autopay/autopay-routes.ts';
import { billRunJob } from './features/bill-run/bill-run-plugin.ts';
import { billPdfRoutes } from './features/billing/bill-pdf-routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { greenButtonRoutes } from './features/green-button/routes.ts';
import { healthRoutes, hostInfoRoutes } from './features/health/routes.ts';
import { insightsRoutes } from './features/insights/routes.ts';
import { devMailboxRoutes } from './features/mail/dev-mailbox-routes.ts';
import { notificationDevRoutes } from './features/notifications/dev-routes.ts';
import { notificationsJob } from './features/notifications/notifications-plugin.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { unsubscribeRoutes } from './features/notifications/unsubscribe-routes.ts';
import { oracleAccountRoutes } from './features/oracle/routes.ts';
import { checkoutRoutes } from './features/payments/checkout-routes.ts';
import { customerPaymentRoutes } from './features/payments/customer-payment-routes.ts';
import { paymentsCore } from './features/payments/payments-plugin.ts';
import { platformRoutes } from './features/payments/platform-routes.ts';
import { rateComparisonRoutes } from './features/rate-comparison/compare-routes.ts';
import { retentionJob } from './features/retention/retention-job.ts';
import { serviceRequestRoutes } from './features/service-requests/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { staffRoutes } from './features/staff/routes.ts';
import { tenantRoutes } from './features/tenant/routes.ts';
import { answerSerializer } from './plugins/answer-serializer.ts';
import { auth, embeddedJwtSecret, identifyUser } from './plugins/auth.ts';
import { requireClientCredential } from './plugins/client-credential.ts';
import { compression } from './plugins/compress.ts';
import { cookie } from './plugins/cookie.ts';
import { db } from './plugins/db.ts';
import { docs } from './plugins/docs.ts';
import { errors } from './plugins/errors.ts';
import { acceptEmptyJsonBodies } from './plugins/json-body.ts';
import { mail } from './plugins/mail.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { security } from './plugins/security.ts';
import { portalStatic } from './plugins/static.ts';
import { resolveRequestTenant, tenant } from './plugins/tenant.ts';
import { trustProxyOption } from './trust-proxy.ts';

export const APP_VERSION = '0.1.0';

export interface AppOptions {
  config: AppConfig;
  database: DatabaseHandle;
}

/** The human check; every host's instance accepts the challenges of the others (same key, shared store). */
function humanCheckOf(app: FastifyInstance, config: AppConfig) {
  return createHumanCheck({
    hmacKey: config.altchaHmacKey ?? app.derivedKey('altcha').toString('hex'),
    cost: config.altchaCost,
    maxNumber: config.altchaMaxNumber,
  });
}

/** /api: every call needs the tenant app's client credential; a valid access token sets request.user. */
const apiHost: FastifyPluginAsync<AppOptions> = async (app, { config }) => {
  app.addHook('onRequest', resolveRequestTenant);
  app.addHook('onRequest', requireClientCredential);
  app.addHook('onRequest', identifyUser);
  await app.register(hostInfoRoutes('api', APP_VERSION));
  const humanCheck = humanCheckOf(app, config);
  await app.register(authRoutes, {
    prefix: '/auth',
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    humanCheck,
  });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(notificationRoutes, { prefix: '/notifications' });
  await app.register(contactRoutes, { prefix: '/contact', humanCheck });
  await app.register(oracleAccountRoutes, { prefix: '/oracle', humanCheck });
  await app.register(serviceRequestRoutes, { prefix: '/oracle', humanCheck });
  await app.register(billingRoutes, { prefix: '/oracle' });
  await app.register(billPdfRoutes, { prefix: '/oracle' });
  await app.register(platformRoutes, { prefix: '/paymentus' });
  await app.register(customerPaymentRoutes, { prefix: '/paymentus' });
  await app.register(autopayRoutes, { prefix: '/paymentus' });
  await app.register(greenButtonRoutes, { prefix: '/usage' });
  await app.register(staffRoutes, { prefix: '/staff', publicUrl: config.publicUrl });
  await app.register(adminRoutes, { prefix: '/admin', publicUrl: config.publicUrl });
  await app.register(adminLanguagesRoutes, { prefix: '/admin' });
  await app.register(adminContentRoutes, { prefix: '/admin' });
  await app.register(peopleRoutes, { prefix: '/admin', publicUrl: config.publicUrl });
  await app.register(knowledgeRoutes, { prefix: '/admin' });
  await app.register(adminSettingsRoutes, { prefix: '/admin' });
  await app.register(siteKeysRoutes, { prefix: '/admin' });
  await app.register(rateComparisonRoutes, { prefix: '/gridx' });
  await app.register(insightsRoutes, { prefix: '/net2grid' });
  await app.register(tenantRoutes);
  await app.register(tenantContentRoutes, { prefix: '/tenant' });
};

/** /ml: the assistant host: AI Assist's tokens, chat, stream, feedback and knowledge base. */
const mlHost: FastifyPluginAsync<AppOptions> = async (app, { config }) => {
  app.addHook('onRequest', resolveRequestTenant);
  app.addHook('onRequest', identifyUser);
  await app.register(hostInfoRoutes('ml', APP_VERSION));
  await app.register(assistantRoutes, { llm: config.assistantLlm });
  await app.register(widgetRoutes);
};

/** /pay: the payments host: payment tokens and the hosted checkout page. */
const payHost: FastifyPluginAsync<AppOptions> = async (app, { config }) => {
  app.addHook('onRequest', resolveRequestTenant);
  app.addHook('onRequest', identifyUser);
  await app.register(hostInfoRoutes('pay', APP_VERSION));
  await app.register(checkoutRoutes, { humanCheck: humanCheckOf(app, config) });
};

const hostPlugins: Record<EnabledHost, FastifyPluginAsync<AppOptions>> = {
  api: apiHost,
  ml: mlHost,
  pay: payHost,
};

const application: FastifyPluginAsync<AppOptions> = async (fastify, options) => {
  const { config, database } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);
  acceptEmptyJsonBodies(fastify);
  // Support can match a user's report to the log line by this id.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errors);
  await app.register(compression);
  await app.register(security);
  await app.register(cookie);
  await app.register(rateLimits, config.rateLimit);
  await app.register(db, { database });
  await app.register(tenant, { loopbackFallback: !config.isProduction });
  await app.register(mail, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  await app.register(retentionJob, { retention: config.retention });
  await app.register(paymentsCore);
  await app.register(autopayJob, {
    intervalSeconds: config.autopayIntervalSeconds,
    publicUrl: config.publicUrl,
  });
  await app.register(billRunJob, config);
  await app.register(notificationsJob, {
    intervalSeconds: config.notificationsIntervalSeconds,
    publicUrl: config.publicUrl,
  });
  await app.register(auth, {
    secret: config.jwtSecret ?? embeddedJwtSecret(config.dataDir),
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  });
  // The document collects routes as they are added, so it comes before them.
  if (config.hosts.includes('api')) await app.register(docs, { publicUrl: config.publicUrl });

  await app.register(healthRoutes);
  // What the log transport "sent" (codes included): only while no SMTP server is configured, never
  // in production, and only to this machine (the routes check the socket's own address).
  if (!config.isProduction && !config.smtpUrl) await app.register(devMailboxRoutes, { prefix: '/dev' });
  if (!config.isProduction) {
    await app.register(notificationDevRoutes, { prefix: '/dev', publicUrl: config.publicUrl });
  }
  for (const host of config.hosts) {
    await app.register(hostPlugins[host], { ...options, prefix: HOST_PREFIXES[host] });
  }
  // A notice's unsubscribe link: beside the API host, without its client credential (a mail
  // client follows it on its own).
  if (config.hosts.includes('api')) {
    await app.register(unsubscribeRoutes, { prefix: `${HOST_PREFIXES.api}/notifications` });
    // The brand's images, for <img> tags that cannot send the client credential.
    await app.register(brandImageRoutes, { prefix: `${HOST_PREFIXES.api}/brand-images` });
  }
  // The portal is served by the process that runs the API it talks to.
  if (config.hosts.includes('api')) await app.register(portalStatic, { portalDist: config.portalDist });
};

/** Registered with fastify-plugin so the error and not-found handlers apply to the root instance. */
export const app = fp(application, { name: 'gridfront' });

/** Fastify options shared by the server and the tests (logger excluded). */
export function serverOptions(config: AppConfig): FastifyServerOptions {
  return {
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    // Slow-loris guard: the whole request must arrive within this time.
    requestTimeout: 30_000,
    // Longer than common load balancers' idle timeout (60 s), so they close first.
    keepAliveTimeout: 72_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
}

export async function buildApp(
  options: AppOptions,
  fastifyOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const instance = Fastify({ ...serverOptions(options.config), ...fastifyOptions });
  await instance.register(app, options);
  return instance;
}
