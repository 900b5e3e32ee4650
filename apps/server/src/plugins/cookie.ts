// Cookie parsing and setting (refresh token cookie, the spec's accessToken cookie).
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const cookiePlugin: FastifyPluginAsync = async (app) => {
  await app.register(fastifyCookie, { hook: 'onRequest' });
};

export const cookie = fp(cookiePlugin, { name: 'cookie' });
