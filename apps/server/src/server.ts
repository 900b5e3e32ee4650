// Starts the process: config, logger, database (migrated, seeded when empty), listen, and a
// graceful shutdown that lets in-flight requests finish on SIGTERM/SIGINT.
import { parseArgs } from 'node:util';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnvFile } from './config.ts';
import { demoLoginToAnnounce, prepareDatabase } from './plugins/prepare-database.ts';
import { describeGlobalRateLimit } from './plugins/rate-limit.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig() {
  try {
    const { values } = parseArgs({ options: { hosts: { type: 'string' } }, strict: true });
    loadDotEnvFile();
    return loadConfig(process.env, { HOSTS: values.hosts });
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else
      console.error(
        `${error instanceof Error ? error.message : error}\nUsage: server.ts [--hosts api,ml,pay]`,
      );
    process.exit(1);
  }
}

async function main() {
  const config = readConfig();
  const database = await prepareDatabase(config, (line) => console.log(line));
  const demoLogin = await demoLoginToAnnounce(config, database);
  const app = await buildApp(
    { config, database },
    {
      logger: {
        level: config.logLevel,
        redact: [
          'req.headers.authorization',
          'req.headers["x-access-token"]',
          'req.headers["x-pending-token"]',
          'req.headers.cookie',
        ],
      },
    },
  );

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Fastify stops accepting, waits for open requests, then the database goes.
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // With PORT=0 the system picks the port; show the real one.
  const address = app.server.address();
  const url =
    config.port === 0 && address && typeof address === 'object'
      ? `http://localhost:${address.port}`
      : config.publicUrl;
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  // From the start of the process (performance's time origin) to accepting connections.
  const readySeconds = (performance.now() / 1000).toFixed(1);
  console.log(
    `\nGridfront (${config.hosts.join(', ')}) is listening at ${url} on ${where}, ready in ${readySeconds} s` +
      `\n${describeGlobalRateLimit(config.rateLimit)}` +
      (demoLogin ? `\nDemo login: ${demoLogin.username} / ${demoLogin.password}` : '') +
      (config.hosts.includes('api') ? `\nAPI reference: ${url}/api/docs\n` : '\n'),
  );
}

main().catch((error: unknown) => {
  console.error('Gridfront failed to start:', error);
  process.exit(1);
});
