import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadConfig', () => {
  it('gives local defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      hosts: ['api', 'ml', 'pay'],
      publicUrl: 'http://localhost:8080',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      portalDist: 'apps/portal/dist',
      seedOnEmpty: true,
      seedAccounts: 200,
      logLevel: 'info',
    });
  });

  it('names every bad variable in one error', () => {
    const error = problemsOf({
      PORT: 'eighty',
      HOSTS: 'api,web',
      NODE_ENV: 'staging',
      SEED_ON_EMPTY: 'maybe',
    });
    expect(error.problems.map((p) => p.key).sort()).toEqual(['HOSTS', 'NODE_ENV', 'PORT', 'SEED_ON_EMPTY']);
    for (const key of ['PORT', 'HOSTS', 'NODE_ENV', 'SEED_ON_EMPTY'])
      expect(error.message).toContain(`${key}:`);
    expect(error.message).toContain('unknown: web');
  });

  it('requires a long JWT_SECRET in production and with a shared PostgreSQL', () => {
    expect(problemsOf({ NODE_ENV: 'production' }).message).toMatch(/JWT_SECRET: is required in production/);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'short' }).message).toMatch(
      /JWT_SECRET: must be at least 32 characters/,
    );
    expect(problemsOf({ DATABASE_URL: 'postgres://db.internal/gridfront' }).message).toMatch(
      /JWT_SECRET: is required with DATABASE_URL/,
    );
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('rejects URLs of the wrong kind, treats empty values as unset and lets overrides win', () => {
    const error = problemsOf({
      DATABASE_URL: 'mysql://x/y',
      JWT_SECRET: 'y'.repeat(40),
      SMTP_URL: 'http://mail',
      PUBLIC_URL: 'nope',
    });
    expect(error.problems.map((p) => p.key).sort()).toEqual(['DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL']);
    const config = loadConfig(
      { PORT: '', HOSTS: 'api,ml,pay', PUBLIC_URL: 'https://portal.example/' },
      { HOSTS: 'ML, ml' },
    );
    expect(config.port).toBe(8080);
    expect(config.hosts).toEqual(['ml']);
    expect(config.publicUrl).toBe('https://portal.example');
  });
});
