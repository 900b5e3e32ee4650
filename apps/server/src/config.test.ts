import { describe, expect, it } from 'vitest';
import { ConfigError, decideSeedOnEmpty, loadConfig } from './config.ts';

const SMTP = 'smtp://mail.internal:587';

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
    expect(problemsOf({ NODE_ENV: 'production', SMTP_URL: SMTP }).message).toMatch(
      /JWT_SECRET: is required in production/,
    );
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'short' }).message).toMatch(
      /JWT_SECRET: must be at least 32 characters/,
    );
    expect(problemsOf({ DATABASE_URL: 'postgres://db.internal/gridfront' }).message).toMatch(
      /JWT_SECRET: is required with DATABASE_URL/,
    );
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SMTP_URL: SMTP }).jwtSecret).toBe(secret);
  });

  it('refuses production without SMTP_URL, naming it', () => {
    const error = problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(error.problems.map((p) => p.key)).toEqual(['SMTP_URL']);
    expect(error.message).toMatch(/SMTP_URL: is required in production/);
    // Outside production the log transport and the dev mailbox stand in for SMTP.
    expect(loadConfig({ NODE_ENV: 'development' }).smtpUrl).toBeUndefined();
  });

  it('seeds the demo utility by default outside production only; an explicit value wins', () => {
    expect(decideSeedOnEmpty('production', undefined)).toBe(false);
    expect(decideSeedOnEmpty('production', true)).toBe(true);
    expect(decideSeedOnEmpty('development', undefined)).toBe(true);
    expect(decideSeedOnEmpty('development', false)).toBe(false);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SMTP_URL: SMTP };
    expect(loadConfig(production).seedOnEmpty).toBe(false);
    expect(loadConfig({ ...production, SEED_ON_EMPTY: 'true' }).seedOnEmpty).toBe(true);
  });

  it('refuses TRUST_PROXY=true and takes a hop count or proxy addresses instead', () => {
    const refused = problemsOf({ TRUST_PROXY: 'true' });
    expect(refused.problems.map((p) => p.key)).toEqual(['TRUST_PROXY']);
    expect(refused.message).toMatch(/TRUST_PROXY: true is refused/);
    expect(refused.message).toMatch(/number of proxies/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,fd00::/8' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8'],
    });
    const bad = problemsOf({ TRUST_PROXY: '10.0.0.0/33,proxy.internal' });
    expect(bad.message).toMatch(/not an address: 10\.0\.0\.0\/33, proxy\.internal/);
    expect(problemsOf({ TRUST_PROXY: '11' }).problems.map((p) => p.key)).toEqual(['TRUST_PROXY']);
  });

  it('keeps history for the documented retention days, configurable and at least one day', () => {
    expect(loadConfig({}).retention).toEqual({ outbox: 30, audit: 365, tokens: 30, assistant: 90 });
    expect(
      loadConfig({
        RETENTION_OUTBOX_DAYS: '7',
        RETENTION_AUDIT_DAYS: '730',
        RETENTION_TOKENS_DAYS: '1',
        RETENTION_ASSISTANT_DAYS: '30',
      }).retention,
    ).toEqual({ outbox: 7, audit: 730, tokens: 1, assistant: 30 });
    expect(problemsOf({ RETENTION_AUDIT_DAYS: '0' }).problems.map((p) => p.key)).toEqual([
      'RETENTION_AUDIT_DAYS',
    ]);
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
