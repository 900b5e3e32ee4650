// Makes the opened database available as `app.db` (and the handle as `app.database`). The caller
// opens and closes it: server.ts at start and shutdown, the test harness per test file.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

export interface DbPluginOptions {
  database: DatabaseHandle;
}

const dbPlugin: FastifyPluginAsync<DbPluginOptions> = async (app, options) => {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
};

export const db = fp(dbPlugin, { name: 'db' });
