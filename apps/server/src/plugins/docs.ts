// The OpenAPI 3.1 document, generated from the zod route schemas, at /api/docs/json, and a
// reference page at /api/docs. Registered before any route so that every route is collected.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

// Swagger UI sets style attributes from script, so its page alone allows inline styles.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface DocsPluginOptions {
  publicUrl: string;
}

const docsPlugin: FastifyPluginAsync<DocsPluginOptions> = async (app, options) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gridfront API',
        description:
          "Every /api call carries the tenant app's Basic client credential in Authorization; signed-in calls add the user's access token in X-Access-Token.",
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          clientCredential: {
            type: 'http',
            scheme: 'basic',
            description: "The tenant app's public client credential",
          },
          accessToken: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Access-Token',
            description: 'Access token from /api/auth/login',
          },
          widgetToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'AI Assist widget session token from /ml/create-tokens',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
};

export const docs = fp(docsPlugin, { name: 'docs' });
